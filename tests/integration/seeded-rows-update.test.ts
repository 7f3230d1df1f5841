// Every row the demo seed writes can be saved back as it is. For every entity
// of the registry with a REST update, each of its rows the API lists (in both
// demo licensees) is PATCHed with only its version: exactly what a user's
// PATCH or an untouched edit form runs (the stored values as the form shows
// them, the entity's update schema, the mutation's own checks). A row its own
// schema refuses would answer 400 to someone who changed nothing wrong
// ("Choose a budget pacing option" for a name change). The entities come from
// the registry, so a new one is covered once it is registered; each must have
// seeded rows, so the check cannot pass by finding none.
import { db } from "@/lib/db";
import { listResource, updateResource } from "@/lib/api/execute";
import { restResources } from "@/lib/api/resources";
import type { ResourceView, RestResource } from "@/lib/api/resource";
import type { SessionContext } from "@/lib/auth/context";
import { toActionError } from "@/lib/data/action-result";
import { seedDatabase } from "@/lib/seed";
import { useTestDatabase } from "../helpers/db";
import * as f from "../helpers/factories";

jest.mock("next/cache", () => ({ revalidatePath: jest.fn(), revalidateTag: jest.fn() }));

const t = useTestDatabase();
jest.setTimeout(300_000);

/** Every row of the resource the API lists for this context, page after page. */
async function listedRows(resource: RestResource, ctx: SessionContext): Promise<ResourceView[]> {
  const rows: ResourceView[] = [];
  for (let page = 1; ; page++) {
    const answer = (await listResource(resource, ctx, new URL(`http://localhost/?page=${page}&size=1000`))) as { data: ResourceView[]; totalNoOfRecords: number };
    rows.push(...answer.data);
    if (answer.data.length === 0 || rows.length >= answer.totalNoOfRecords) return rows;
  }
}

/** PATCH /api/v1/{resource}/{id} with only the row's version, as the route runs it: null when it saves, else why not. */
async function patchNothing(resource: RestResource, ctx: SessionContext, row: ResourceView): Promise<string | null> {
  const request = new Request(`http://localhost/api/v1/${resource.path}/${row.id}`, {
    method: "PATCH",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ version: row.version }),
  });
  try {
    await updateResource(resource, ctx, String(row.id), request);
    return null;
  } catch (e) {
    const failure = toActionError(e);
    return `${failure.status} ${JSON.stringify(failure.fieldErrors ?? failure.formError)}`;
  }
}

test("a PATCH with only its version saves every seeded row of every updatable entity", async () => {
  await seedDatabase(t.handle, { days: 0 });
  // The demo's RW user is a member of both licensees.
  const user = await db.user.findUniqueOrThrow({ where: { email: "rw@default.test" } });
  const updatable = restResources().filter((r) => r.update);
  expect(updatable.length).toBeGreaterThan(5);

  const refused: string[] = [];
  const rowsPerResource = new Map(updatable.map((r) => [r.path, 0]));
  for (const licensee of await db.licensee.findMany({ orderBy: { id: "asc" } })) {
    const ctx = await f.ctxFor(user.id, licensee.id);
    for (const resource of updatable) {
      const rows = await listedRows(resource, ctx);
      rowsPerResource.set(resource.path, rowsPerResource.get(resource.path)! + rows.length);
      for (const row of rows) {
        const why = await patchNothing(resource, ctx, row);
        if (why) refused.push(`${licensee.name}: ${resource.path}/${row.id}: ${why}`);
      }
    }
  }
  expect(refused).toEqual([]);
  expect([...rowsPerResource].filter(([, count]) => count === 0)).toEqual([]);
});
