// Migration 20261129053700_rows_fit_their_forms, replayed on rows written the
// old way: campaigns with budget pacing on and no (or no valid) pacing option
// get Daily Hourly weightage, the even pacing they always had, and a lifetime
// frequency cap gets its 30 days; the demo's creatives get the demo
// ad-marking identifiers their type needs. Each changed row has its version
// bump and a System activity row; everything else is left alone, and the
// changed rows then save unchanged through their own form's PATCH.
import "../helpers/next-cache-double";
import fs from "node:fs";
import path from "node:path";
import { db } from "@/lib/db";
import { updateResource } from "@/lib/api/execute";
import { restResource } from "@/lib/api/resources";
import type { SessionContext } from "@/lib/auth/context";
import { campaignPacingSubject } from "@/lib/campaigns/pacing";
import { pacingOptionOf } from "@/lib/campaigns/queries";
import { useTestDatabase } from "../helpers/db";
import * as f from "../helpers/factories";

const database = useTestDatabase();
jest.setTimeout(120_000);

const MIGRATION = path.join(process.cwd(), "prisma/migrations/20261129053700_rows_fit_their_forms/migration.sql");
const replay = () => database.handle.raw.exec(`BEGIN;\n${fs.readFileSync(MIGRATION, "utf8")}\n;COMMIT;`);

const DEMO_MARKING = { kktuCode: "30.10.1", person: "Demo Creative Studio", erId: "ER-DEMO-0001" };

async function activityOf(entityType: "CAMPAIGN" | "CREATIVE", entityId: number) {
  const logs = await db.activityLog.findMany({ where: { entityType, entityId }, include: { fields: { orderBy: { id: "asc" } } } });
  return logs.map((l) => ({ user: [l.userId, l.userName, l.action], fields: l.fields.map((x) => [x.fieldName, x.oldValue, x.newValue]) }));
}

/** PATCH with only the version, as the REST route runs it: the answer's version (unchanged when nothing was written). */
async function patchNothing(ctx: SessionContext, resourcePath: string, id: number, version: number) {
  const request = new Request(`http://localhost/api/v1/${resourcePath}/${id}`, { method: "PATCH", body: JSON.stringify({ version }) });
  return (await updateResource(restResource(resourcePath)!, ctx, String(id), request)).version;
}

test("campaigns paced without an option keep pacing on with the even option they paced by; caps get their 30 days", async () => {
  const { licensee, ctx } = await f.makeTenant();
  const advertiser = await f.makeAdvertiser(licensee.id);
  const pixel = await f.makePixel(advertiser);
  const campaign = (overrides: Parameters<typeof f.makeCampaign>[1]) => f.makeCampaign(advertiser, { pixelId: pixel.id, ...overrides });
  const noOption = await campaign({ name: "Paced, no option", budgetPacing: true, flowRate: null, lifetimeUserFcap: 20, userFcapDuration: null });
  const unknownOption = await campaign({ name: "Paced, unknown option", budgetPacing: true, flowRate: "3" });
  const lifetimeAsap = await campaign({ name: "Lifetime ASAP", budgetPacing: true, flowRate: "1", lifetimeUserFcap: 20, userFcapDuration: 2_592_000 });
  const off = await campaign({ name: "Not paced", budgetPacing: false, flowRate: null, lifetimeUserFcap: 0, userFcapDuration: null });
  const before = await db.campaign.findMany({ orderBy: { id: "asc" } });

  await replay();

  const after = await db.campaign.findMany({ orderBy: { id: "asc" } });
  const byId = new Map(after.map((c) => [c.id, c]));
  const row = (id: number) => byId.get(id)!;
  expect([row(noOption.id), row(unknownOption.id)].map((c) => [c.budgetPacing, c.flowRate?.toString(), pacingOptionOf(c.budgetPacing, String(c.flowRate)), c.version])).toEqual([
    [true, "10", "DAILY_HOURLY_WEIGHTAGE", 2],
    [true, "10", "DAILY_HOURLY_WEIGHTAGE", 2],
  ]);
  expect(row(noOption.id).userFcapDuration).toBe(30 * 86_400);
  // What the pacing code reads from each row is what it read before: ASAP or even, per window.
  for (const c of before) expect(campaignPacingSubject(row(c.id))).toEqual(campaignPacingSubject(c));
  // Rows that already fit their form are left as they were.
  expect(after.filter((c) => c.id === lifetimeAsap.id || c.id === off.id)).toEqual(before.filter((c) => c.id === lifetimeAsap.id || c.id === off.id));

  expect(await activityOf("CAMPAIGN", noOption.id)).toEqual([
    { user: [null, "System", "UPDATE"], fields: [["flowRate", null, "10"], ["userFcapDuration", null, "2592000"]] },
  ]);
  expect(await activityOf("CAMPAIGN", unknownOption.id)).toEqual([{ user: [null, "System", "UPDATE"], fields: [["flowRate", "3", "10"]] }]);
  expect(await activityOf("CAMPAIGN", lifetimeAsap.id)).toEqual([]);

  // The campaign's own form now saves it unchanged (it answered 400 "Choose a budget pacing option" before).
  expect(await patchNothing(ctx, "campaigns", noOption.id, 2)).toBe(2);
  // A second run finds nothing left to change.
  await replay();
  expect(await db.activityLog.count()).toBe(2);
});

test("the demo's creatives get the demo ad-marking identifiers their type needs; a user's creatives are never guessed at", async () => {
  const { licensee, ctx } = await f.makeTenant();
  const advertiser = await f.makeAdvertiser(licensee.id);
  const demo = await f.makeCreative(advertiser, { type: "IMAGE", fileUrl: "/demo/creatives/300x250.svg" });
  const demoWithCode = await f.makeCreative(advertiser, { type: "NATIVE_IMAGE", fileUrl: "/demo/creatives/1200x627.svg", kktuCode: "KKTU-2026" });
  const demoTag = await f.makeCreative(advertiser, { type: "THIRD_PARTY_AD_TAGS", fileUrl: "/demo/creatives/300x250.svg" });
  const users = await f.makeCreative(advertiser, { type: "VIDEO", fileUrl: "/files/creatives/clip.mp4" });

  await replay();

  const row = (id: number) => db.creative.findUniqueOrThrow({ where: { id }, select: { kktuCode: true, person: true, erId: true, version: true } });
  expect(await row(demo.id)).toEqual({ ...DEMO_MARKING, version: 2 });
  expect(await row(demoWithCode.id)).toEqual({ ...DEMO_MARKING, kktuCode: "KKTU-2026", version: 2 });
  expect(await row(demoTag.id)).toEqual({ kktuCode: null, person: null, erId: null, version: 1 });
  expect(await row(users.id)).toEqual({ kktuCode: null, person: null, erId: null, version: 1 });
  expect(await activityOf("CREATIVE", demoWithCode.id)).toEqual([
    { user: [null, "System", "UPDATE"], fields: [["person", null, DEMO_MARKING.person], ["erId", null, DEMO_MARKING.erId]] },
  ]);
  expect(await patchNothing(ctx, "creatives", demo.id, 2)).toBe(2);
});
