// business.md 5: a creative set and a creative each need a click destination.
// The console's actions and the REST API refuse one without (400, the message
// beside the field) and write nothing; the OpenAPI document says the field is
// required; an HLS conversion's videos take the one named or their set's, and
// a conversion that would make creatives without one is refused. Rows stored before the rule was enforced are not changed behind
// anyone's back: the operator's report lists them, the lists mark them, and
// their edit must choose one before it saves.
import "../helpers/next-cache-double";
import type { oas31 } from "zod-openapi";
import { db } from "@/lib/db";
import { GET as openApiRoute } from "@/app/api/v1/openapi.json/route";
import { createApiKey } from "@/lib/account/api-keys";
import { scopeOf } from "@/lib/data/scope";
import { createCreativeSetAction, updateCreativeSetAction } from "@/lib/creative-sets/actions";
import { missingClickDestinations, reportLines } from "@/lib/creative-sets/click-destination-report";
import { creativeSetFormValues, toCreativeSetDetails } from "@/lib/creative-sets/queries";
import { CREATIVE_SET_MESSAGES } from "@/lib/creative-sets/rules";
import { saveCreativesAction, updateCreativeAction } from "@/lib/creatives/actions";
import { startHlsConversionAction } from "@/lib/creatives/convert/actions";
import { START_MESSAGES } from "@/lib/creatives/convert/mutations";
import { loadCreativeListView } from "@/lib/creatives/list";
import { CREATIVE_MESSAGES } from "@/lib/creatives/schema";
import { loadListView } from "@/lib/entities/lists";
import { DEMO_AD_MARKING } from "@/lib/seed/form-values";
import { useTestDatabase } from "../helpers/db";
import * as f from "../helpers/factories";
import { callApi } from "../helpers/rest-api";
import { activityRows, fieldsOf } from "../helpers/activity";
import { enqueueMock } from "../helpers/job-queue";
import { requireSessionMock } from "../helpers/session-mock";

// The actions' session is the test's; the REST API authenticates its key as ever.
jest.mock("@/lib/auth/session", () => ({ ...jest.requireActual("@/lib/auth/session"), requireSession: jest.fn() }));
jest.mock("@/lib/jobs/queue", () => ({ enqueue: jest.fn() }));

useTestDatabase();

const REQUIRED = "Click destination is required";
const TAG = '<script src="https://ads.example.com/t.js"></script>';

async function world() {
  await f.makeUtcTimezone();
  const tenant = await f.makeTenant("RW");
  const advertiser = await f.makeAdvertiser(tenant.licensee.id, { name: "Acme" });
  const destination = await f.makeClickDestination(advertiser);
  const key = (await createApiKey(scopeOf(tenant.ctx), { name: "rest", scope: "READ_WRITE" })).secret;
  requireSessionMock.mockResolvedValue(tenant.ctx);
  return { ...tenant, advertiser, destination, key };
}

const setForm = (advertiserId: number) => ({
  advertiserId, name: "Spring banners", type: "IMAGE", timezoneId: 805, dailyMediaBudget: "",
  startTime: -1, endTime: -1, scheduledTimezoneId: 805, dcoAd: false, isPlacebo: false, sizes: ["300x250"],
});
const tagRow = { name: "Spring tag", width: 300, height: 250, kktuCode: "", person: "", erId: "", adTag: TAG };
/** The activity rows about sets and creatives (the API key's own row aside). */
const creativeActivity = async () => (await activityRows()).filter((log) => log.entityType === "CREATIVE_SET" || log.entityType === "CREATIVE");
const fieldErrors = (answer: { body: unknown }) => (answer.body as { error: { fieldErrors?: Record<string, string> } }).error.fieldErrors;

test("a creative set without a click destination is refused by the action and by POST /api/v1/creative-sets (400, beside the field); nothing is written", async () => {
  const { advertiser, destination, key } = await world();
  for (const missing of [{}, { clickDestinationId: null }, { clickDestinationId: "" }]) {
    const input = { ...setForm(advertiser.id), ...missing } as Parameters<typeof createCreativeSetAction>[0];
    expect(await createCreativeSetAction(input)).toMatchObject({ ok: false, status: 400, fieldErrors: { clickDestinationId: CREATIVE_SET_MESSAGES.clickDestinationRequired } });
    const answer = await callApi("POST", "/creative-sets", key, { ...setForm(advertiser.id), ...missing });
    expect(answer.status).toBe(400);
    expect(fieldErrors(answer)).toEqual({ clickDestinationId: REQUIRED });
  }
  expect(await db.creativeSet.count()).toBe(0);
  expect(await creativeActivity()).toEqual([]);

  const created = await callApi("POST", "/creative-sets", key, { ...setForm(advertiser.id), clickDestinationId: destination.id });
  expect(created.status).toBe(201);
  expect(await db.creativeSet.findFirstOrThrow()).toMatchObject({ name: "Spring banners", clickDestinationId: destination.id });
});

test("a creative without a click destination is refused by the action and by POST /api/v1/creatives; nothing is written", async () => {
  const { advertiser, destination, key } = await world();
  const set = await f.makeCreativeSet(advertiser, { type: "THIRD_PARTY_AD_TAGS" });
  for (const missing of [{}, { clickDestinationId: null }]) {
    const row = { ...tagRow, ...missing } as Parameters<typeof saveCreativesAction>[0]["creatives"][number];
    const saved = await saveCreativesAction({ creativeSetId: set.id, type: "THIRD_PARTY_AD_TAGS", creatives: [row] });
    expect(saved).toMatchObject({ ok: false, status: 400, fieldErrors: { "creatives.0.clickDestinationId": CREATIVE_MESSAGES.clickDestinationRequired } });
    const answer = await callApi("POST", "/creatives", key, { creativeSetId: set.id, type: "THIRD_PARTY_AD_TAGS", ...tagRow, ...missing });
    expect(answer.status).toBe(400);
    // Named as the action names the row's fields (the create saves the body as the one row of a set's table).
    expect(fieldErrors(answer)).toEqual({ "creatives.0.clickDestinationId": REQUIRED });
  }
  expect(await db.creative.count()).toBe(0);
  expect(await creativeActivity()).toEqual([]);

  const created = await callApi("POST", "/creatives", key, { creativeSetId: set.id, type: "THIRD_PARTY_AD_TAGS", ...tagRow, clickDestinationId: destination.id });
  expect(created.status).toBe(201);
  expect(await db.creative.findFirstOrThrow()).toMatchObject({ name: "Spring tag", clickDestinationId: destination.id });
});

test("an HLS conversion whose videos would have no click destination is refused beside the field, before anything is written or queued", async () => {
  const { licensee, advertiser } = await world();
  enqueueMock.mockReset().mockResolvedValue("job-1");
  const start = (fields: Record<string, unknown>) => startHlsConversionAction({ advertiserId: advertiser.id, videoUrls: ["https://cdn.example.com/v/index.m3u8"], ...DEMO_AD_MARKING, ...fields });
  const legacySet = await f.makeCreativeSet(advertiser, { type: "VIDEO", clickDestinationId: null });
  const otherDestination = await f.makeClickDestination(await f.makeAdvertiser(licensee.id));
  expect(await start({})).toMatchObject({ ok: false, status: 400, fieldErrors: { clickDestinationId: REQUIRED } });
  expect(await start({ creativeSetId: legacySet.id })).toMatchObject({ ok: false, status: 400, fieldErrors: { creativeSetId: START_MESSAGES.setLacksClickDestination } });
  expect(await start({ clickDestinationId: otherDestination.id })).toMatchObject({ ok: false, status: 400, fieldErrors: { clickDestinationId: CREATIVE_MESSAGES.clickDestinationOfAdvertiser } });
  expect(await db.mediaConversion.count()).toBe(0);
  expect(enqueueMock).not.toHaveBeenCalled();

  // The set's own goes to the job; one named for the videos is enough, even into a set without one.
  const videoSet = await f.makeCreativeSet(advertiser, { type: "VIDEO" });
  expect(await start({ creativeSetId: videoSet.id })).toMatchObject({ ok: true });
  expect(enqueueMock.mock.calls[0][1]).toMatchObject({ creativeSetId: videoSet.id, clickDestinationId: videoSet.clickDestinationId });
  const named = await f.makeClickDestination(advertiser);
  expect(await start({ creativeSetId: legacySet.id, clickDestinationId: named.id })).toMatchObject({ ok: true });
  expect(enqueueMock.mock.calls[1][1]).toMatchObject({ creativeSetId: legacySet.id, clickDestinationId: named.id });
});

test("the OpenAPI document lists the click destination as required to create a set or a creative", async () => {
  const document = (await openApiRoute().json()) as oas31.OpenAPIObject;
  const bodyOf = (path: string) => ((document.paths![path] as oas31.PathItemObject).post!.requestBody as oas31.RequestBodyObject).content["application/json"].schema as oas31.SchemaObject;
  for (const path of ["/creative-sets", "/creatives"]) {
    expect([path, bodyOf(path).required]).toEqual([path, expect.arrayContaining(["clickDestinationId"])]);
  }
  expect(bodyOf("/creatives").properties?.clickDestinationId).toMatchObject({ type: "integer", minimum: 1 });
});

test("stored rows without one: the report lists them, the lists mark them, and an edit must choose one first", async () => {
  const { ctx, licensee, advertiser, destination, key } = await world();
  const legacySet = await f.makeCreativeSet(advertiser, { name: "Old set", clickDestinationId: null, startTime: new Date("2026-01-01T00:00:00Z") });
  const legacyCreative = await f.makeCreative(advertiser, { name: "Old creative", type: "DYNAMIC_HTML", clickDestinationId: null });
  await f.makeCreativeSet(advertiser, { name: "Good set" });
  await f.makeCreative(advertiser, { name: "Good creative", type: "DYNAMIC_HTML" });

  expect(await missingClickDestinations(db)).toEqual([
    { licenseeId: licensee.id, licensee: licensee.name, advertiserId: advertiser.id, advertiser: "Acme", kind: "creative set", id: legacySet.id, name: "Old set", status: "inactive" },
    { licenseeId: licensee.id, licensee: licensee.name, advertiserId: advertiser.id, advertiser: "Acme", kind: "creative", id: legacyCreative.id, name: "Old creative", status: "active" },
  ]);
  expect(reportLines(await missingClickDestinations(db))).toEqual([
    "licensee\tadvertiser\tkind\tid\tname\tstatus",
    `${licensee.name} (#${licensee.id})\tAcme (#${advertiser.id})\tcreative set\t${legacySet.id}\tOld set\tinactive`,
    `${licensee.name} (#${licensee.id})\tAcme (#${advertiser.id})\tcreative\t${legacyCreative.id}\tOld creative\tactive`,
  ]);

  const typeOf = (view: { rows: { cells: Record<string, string> }[] }) => Object.fromEntries(view.rows.map((r) => [r.cells.name, r.cells.type]));
  expect(typeOf(await loadListView(ctx, "creative_set", {}))).toEqual({ "Good set": "Image", "Old set": `Image · ${CREATIVE_SET_MESSAGES.clickDestinationMissingShort}` });
  expect(typeOf(await loadCreativeListView(ctx, {}))).toEqual({ "Good creative": "Dynamic HTML", "Old creative": `Dynamic HTML · ${CREATIVE_MESSAGES.clickDestinationMissingShort}` });

  // Saved as they stand (the form's values, a PATCH of the name alone): refused beside the field, nothing changed.
  const setValues = creativeSetFormValues(toCreativeSetDetails(legacySet), 805);
  expect(await updateCreativeSetAction({ id: legacySet.id, version: 1, ...setValues, name: "Renamed" })).toMatchObject({ ok: false, status: 400, fieldErrors: { clickDestinationId: REQUIRED } });
  expect(fieldErrors(await callApi("PATCH", `/creative-sets/${legacySet.id}`, key, { version: 1, name: "Renamed" }))).toEqual({ clickDestinationId: REQUIRED });
  const creativeEdit = { id: legacyCreative.id, version: 1, type: "DYNAMIC_HTML" as const, name: "Renamed", clickDestinationId: null };
  expect(await updateCreativeAction(creativeEdit)).toMatchObject({ ok: false, status: 400, fieldErrors: { clickDestinationId: REQUIRED } });
  expect(fieldErrors(await callApi("PATCH", `/creatives/${legacyCreative.id}`, key, { version: 1, name: "Renamed" }))).toEqual({ clickDestinationId: REQUIRED });
  expect(await db.creativeSet.findUniqueOrThrow({ where: { id: legacySet.id } })).toMatchObject({ name: "Old set", clickDestinationId: null, version: 1 });
  expect(await db.creative.findUniqueOrThrow({ where: { id: legacyCreative.id } })).toMatchObject({ name: "Old creative", clickDestinationId: null, version: 1 });
  expect(await creativeActivity()).toEqual([]);

  // Once one is chosen each saves, audited, and leaves the report and the marker behind.
  expect(await updateCreativeSetAction({ id: legacySet.id, version: 1, ...setValues, clickDestinationId: destination.id })).toMatchObject({ ok: true });
  expect(await updateCreativeAction({ ...creativeEdit, clickDestinationId: destination.id })).toMatchObject({ ok: true });
  const logs = await creativeActivity();
  expect(logs.map((log) => [log.entityType, fieldsOf(log).clickDestinationId])).toEqual([
    ["CREATIVE_SET", [null, String(destination.id)]],
    ["CREATIVE", [null, String(destination.id)]],
  ]);
  expect(await missingClickDestinations(db)).toEqual([]);
  expect(typeOf(await loadListView(ctx, "creative_set", {}))["Old set"]).toBe("Image");
});
