// The partner (DMP) segment catalogue (lib/partner-segments): loaded by REST
// as a JSON array or CSV, upserted on provider + provider segment id with
// activity rows; a bad row refuses the load at its row and field and writes
// nothing; searched by name, taxonomy path and provider with server paging;
// another licensee's segments are never seen; read-only callers cannot load.
// DMP audiences pick their segment from it and show its size as their reach
// estimate; one saved with a free-text name before the catalogue still reads.
import { db } from "@/lib/db";
import { createApiKey } from "@/lib/account/api-keys";
import { executeAction } from "@/lib/actions/define-action";
import { toActionError } from "@/lib/actions/server-result";
import { DMP_ACCESS_SETTING } from "@/lib/audiences/dmp/messages";
import { createAudience, updateAudience } from "@/lib/audiences/mutations";
import { getAudienceOrThrow } from "@/lib/audiences/queries";
import { AUDIENCE_MESSAGES } from "@/lib/audiences/schema";
import { audienceListAdapter } from "@/lib/audiences/list";
import { scopeOf } from "@/lib/data/scope";
import { loadPartnerSegmentsAction } from "@/lib/partner-segments/actions";
import { PARTNER_SEGMENT_MESSAGES } from "@/lib/partner-segments/schema";
import { useTestDatabase } from "../helpers/db";
import { callApi } from "../helpers/rest-api";
import * as f from "../helpers/factories";

useTestDatabase();

const segment = (i: number, overrides: Record<string, unknown> = {}) => ({
  provider: i % 2 ? "Eyeota" : "Oracle Data Cloud",
  providerSegmentId: `seg-${i}`,
  name: `Segment ${i}`,
  taxonomyPath: i < 5 ? `Auto > Intenders > Model ${i}` : `Travel > Holidays > Trip ${i}`,
  size: 1000 * (i + 1),
  cpm: "1.250000",
  ...overrides,
});

async function keysOf(ctx: Parameters<typeof scopeOf>[0]) {
  return {
    rw: (await createApiKey(scopeOf(ctx), { name: "rw", scope: "READ_WRITE" })).secret,
    ro: (await createApiKey(scopeOf(ctx), { name: "ro", scope: "READ_ONLY" })).secret,
  };
}

type Page = { respObject: { rows: Array<{ name: string; taxonomyPath: string; cpm: string; size: number }>; total: number } };

test("a load with one bad row is refused at its row and field and writes nothing; a good one upserts with activity rows", async () => {
  const { ctx, licensee } = await f.makeTenant("RW");
  const { rw } = await keysOf(ctx);
  const bad = await callApi("POST", "/partner-segments", rw, [segment(0), segment(1, { cpm: "-1" }), segment(2, { taxonomyPath: "Auto >  > SUV" }), segment(0)]);
  expect(bad.status).toBe(400);
  expect(bad.body).toMatchObject({
    error: {
      message: "3 of 4 rows were refused; nothing was written",
      fieldErrors: {
        "rows.2.cpm": PARTNER_SEGMENT_MESSAGES.cpm,
        "rows.3.taxonomyPath": PARTNER_SEGMENT_MESSAGES.taxonomy,
        "rows.4.providerSegmentId": `${PARTNER_SEGMENT_MESSAGES.duplicate} (row 1)`,
      },
    },
  });
  expect(await db.partnerSegment.count({ where: { licenseeId: licensee.id } })).toBe(0);

  const loaded = await callApi("POST", "/partner-segments", rw, Array.from({ length: 12 }, (_, i) => segment(i)));
  expect(loaded).toMatchObject({ status: 200, body: { respObject: { rows: 12, created: 12, updated: 0, unchanged: 0 } } });
  // Again with one change, as CSV: upserted on provider + id, never doubled; the amount is kept exactly.
  const csv = "provider,providerSegmentId,name,taxonomyPath,size,cpm,active\nEyeota,seg-1,Renamed,Auto>Intenders>Model 1,2000,0.123456,false\nOracle Data Cloud,seg-0,Segment 0,Auto > Intenders > Model 0,1000,1.25,\n";
  expect(await callApi("POST", "/partner-segments", rw, csv, "text/csv")).toMatchObject({ status: 200, body: { respObject: { rows: 2, created: 0, updated: 1, unchanged: 1 } } });
  expect(await db.partnerSegment.count({ where: { licenseeId: licensee.id } })).toBe(12);
  const renamed = await db.partnerSegment.findFirstOrThrow({ where: { licenseeId: licensee.id, providerSegmentId: "seg-1" } });
  expect({ name: renamed.name, taxonomyPath: renamed.taxonomyPath, cpm: renamed.cpm.toFixed(), active: renamed.active }).toEqual({
    name: "Renamed", taxonomyPath: "Auto > Intenders > Model 1", cpm: "0.123456", active: false,
  });
  const logs = await db.activityLog.findMany({ where: { licenseeId: licensee.id, entityType: "PARTNER_SEGMENT" }, include: { fields: true } });
  expect(logs.filter((l) => l.action === "CREATE")).toHaveLength(12);
  const update = logs.find((l) => l.action === "UPDATE")!;
  expect(update.fields.map((x) => x.fieldName).sort()).toEqual(["active", "cpm", "name"]);
});

test("search by taxonomy text pages on the server; another licensee's segments are invisible; read-only callers cannot load (403)", async () => {
  const { ctx, licensee } = await f.makeTenant("RW");
  const { rw, ro } = await keysOf(ctx);
  await callApi("POST", "/partner-segments", rw, Array.from({ length: 12 }, (_, i) => segment(i)));
  const other = await f.makeTenant("RW");
  const otherKeys = await keysOf(other.ctx);
  await callApi("POST", "/partner-segments", otherKeys.rw, [segment(0, { name: "Other licensee's", taxonomyPath: "Auto > Intenders > Theirs" })]);

  const first = await callApi("GET", "/partner-segments?q=intenders%20%3E%20model&page=1&size=2", ro);
  expect(first.status).toBe(200);
  const page1 = (first.body as Page).respObject;
  expect(page1.total).toBe(5);
  expect(page1.rows.map((r) => r.taxonomyPath)).toEqual(["Auto > Intenders > Model 1", "Auto > Intenders > Model 3"]);
  const page3 = ((await callApi("GET", "/partner-segments?q=INTENDERS&page=3&size=2", ro)).body as Page).respObject;
  expect(page3.rows.map((r) => r.name)).toEqual(["Segment 4"]);
  const byProvider = ((await callApi("GET", "/partner-segments?q=travel&provider=eyeota", ro)).body as Page).respObject;
  // By provider, then taxonomy path as text ("Trip 11" before "Trip 5").
  expect(byProvider.rows.map((r) => r.name)).toEqual(["Segment 11", "Segment 5", "Segment 7", "Segment 9"]);
  expect(byProvider.rows[1]).toMatchObject({ cpm: "1.25", size: 6000 });
  // The other licensee sees only its own.
  const theirs = ((await callApi("GET", "/partner-segments?q=auto", otherKeys.ro)).body as Page).respObject;
  expect(theirs.rows.map((r) => r.name)).toEqual(["Other licensee's"]);

  expect((await callApi("POST", "/partner-segments", ro, [segment(20)])).status).toBe(403);
  const roUser = await f.makeUser("ro.segments@example.com", [{ licenseeId: licensee.id, role: "RO" }]);
  const roCtx = await f.ctxFor(roUser.id, licensee.id);
  expect(await executeAction(loadPartnerSegmentsAction.definition, roCtx, { rows: [segment(20)] }).then(() => null, (e: unknown) => toActionError(e).status)).toBe(403);
  expect(await db.partnerSegment.count({ where: { licenseeId: licensee.id } })).toBe(12);
});

const dmpForm = (advertiserId: number, partnerSegmentId: number | string) => ({
  advertiserId, name: "SUV intenders", description: "", source: "DMP", kind: "CRM", deviceIdentifier: "ADID", consentType: "BOTH",
  osTypeId: "", userExpiryDays: "30", partnerSegmentId, seedAudienceId: "", ruleGroups: [],
});

test("a DMP audience saved with a catalogue segment shows its size as reach estimate; a free-text one still reads and must pick to be saved", async () => {
  const { ctx, licensee, advertiser } = await f.makeTenantWithAdvertiser("RW");
  await db.advertiserSetting.create({ data: { licenseeId: licensee.id, advertiserId: advertiser.id, key: DMP_ACCESS_SETTING, type: "BOOLEAN", value: "true" } });
  await executeAction(loadPartnerSegmentsAction.definition, ctx, { rows: [segment(0, { size: "1,250,000" })] });
  const suv = await db.partnerSegment.findFirstOrThrow({ where: { licenseeId: licensee.id } });

  const created = await createAudience(scopeOf(ctx), dmpForm(advertiser.id, suv.id));
  expect(created).toMatchObject({ source: "DMP", partnerSegmentId: suv.id, reachEstimate: 1_250_000, partnerSegment: { provider: "Oracle Data Cloud", taxonomyPath: "Auto > Intenders > Model 0" } });
  const [listed] = await audienceListAdapter("DMP").byIds(ctx, [created.id]);
  expect(listed.segment).toBe("Oracle Data Cloud: Segment 0 (Auto > Intenders > Model 0) · 1,250,000 users");

  // Another licensee's segment is not found: a field error, nothing written.
  const other = await f.makeTenant("RW");
  await executeAction(loadPartnerSegmentsAction.definition, other.ctx, { rows: [segment(1)] });
  const theirs = await db.partnerSegment.findFirstOrThrow({ where: { licenseeId: other.licensee.id } });
  const refused = await createAudience(scopeOf(ctx), dmpForm(advertiser.id, theirs.id)).then(() => null, (e: unknown) => toActionError(e));
  expect(refused).toMatchObject({ status: 400, fieldErrors: { partnerSegmentId: AUDIENCE_MESSAGES.partnerSegmentInvalid } });

  // Saved before the catalogue: it reads with its name, unchanged; saving it needs a catalogue segment.
  const legacy = await f.makeAudience({ id: advertiser.id, licenseeId: licensee.id }, { source: "DMP", kind: "CRM", dmpSegment: "auto-intenders" });
  const read = await getAudienceOrThrow(ctx, legacy.id);
  expect(read).toMatchObject({ dmpSegment: "auto-intenders", partnerSegment: null, reachEstimate: null });
  const noPick = await updateAudience(scopeOf(ctx), legacy.id, legacy.version, dmpForm(advertiser.id, "")).then(() => null, (e: unknown) => toActionError(e));
  expect(noPick).toMatchObject({ status: 400, fieldErrors: { partnerSegmentId: AUDIENCE_MESSAGES.dmpSegmentRequired } });
  expect((await db.audience.findUniqueOrThrow({ where: { id: legacy.id } })).dmpSegment).toBe("auto-intenders");
  const picked = await updateAudience(scopeOf(ctx), legacy.id, legacy.version, dmpForm(advertiser.id, suv.id));
  expect(picked).toMatchObject({ partnerSegmentId: suv.id, reachEstimate: 1_250_000, dmpSegment: null });
});
