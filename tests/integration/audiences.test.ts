// Audiences (business.md 3 AUDIENCE, 4, 5, 7): create and edit with their
// rules, the fixed source and type, optimistic concurrency, activity rows
// typed by source, roles and other licensees' ids; the list by source with
// server paging and sorting; bulk status typed by source; the REST view; and
// the audience-strategy mapping.
import { db } from "@/lib/db";
import { toActionError } from "@/lib/actions/server-result";
import { ConflictError, ForbiddenError, NotFoundError } from "@/lib/errors";
import { setActiveInBulk } from "@/lib/entities/bulk";
import { loadListExport } from "@/lib/entities/lists";
import { executeAction } from "@/lib/actions/define-action";
import { scopeOf } from "@/lib/data/scope";
import { createAudienceAction, updateAudienceAction } from "@/lib/audiences/actions";
import { createAudience, updateAudience } from "@/lib/audiences/mutations";
import { loadAudienceListView } from "@/lib/audiences/list-view";
import { audienceFormValues, audienceStrategies, getAudienceOrThrow } from "@/lib/audiences/queries";
import { AUDIENCE_MESSAGES as M } from "@/lib/audiences/schema";
import { failureOf, memberOf } from "../helpers/calls";
import { useTestDatabase } from "../helpers/db";
import { AUDIENCE_METRIC_IDS, audienceMetrics } from "@/lib/audiences/list-metrics";
import { userKeyOf } from "@/lib/audiences/identifiers";
import { refreshStrategyRollup } from "@/lib/metrics/rollup";
import * as f from "../helpers/factories";
import { activityRows, fieldsOf } from "../helpers/activity";

const t = useTestDatabase();

const RULE = { filterId: 1, operatorId: 1, value: "/product", duration: "30", durationUnit: "DAY" };
function formInput(advertiserId: number, overrides: Record<string, unknown> = {}) {
  return {
    advertiserId, name: "Site visitors", description: "Shop visitors", source: "WEBSITE", kind: "MMP_RULE", deviceIdentifier: "ADID",
    consentType: "BOTH", osTypeId: "", userExpiryDays: "30", partnerSegmentId: "", seedAudienceId: "",
    ruleGroups: [{ rules: [RULE, { filterId: 17, operatorId: 3, value: "2", duration: "7", durationUnit: "DAY" }] }],
    ...overrides,
  };
}

async function world() {
  await f.makeUtcTimezone();
  const { licensee, ctx } = await f.makeTenant();
  const advertiser = await f.makeAdvertiser(licensee.id);
  return { licensee, ctx, advertiser };
}

const SENTENCE = 'Users where Page URL contains "/product" in the last 30 days and Page frequency is at least 2 in the last 7 days';

describe("create", () => {
  test("saves the audience active with its rules (one AND group) and one CREATE row of its source's type", async () => {
    const { ctx, advertiser } = await world();
    const created = await createAudience(scopeOf(ctx), formInput(advertiser.id));
    expect(created).toMatchObject({ name: "Site visitors", source: "WEBSITE", kind: "MMP_RULE", active: true, version: 1, userExpiryDays: 30, lookAlikeStatus: null });
    expect(created.ruleGroups).toEqual([
      [
        { filterId: 1, operatorId: 1, value: "/product", duration: 30, durationUnit: "DAY" },
        { filterId: 17, operatorId: 3, value: "2", duration: 7, durationUnit: "DAY" },
      ],
    ]);
    const rules = await db.audienceRule.findMany({ where: { audienceId: created.id }, orderBy: { id: "asc" } });
    expect(rules.map((r) => [r.groupIndex, r.queryName])).toEqual([[0, "page_url"], [0, "page_frequency"]]);
    const [log] = await activityRows();
    expect(log).toMatchObject({ action: "CREATE", entityType: "WEB_AUDIENCE", entityId: created.id, entityName: "Site visitors", entityAdvertiserId: advertiser.id });
    expect(fieldsOf(log).rules).toEqual([null, SENTENCE]);
  });

  test("a mobile audience logs APP_AUDIENCE; a look-alike starts IN_PROCESSING from a seed of the same advertiser", async () => {
    const { ctx, licensee, advertiser } = await world();
    const app = await createAudience(scopeOf(ctx), formInput(advertiser.id, { source: "MOBILE", osTypeId: "4", kind: "CRM", ruleGroups: [] }));
    expect(app).toMatchObject({ source: "MOBILE", osTypeId: 4, ruleGroups: [] });
    const lal = await createAudience(scopeOf(ctx), formInput(advertiser.id, { name: "LAL", source: "LOOK_ALIKE", seedAudienceId: String(app.id), ruleGroups: [] }));
    expect(lal).toMatchObject({ lookAlikeStatus: "IN_PROCESSING", seedAudienceId: app.id });
    expect((await activityRows()).map((l) => l.entityType)).toEqual(["APP_AUDIENCE", "LAL_AUDIENCE"]);
    // A seed of another advertiser, a look-alike, or another licensee's audience is a field error.
    const otherAdvertiser = await f.makeAudience(await f.makeAdvertiser(licensee.id));
    const foreign = await f.makeAudience(await f.makeAdvertiser((await f.makeTenant()).licensee.id));
    for (const seed of [otherAdvertiser.id, lal.id, foreign.id]) {
      const error = await failureOf(createAudience(scopeOf(ctx), formInput(advertiser.id, { source: "LOOK_ALIKE", seedAudienceId: seed, ruleGroups: [] })));
      expect(toActionError(error).fieldErrors).toEqual({ seedAudienceId: M.seedInvalid });
    }
  });

  test("the form's messages come back field by field and nothing is written", async () => {
    const { ctx, advertiser } = await world();
    const error = await failureOf(createAudience(scopeOf(ctx), formInput(advertiser.id, { name: "", userExpiryDays: "200", ruleGroups: [{ rules: [{ ...RULE, value: "" }] }] })));
    expect(toActionError(error).fieldErrors).toEqual({ name: M.nameRequired, userExpiryDays: M.expiryMax, "ruleGroups.0.rules.0.value": M.valueRequired });
    expect(await db.audience.count()).toBe(0);
  });

  test("RO and DEMO are refused; another licensee's advertiser is not found; an archived advertiser refuses", async () => {
    const { ctx, licensee, advertiser } = await world();
    for (const role of ["RO", "DEMO"] as const) {
      expect(await failureOf(executeAction(createAudienceAction.definition, await memberOf(licensee.id, role), formInput(advertiser.id)))).toBeInstanceOf(ForbiddenError);
    }
    const other = await f.makeAdvertiser((await f.makeTenant()).licensee.id);
    expect(await failureOf(createAudience(scopeOf(ctx), formInput(other.id)))).toBeInstanceOf(NotFoundError);
    const archived = await f.makeAdvertiser(licensee.id, { isArchived: true });
    const error = await failureOf(createAudience(scopeOf(ctx), formInput(archived.id)));
    expect(error).toBeInstanceOf(ConflictError);
    expect((error as Error).message).toBe(M.advertiserArchived);
    expect(await db.audience.count()).toBe(0);
  });
});

describe("edit", () => {
  test("changed fields and rules get one UPDATE row; an unchanged form writes nothing", async () => {
    const { ctx, advertiser } = await world();
    const created = await createAudience(scopeOf(ctx), formInput(advertiser.id));
    const same = await updateAudience(scopeOf(ctx), created.id, 1, audienceFormValues(created));
    expect(same.version).toBe(1);
    const values = audienceFormValues(created);
    const edited = await updateAudience(scopeOf(ctx), created.id, 1, {
      ...values,
      name: "Buyers",
      userExpiryDays: "60",
      ruleGroups: [...values.ruleGroups, { rules: [{ filterId: 5, operatorId: 4, value: "purchase", duration: "1", durationUnit: "HOUR" }] }],
    });
    expect(edited).toMatchObject({ name: "Buyers", userExpiryDays: 60, version: 2 });
    expect(edited.ruleGroups).toHaveLength(2);
    const logs = await activityRows();
    expect(logs.map((l) => l.action)).toEqual(["CREATE", "UPDATE"]);
    expect(fieldsOf(logs[1])).toEqual({
      name: ["Site visitors", "Buyers"],
      rules: [SENTENCE, `Users where (${SENTENCE.slice("Users where ".length)}) or Event name equals "purchase" in the last hour`],
      userExpiryDays: ["30", "60"],
    });
  });

  test("a stale version is 'This audience was changed by someone else'; the source and type stay as chosen", async () => {
    const { ctx, advertiser } = await world();
    const created = await createAudience(scopeOf(ctx), formInput(advertiser.id));
    await updateAudience(scopeOf(ctx), created.id, 1, { ...audienceFormValues(created), name: "First" });
    const stale = await failureOf(updateAudience(scopeOf(ctx), created.id, 1, { ...audienceFormValues(created), name: "Second" }));
    expect(stale).toBeInstanceOf(ConflictError);
    expect((stale as Error).message).toBe("This audience was changed by someone else");
    const current = await getAudienceOrThrow(ctx, created.id);
    expect(toActionError(await failureOf(updateAudience(scopeOf(ctx), created.id, 2, { ...audienceFormValues(current), kind: "CRM" }))).fieldErrors).toEqual({ kind: M.kindFixed });
    expect(toActionError(await failureOf(updateAudience(scopeOf(ctx), created.id, 2, { ...audienceFormValues(current), source: "MOBILE", osTypeId: 3, ruleGroups: [{ rules: [{ ...RULE, filterId: 5 }] }] }))).fieldErrors).toEqual({ source: M.sourceFixed });
    expect((await db.audience.findUniqueOrThrow({ where: { id: created.id } })).name).toBe("First");
  });

  test("another licensee's audience is not found, to reads and edits; RO is refused; an archived audience is read-only", async () => {
    const { ctx, licensee, advertiser } = await world();
    const created = await createAudience(scopeOf(ctx), formInput(advertiser.id));
    const stranger = (await f.makeTenant()).ctx;
    expect(await failureOf(getAudienceOrThrow(stranger, created.id))).toBeInstanceOf(NotFoundError);
    expect(await failureOf(updateAudience(scopeOf(stranger), created.id, 1, audienceFormValues(created)))).toBeInstanceOf(NotFoundError);
    const readOnly = await memberOf(licensee.id, "RO");
    expect(await failureOf(executeAction(updateAudienceAction.definition, readOnly, { id: created.id, version: 1, ...audienceFormValues(created) }))).toBeInstanceOf(ForbiddenError);
    await db.audience.update({ where: { id: created.id }, data: { isArchived: true } });
    expect((await failureOf(updateAudience(scopeOf(ctx), created.id, 1, audienceFormValues(created))) as Error).message).toBe(M.archivedReadOnly);
  });
});

describe("list", () => {
  async function listWorld() {
    const w = await world();
    const other = await f.makeAdvertiser(w.licensee.id, { name: "Other advertiser" });
    const rows: Array<[string, "WEBSITE" | "MOBILE" | "DMP" | "LOOK_ALIKE", number]> = [
      ["A web", "WEBSITE", 500], ["B app", "MOBILE", 100], ["C dmp", "DMP", 900], ["D lal", "LOOK_ALIKE", 300], ["E app", "MOBILE", 700],
    ];
    for (const [name, source, totalUU] of rows) {
      await f.makeAudience(name === "E app" ? other : w.advertiser, { name, source, totalUU, dailyUU: totalUU / 10, lookAlikeStatus: source === "LOOK_ALIKE" ? "LIVE" : null });
    }
    await f.makeAudience(w.advertiser, { name: "Z archived", isArchived: true });
    await f.makeAudience(await f.makeAdvertiser((await f.makeTenant()).licensee.id), { name: "Stranger" });
    return w;
  }
  const names = (view: { rows: { cells: Record<string, string> }[] }) => view.rows.map((r) => r.cells.name);

  test("every source by name, paged on the server; the spec's columns; archived and other licensees' rows never listed", async () => {
    const { ctx } = await listWorld();
    const first = await loadAudienceListView(ctx, { size: "5" });
    expect(first.view.total).toBe(5);
    expect(names(first.view)).toEqual(["A web", "B app", "C dmp", "D lal", "E app"]);
    expect(first.view.columns.map((c) => c.id)).toEqual([
      "active", "name", "id", "audience_type", "status", "dmpSegment", "advertiserName", "advertiserId", "totalUU", "dailyUU", "impressions", "clicks", "ctr",
      "attributedInstalls", "nonAttributedInstalls", "attributedConversions", "nonAttributedConversions", "installsPer1000User", "conversionsPer1000User",
      "creationTime", "modifiedTime",
    ]);
    const lal = first.view.rows[3];
    // No strategy targets it: no delivery.
    expect(lal.cells).toMatchObject({ audience_type: "Look Alike", status: "LIVE", totalUU: "300", dailyUU: "30", impressions: "0", ctr: "-" });
    expect(lal.href).toBe(`/audience/details/${lal.id}`);
    expect(first.view.detailsInNewTab).toBe(true);
    const page2 = await loadAudienceListView(ctx, { size: "5", page: "2" });
    expect(page2.view.state.page).toBe(1); // past the end: back to the last page
  });

  test("?type= lists one source; sorting by total users and paging run in the database", async () => {
    const { ctx } = await listWorld();
    const apps = await loadAudienceListView(ctx, { type: "app" });
    expect(apps.type).toBe("app");
    expect(names(apps.view)).toEqual(["B app", "E app"]);
    expect(apps.view.exportParams).toEqual({ type: "app" });
    expect(names((await loadAudienceListView(ctx, { type: "lal" })).view)).toEqual(["D lal"]);
    expect(names((await loadAudienceListView(ctx, { type: "web" })).view)).toEqual(["A web"]);
    expect(names((await loadAudienceListView(ctx, { type: "dmp" })).view)).toEqual(["C dmp"]);
    expect((await loadAudienceListView(ctx, { type: "nonsense" })).view.total).toBe(5);
    // The preset's row limit is a page size the list offers.
    await db.preferencePreset.create({ data: { name: "Default", custom: false, rowLimit: 2, columns: [] } });
    const pages = [];
    for (let page = 1; page <= 3; page++) pages.push(...names((await loadAudienceListView(ctx, { sort: "-totalUU", size: "2", page: String(page) })).view));
    expect(pages).toEqual(["C dmp", "E app", "A web", "D lal", "B app"]);
    // The CSV export reads the same `type`.
    const csv = await loadListExport(ctx, "audience", new URLSearchParams("type=app&sort=-totalUU"));
    expect(csv.rows.map((r) => r[csv.header.indexOf("Name")])).toEqual(["E app", "B app"]);
  });

  test("bulk status: activity rows typed by each audience's source", async () => {
    const { ctx } = await listWorld();
    const ids = (await db.audience.findMany({ where: { name: { in: ["A web", "B app", "D lal"] } }, orderBy: { id: "asc" }, select: { id: true } })).map((r) => r.id);
    await setActiveInBulk(scopeOf(ctx), { entity: "audience", ids, active: false });
    const logs = await activityRows();
    expect(logs.map((l) => [l.action, l.entityType])).toEqual([
      ["DEACTIVATE", "WEB_AUDIENCE"],
      ["DEACTIVATE", "APP_AUDIENCE"],
      ["DEACTIVATE", "LAL_AUDIENCE"],
    ]);
    expect(await db.audience.count({ where: { active: false } })).toBe(3);
  });
});

test("audience-strategy mapping: strategies of the advertiser that target or block it under its source", async () => {
  const { ctx, advertiser } = await world();
  const audience = await createAudience(scopeOf(ctx), formInput(advertiser.id));
  const campaign = await f.makeCampaign(advertiser);
  const seg = (targeted: number[], blocked: number[]) => ({ targetedSegments: targeted, blockedSegments: blocked, customSegmentTargeting: false, targetedSegmentsOperator: "OR" });
  await f.makeStrategy(campaign, { name: "Targets", targeting: { targetWebSegments: seg([audience.id], []) } });
  await f.makeStrategy(campaign, { name: "Blocks", targeting: { targetWebSegments: seg([], [audience.id]) } });
  await f.makeStrategy(campaign, { name: "App list only", targeting: { targetAppSegments: seg([audience.id], []) } });
  await f.makeStrategy(campaign, { name: "Archived", isArchived: true, targeting: { targetWebSegments: seg([audience.id], []) } });
  expect((await audienceStrategies(ctx, audience)).map((s) => [s.name, s.use])).toEqual([
    ["Blocks", "BLOCK"],
    ["Targets", "TARGET"],
  ]);
});

test("list delivery columns: the delivery of the strategies targeting the audience, and its members' own installs and conversions beyond it", async () => {
  const { ctx, advertiser } = await world();
  const targeted = await f.makeAudience(advertiser, { name: "Targeted web", source: "WEBSITE", totalUU: 4 });
  const untouched = await f.makeAudience(advertiser, { name: "Untouched web", source: "WEBSITE", totalUU: 0 });
  const campaign = await f.makeCampaign(advertiser);
  const seg = (targeted: number[], blocked: number[]) => ({ targetedSegments: targeted, blockedSegments: blocked, customSegmentTargeting: false, targetedSegmentsOperator: "OR" });
  const s1 = await f.makeStrategy(campaign, { name: "S1", targeting: { targetWebSegments: seg([targeted.id], []) } });
  const s2 = await f.makeStrategy(campaign, { name: "S2", targeting: { targetWebSegments: seg([targeted.id], [untouched.id]) } });
  const s3 = await f.makeStrategy(campaign, { name: "S3 blocks only", targeting: { targetWebSegments: seg([], [targeted.id]) } });
  const creative = await f.makeCreative(advertiser);
  const hour = (s: typeof s1, impressions: number, clicks: number, installs: number, conversions: number) => ({
    hour: new Date("2024-03-05T10:00:00Z"), licenseeId: s.licenseeId, advertiserId: s.advertiserId, campaignId: s.campaignId, strategyId: s.id, creativeId: creative.id,
    impressions: BigInt(impressions), clicks: BigInt(clicks), installs: BigInt(installs), conversions: BigInt(conversions),
  });
  await db.deliveryHourly.createMany({ data: [hour(s1, 1000, 10, 1, 0), hour(s2, 3000, 30, 0, 1), hour(s3, 9999, 99, 9, 9)] });
  await refreshStrategyRollup(t.handle.raw);
  // Members: three installs and two purchases in March by its members (one install outside the range).
  const keys = ["u1", "u2", "u3"].map((u) => userKeyOf(u, "ADID"));
  for (const k of keys) await db.audienceMember.create({ data: { audienceId: targeted.id, userKey: k, origin: "RULE", expiresAt: new Date("2030-01-01T00:00:00Z") } });
  const ev = (k: string, event: string, at: string) => ({ licenseeId: advertiser.licenseeId, advertiserId: advertiser.id, userKey: k, event, occurredAt: new Date(at) });
  await db.userEvent.createMany({
    data: [ev(keys[0], "install", "2024-03-02T10:00:00Z"), ev(keys[1], "install", "2024-03-03T10:00:00Z"), ev(keys[2], "install", "2024-03-04T10:00:00Z"), ev(keys[2], "install", "2024-04-20T10:00:00Z"),
      ev(keys[0], "af_purchase", "2024-03-06T10:00:00Z"), ev(keys[1], "af_purchase", "2024-03-07T10:00:00Z"), ev(keys[1], "page_view", "2024-03-07T10:00:00Z")],
  });
  const values = await audienceMetrics(ctx, { ids: [targeted.id, untouched.id], metricIds: AUDIENCE_METRIC_IDS, range: f.MARCH_2024_UTC });
  expect(values.get(targeted.id)).toEqual({
    impressions: 4000, clicks: 40, ctr: 1,
    attributedInstalls: 1, nonAttributedInstalls: 2, attributedConversions: 1, nonAttributedConversions: 1,
    installsPer1000User: 750, conversionsPer1000User: 500,
  });
  expect(values.get(untouched.id)).toMatchObject({ impressions: 0, clicks: 0, ctr: null, installsPer1000User: null });
  // Sortable: by impressions, most first, over the user's date range (March 2024).
  await db.userSettings.upsert({ where: { userId: ctx.userId }, create: { userId: ctx.userId, dateRange: { preset: "custom", from: "2024-03-01", to: "2024-03-31" } }, update: { dateRange: { preset: "custom", from: "2024-03-01", to: "2024-03-31" } } });
  const sorted = await loadAudienceListView(ctx, { sort: "-impressions" });
  expect(sorted.view.rows.map((r) => [r.cells.name, r.cells.impressions])).toEqual([["Targeted web", "4.00K"], ["Untouched web", "0"]]);
});
