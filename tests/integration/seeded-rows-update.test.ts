// Every row the demo seed writes can be saved back as it is, and saving it
// so changes nothing. For every entity of the registry with a REST update,
// each of its rows the API lists (in both demo licensees) is PATCHed with only
// its version: exactly what a user's PATCH or an untouched edit form runs (the
// stored values as the form shows them, the entity's update schema, the
// mutation's own checks). A row its own schema refuses would answer 400 to
// someone who changed nothing wrong ("Choose a budget pacing option" for a
// name change); a row the save rewrites would lose or gain values nobody
// asked for (a strategy's own frequency cap cleared). So after each PATCH the
// row's REST view and its database row must be as before, version and
// updatedAt included (an unchanged save writes nothing, in every entity), and
// no activity row is written. The entities come from the registry, so a new
// one is covered once it is registered; each must have seeded rows, so the
// check cannot pass by finding none.
import "../helpers/next-cache-double";
import { db } from "@/lib/db";
import { getResource, listResource, updateResource } from "@/lib/api/execute";
import { restResources } from "@/lib/api/resources";
import type { ResourceView, RestResource } from "@/lib/rest/resource";
import type { SessionContext } from "@/lib/auth/context";
import { toActionError } from "@/lib/actions/server-result";
import { seedDatabase } from "@/lib/seed";
import { useTestDatabase } from "../helpers/db";
import * as f from "../helpers/factories";

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

type Delegate = { findUniqueOrThrow(args: { where: { id: number } }): Promise<Record<string, unknown>> };

/** The database table of a resource: its Prisma model, named like its schema ("ClickDestination" → clickDestination). */
function tableOf(resource: RestResource): Delegate {
  const name = resource.schemaName.charAt(0).toLowerCase() + resource.schemaName.slice(1);
  const delegate = (db as unknown as Record<string, Delegate | undefined>)[name];
  if (!delegate) throw new Error(`no Prisma model "${name}" for the REST resource ${resource.path}`);
  return delegate;
}

const text = (value: unknown) => JSON.stringify(value, (_key, v: unknown) => (typeof v === "bigint" ? `${v}n` : v)) ?? "undefined";

/** "path: old → new" for every leaf that differs (objects compared key by key, anything else as JSON). */
function differences(before: unknown, after: unknown, path: string): string[] {
  if (text(before) === text(after)) return [];
  const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v) && !(v instanceof Date);
  if (isRecord(before) && isRecord(after)) {
    return [...new Set([...Object.keys(before), ...Object.keys(after)])].flatMap((key) => differences(before[key], after[key], path ? `${path}.${key}` : key));
  }
  return [`${path}: ${text(before)} → ${text(after)}`];
}

/**
 * PATCH /api/v1/{resource}/{id} with only the row's version, as the route
 * runs it: null when it saves and changes nothing, else why not or what
 * changed (in the REST view, and in the database row as "row.<column>").
 */
async function patchNothing(resource: RestResource, ctx: SessionContext, id: number): Promise<string | null> {
  const table = tableOf(resource);
  const view = await getResource(resource, ctx, id);
  const row = await table.findUniqueOrThrow({ where: { id } });
  const request = new Request(`http://localhost/api/v1/${resource.path}/${id}`, {
    method: "PATCH",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ version: view.version }),
  });
  let viewAfter: ResourceView;
  try {
    viewAfter = await updateResource(resource, ctx, String(id), request);
  } catch (e) {
    const failure = toActionError(e);
    return `${failure.status} ${JSON.stringify(failure.fieldErrors ?? failure.formError)}`;
  }
  const changed = [...differences(view, viewAfter, ""), ...differences(row, await table.findUniqueOrThrow({ where: { id } }), "row")];
  return changed.length ? `changed ${changed.join("; ")}` : null;
}

test("a PATCH with only its version saves every seeded row of every updatable entity and changes nothing", async () => {
  await seedDatabase(t.handle, { days: 0 });
  // The demo's RW user is a member of both licensees.
  const user = await db.user.findUniqueOrThrow({ where: { email: "rw@default.test" } });
  const updatable = restResources().filter((r) => r.update);
  expect(updatable.length).toBeGreaterThan(5);
  const activityBefore = await db.activityLog.count();

  const refused: string[] = [];
  const rowsPerResource = new Map(updatable.map((r) => [r.path, 0]));
  for (const licensee of await db.licensee.findMany({ orderBy: { id: "asc" } })) {
    const ctx = await f.ctxFor(user.id, licensee.id);
    for (const resource of updatable) {
      const rows = await listedRows(resource, ctx);
      rowsPerResource.set(resource.path, rowsPerResource.get(resource.path)! + rows.length);
      for (const row of rows) {
        const why = await patchNothing(resource, ctx, row.id);
        if (why) refused.push(`${licensee.name}: ${resource.path}/${row.id}: ${why}`);
      }
    }
  }
  expect(refused).toEqual([]);
  expect([...rowsPerResource].filter(([, count]) => count === 0)).toEqual([]);
  expect(await db.activityLog.count()).toBe(activityBefore);
});
