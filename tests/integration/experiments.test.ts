// A/B experiments: create on a campaign with two or more arms,
// edit, start / pause / stop, the arms' strategies leaving and rejoining the
// ordinary strategy lists (isAbTestStrategy), every change audited,
// optimistic concurrency with the experiment's own message, roles, other
// licensees' ids, the REST resource and its status operation.
import "../helpers/next-cache-double";
import { db } from "@/lib/db";
import { createApiKey } from "@/lib/account/api-keys";
import { toActionError } from "@/lib/actions/server-result";
import { ConflictError, ForbiddenError, NotFoundError } from "@/lib/errors";
import { scopeOf } from "@/lib/data/scope";
import { createExperimentAction } from "@/lib/experiments/actions";
import { createExperiment, setExperimentStatus, updateExperiment } from "@/lib/experiments/mutations";
import { getExperimentOrThrow } from "@/lib/experiments/queries";
import { campaignStrategyOptions } from "@/lib/experiments/options";
import { experimentArmMetrics } from "@/lib/experiments/metrics";
import { EXPERIMENT_CHANGE_MESSAGES as CHANGE, EXPERIMENT_MESSAGES as M } from "@/lib/experiments/schema";
import { handleApiRequest } from "@/lib/api/router";
import { useTestDatabase } from "../helpers/db";
import * as f from "../helpers/factories";
import { callApi } from "../helpers/rest-api";
import { failureOf, memberOf } from "../helpers/calls";
import { requireSessionMock } from "../helpers/session-mock";

// The server actions' session; the REST API keeps the real one (its key check).
jest.mock("@/lib/auth/session", () => ({ ...jest.requireActual("@/lib/auth/session"), requireSession: jest.fn() }));

useTestDatabase();

const START = Math.floor(Date.parse("2030-02-01T00:00:00Z") / 1000);
const END = Math.floor(Date.parse("2030-03-01T00:00:00Z") / 1000);

async function world() {
  await f.makeUtcTimezone();
  const { licensee, ctx } = await f.makeTenant();
  const advertiser = await f.makeAdvertiser(licensee.id);
  const campaign = await f.makeCampaign(advertiser);
  const [a, b, c] = [await f.makeStrategy(campaign, { name: "Control" }), await f.makeStrategy(campaign, { name: "Challenger" }), await f.makeStrategy(campaign, { name: "Third" })];
  return { licensee, ctx, advertiser, campaign, a, b, c };
}

const input = (campaignId: number, arms: Array<[number, number]>, overrides: Record<string, unknown> = {}) => ({
  campaignId, name: "Bid test", description: "Higher bid", metric: "CTR" as const, startTime: START, endTime: END,
  arms: arms.map(([strategyId, trafficPercent]) => ({ strategyId, trafficPercent })),
  ...overrides,
});

const abFlags = async () => Object.fromEntries((await db.strategy.findMany({ orderBy: { id: "asc" } })).map((s) => [s.name, s.isAbTestStrategy]));

describe("create", () => {
  test("stores the experiment and its arms in order, marks the arms' strategies, and audits both", async () => {
    const { ctx, campaign, advertiser, a, b } = await world();
    const created = await createExperiment(scopeOf(ctx), input(campaign.id, [[a.id, 50], [b.id, 50]]));
    expect(created).toMatchObject({
      campaignId: campaign.id, advertiserId: advertiser.id, name: "Bid test", description: "Higher bid", metric: "CTR", status: "DRAFT",
      startTime: "2030-02-01T00:00:00.000Z", endTime: "2030-03-01T00:00:00.000Z", version: 1,
      arms: [{ strategyId: a.id, trafficPercent: 50 }, { strategyId: b.id, trafficPercent: 50 }],
    });
    expect(await abFlags()).toEqual({ Control: true, Challenger: true, Third: false });
    const logs = await db.activityLog.findMany({ orderBy: { id: "asc" }, include: { fields: true } });
    expect(logs.map((l) => [l.entityType, l.action, l.entityId])).toEqual([["EXPERIMENT", "CREATE", created.id], ["STRATEGY", "UPDATE", a.id], ["STRATEGY", "UPDATE", b.id]]);
    expect(logs[0].fields.find((x) => x.fieldName === "arms")?.newValue).toBe(`Control (${a.id}) 50%, Challenger (${b.id}) 50%`);
    expect(logs[1].fields.map((x) => [x.fieldName, x.oldValue, x.newValue])).toEqual([["isAbTestStrategy", "false", "true"]]);
    // The form offers only strategies that are no arm of another experiment.
    expect((await campaignStrategyOptions(ctx, campaign.id, null)).map((s) => s.name)).toEqual(["Third"]);
    expect((await campaignStrategyOptions(ctx, campaign.id, created.id)).map((s) => s.name)).toEqual(["Challenger", "Control", "Third"]);
  });

  test("field errors: one arm, a split not adding up to 100, a strategy twice, an end before the start", async () => {
    const { ctx, campaign, a, b } = await world();
    const fields = async (value: unknown) => toActionError(await failureOf(createExperiment(scopeOf(ctx), value))).fieldErrors;
    expect(await fields(input(campaign.id, [[a.id, 100]]))).toMatchObject({ arms: M.armsTooFew });
    expect(await fields(input(campaign.id, [[a.id, 50], [b.id, 40]]))).toEqual({ arms: M.trafficSum });
    expect(await fields(input(campaign.id, [[a.id, 50], [a.id, 50]]))).toEqual({ "arms.1.strategyId": M.strategyTwice });
    expect(await fields(input(campaign.id, [[a.id, 0], [b.id, 100]]))).toMatchObject({ "arms.0.trafficPercent": M.trafficInvalid });
    expect(await fields(input(campaign.id, [[a.id, 50], [b.id, 50]], { name: " ", endTime: START - 60 }))).toEqual({ name: M.nameRequired, endTime: M.endBeforeStart });
    expect(await db.experiment.count()).toBe(0);
  });

  test("arms must be free strategies of the campaign; other licensees' campaigns are not offered", async () => {
    const { ctx, campaign, advertiser, a, b, c } = await world();
    const otherCampaign = await f.makeCampaign(advertiser);
    const stranger = await f.makeStrategy(otherCampaign);
    const fields = async (value: unknown) => toActionError(await failureOf(createExperiment(scopeOf(ctx), value))).fieldErrors;
    expect(await fields(input(campaign.id, [[a.id, 50], [stranger.id, 50]]))).toEqual({ "arms.1.strategyId": CHANGE.strategyOfOtherCampaign });
    await createExperiment(scopeOf(ctx), input(campaign.id, [[a.id, 50], [b.id, 50]]));
    expect(await fields(input(campaign.id, [[c.id, 50], [b.id, 50]]))).toEqual({ "arms.1.strategyId": CHANGE.strategyInOtherExperiment });
    const other = await f.makeTenant();
    expect(await failureOf(createExperiment(scopeOf(other.ctx), input(campaign.id, [[a.id, 50], [b.id, 50]])))).toBeInstanceOf(NotFoundError);
    expect(await failureOf(campaignStrategyOptions(other.ctx, campaign.id, null))).toBeInstanceOf(NotFoundError);
  });

  test("read-only and demo users change nothing", async () => {
    const { licensee, campaign, a, b } = await world();
    for (const role of ["RO", "DEMO"] as const) {
      requireSessionMock.mockResolvedValue(await memberOf(licensee.id, role));
      expect(await createExperimentAction(input(campaign.id, [[a.id, 50], [b.id, 50]]))).toEqual({ ok: false, status: 403, formError: new ForbiddenError().message });
    }
    expect(await db.experiment.count()).toBe(0);
  });
});

describe("update and status", () => {
  test("edits the split, refuses a stale version with the experiment's message, and swaps arms only while a draft", async () => {
    const { ctx, campaign, a, b, c } = await world();
    const created = await createExperiment(scopeOf(ctx), input(campaign.id, [[a.id, 50], [b.id, 50]]));
    const edited = await updateExperiment(scopeOf(ctx), created.id, 1, input(campaign.id, [[a.id, 30], [c.id, 70]], { metric: "CONVERSION_RATE" }));
    expect(edited).toMatchObject({ version: 2, metric: "CONVERSION_RATE", arms: [{ strategyId: a.id, trafficPercent: 30 }, { strategyId: c.id, trafficPercent: 70 }] });
    expect(await abFlags()).toEqual({ Control: true, Challenger: false, Third: true });
    const stale = await failureOf(updateExperiment(scopeOf(ctx), created.id, 1, input(campaign.id, [[a.id, 40], [c.id, 60]])));
    expect(stale).toBeInstanceOf(ConflictError);
    expect((stale as Error).message).toBe("This experiment was changed by someone else");
    // Unchanged: no new version, no activity row.
    const rows = await db.activityLog.count();
    expect((await updateExperiment(scopeOf(ctx), created.id, 2, input(campaign.id, [[a.id, 30], [c.id, 70]], { metric: "CONVERSION_RATE" }))).version).toBe(2);
    expect(await db.activityLog.count()).toBe(rows);

    const started = await setExperimentStatus(scopeOf(ctx), created.id, 2, "RUNNING");
    expect(started).toMatchObject({ status: "RUNNING", version: 3 });
    const swap = await failureOf(updateExperiment(scopeOf(ctx), created.id, 3, input(campaign.id, [[a.id, 30], [b.id, 70]])));
    expect(toActionError(swap).fieldErrors).toEqual({ arms: CHANGE.armsFixedOnceStarted });
    expect((await updateExperiment(scopeOf(ctx), created.id, 3, input(campaign.id, [[a.id, 20], [c.id, 80]]))).arms.map((x) => x.trafficPercent)).toEqual([20, 80]);
  });

  test("start, pause, resume, stop: allowed moves only; stopping hands the strategies back; a completed experiment is read-only", async () => {
    const { ctx, campaign, a, b } = await world();
    const created = await createExperiment(scopeOf(ctx), input(campaign.id, [[a.id, 50], [b.id, 50]]));
    expect((await failureOf(setExperimentStatus(scopeOf(ctx), created.id, 1, "PAUSED"))) as Error).toEqual(new ConflictError(CHANGE.statusNotAllowed("DRAFT", "PAUSED")));
    let version = (await setExperimentStatus(scopeOf(ctx), created.id, 1, "RUNNING")).version;
    version = (await setExperimentStatus(scopeOf(ctx), created.id, version, "PAUSED")).version;
    version = (await setExperimentStatus(scopeOf(ctx), created.id, version, "RUNNING")).version;
    const done = await setExperimentStatus(scopeOf(ctx), created.id, version, "COMPLETED");
    expect(done.status).toBe("COMPLETED");
    expect(await abFlags()).toEqual({ Control: false, Challenger: false, Third: false });
    const statusRows = await db.activityLog.findMany({ where: { entityType: "EXPERIMENT", action: "UPDATE" }, include: { fields: true }, orderBy: { id: "asc" } });
    expect(statusRows.map((l) => l.fields.map((x) => `${x.oldValue}>${x.newValue}`).join())).toEqual(["DRAFT>RUNNING", "RUNNING>PAUSED", "PAUSED>RUNNING", "RUNNING>COMPLETED"]);
    expect((await failureOf(updateExperiment(scopeOf(ctx), created.id, done.version, input(campaign.id, [[a.id, 50], [b.id, 50]])))) as Error).toEqual(new ConflictError(CHANGE.completedReadOnly));
  });

  test("other licensees' experiments are not found", async () => {
    const { ctx, campaign, a, b } = await world();
    const created = await createExperiment(scopeOf(ctx), input(campaign.id, [[a.id, 50], [b.id, 50]]));
    const other = await f.makeTenant();
    expect(await failureOf(getExperimentOrThrow(other.ctx, created.id))).toBeInstanceOf(NotFoundError);
    expect(await failureOf(setExperimentStatus(scopeOf(other.ctx), created.id, 1, "RUNNING"))).toBeInstanceOf(NotFoundError);
    expect(await failureOf(updateExperiment(scopeOf(other.ctx), created.id, 1, input(campaign.id, [[a.id, 50], [b.id, 50]])))).toBeInstanceOf(NotFoundError);
  });
});

describe("arm metrics", () => {
  test("each arm's delivery over the range, with the z-test of each challenger against the control", async () => {
    const { ctx, campaign, a, b } = await world();
    const created = await createExperiment(scopeOf(ctx), input(campaign.id, [[a.id, 50], [b.id, 50]]));
    const hour = new Date("2024-03-05T10:00:00Z");
    const row = (strategyId: number, impressions: number, clicks: number) =>
      db.deliveryStrategyHourly.create({ data: { licenseeId: campaign.licenseeId, advertiserId: campaign.advertiserId, campaignId: campaign.id, strategyId, hour, impressions, clicks } });
    await row(a.id, 1000, 50);
    await row(b.id, 1000, 80);
    const { arms } = await experimentArmMetrics(ctx, await getExperimentOrThrow(ctx, created.id), f.MARCH_2024_UTC);
    expect(arms.map((x) => [x.strategyId, x.values.impressions, x.values.clicks])).toEqual([[a.id, 1000, 50], [b.id, 1000, 80]]);
    expect(arms[0].test).toBeNull(); // the control
    expect(arms[1].test?.z).toBeCloseTo(2.721095, 5);
    expect(arms[1].test?.significant).toBe(true);
  });
});

describe("REST", () => {
  test("POST creates, PATCH keeps what it does not send, POST .../status starts it; stale versions are 409", async () => {
    const { ctx, campaign, a, b } = await world();
    const key = (await createApiKey(scopeOf(ctx), { name: "rest", scope: "READ_WRITE" })).secret;
    const { description: _none, endTime: _open, ...body } = input(campaign.id, [[a.id, 50], [b.id, 50]], { startTime: "2030-02-01T00:00:00Z" });
    expect([_none, _open]).toEqual(["Higher bid", END]); // left out: no description, no end
    const created = await callApi("POST", "/experiments", key, body);
    expect(created.status).toBe(201);
    const view = (created.body as { respObject: { id: number } }).respObject;
    expect(view).toMatchObject({ name: "Bid test", description: null, status: "DRAFT", startTime: "2030-02-01T00:00:00.000Z", endTime: null, version: 1 });
    const patched = await callApi("PATCH", `/experiments/${view.id}`, key, { version: 1, name: "Renamed" });
    expect([patched.status, (patched.body as { respObject: unknown }).respObject]).toEqual([200, expect.objectContaining({ name: "Renamed", metric: "CTR", version: 2 })]);
    const listed = await callApi("GET", `/experiments?campaignId=${campaign.id}`, key);
    expect((listed.body as { respObject: { data: { id: number }[] } }).respObject.data.map((x) => x.id)).toEqual([view.id]);

    const post = (body: unknown) =>
      handleApiRequest(
        new Request(`http://localhost/api/v1/experiments/${view.id}/status`, { method: "POST", headers: { "content-type": "application/json", authorization: `Bearer ${key}` }, body: JSON.stringify(body) }),
      );
    const stale = await post({ status: "RUNNING", version: 1 });
    expect([stale.status, JSON.stringify(await stale.json())]).toEqual([409, expect.stringContaining("This experiment was changed by someone else")]);
    const started = await post({ status: "RUNNING", version: 2 });
    expect([started.status, ((await started.json()) as { respObject: unknown }).respObject]).toEqual([200, expect.objectContaining({ status: "RUNNING", version: 3 })]);
  });
});
