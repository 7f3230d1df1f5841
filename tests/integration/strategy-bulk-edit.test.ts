// Strategy bulk edit (business.md 2, 4): the review computes per strategy what
// will change without writing; apply is all or nothing in one transaction,
// audited per strategy and field, refuses strategies changed since the review
// and results that break a rule (naming them), and only read-write users of
// the licensee may run either. An A/B experiment's arm is never bulk edited:
// the page leaves it out and says why, the review and apply (console and REST)
// refuse it beside the ids, naming it and its experiment.
import "../helpers/next-cache-double";
import { db } from "@/lib/db";
import { createApiKey } from "@/lib/account/api-keys";
import { executeAction } from "@/lib/actions/define-action";
import { toActionError } from "@/lib/actions/server-result";
import { ConflictError, ForbiddenError, NotFoundError } from "@/lib/errors";
import { scopeOf } from "@/lib/data/scope";
import { applyStrategyBulkEditAction, planStrategyBulkEditAction } from "@/lib/strategies/bulk-edit/actions";
import { applyStrategyBulkEdit } from "@/lib/strategies/bulk-edit/apply";
import { loadBulkEditPage } from "@/lib/strategies/bulk-edit/page-data";
import { planStrategyBulkEdit, type BulkEditPlan } from "@/lib/strategies/bulk-edit/plan";
import { handleApiRequest as bulkEditRoute } from "@/lib/api/router";
import { STRATEGY_MESSAGES } from "@/lib/strategies/rules";
import { BulkEditPlanInputSchema } from "@/lib/strategies/bulk-edit/schema";
import type { BulkEdit } from "@/lib/strategies/bulk-edit/merge";
import { useTestDatabase } from "../helpers/db";
import * as f from "../helpers/factories";
import { strategyWorld } from "./strategy-world";

useTestDatabase();
jest.setTimeout(120_000);

const appendFrance: BulkEdit = { changes: [{ field: "countriesTarget", action: "APPEND", items: ["FR"] }] };
const versionsOf = (plan: BulkEditPlan) =>
  Object.fromEntries([...plan.changed, ...plan.unchanged, ...plan.problems].map((s) => [String(s.id), s.version]));

async function manyStrategies(count: number) {
  const w = await strategyWorld();
  await db.strategy.createMany({
    data: Array.from({ length: count }, (_, i) => ({
      licenseeId: w.licensee.id,
      advertiserId: w.advertiser.id,
      campaignId: w.campaign.id,
      name: `Bulk ${String(i + 1).padStart(3, "0")}`,
      type: "MULTI_DEVICE" as const,
      startTime: new Date("2030-01-01T00:00:00Z"),
      pricingType: "CPM" as const,
      pricingValue: "1.5",
      targeting: i % 2 ? { targetGeographies: { country: { targetList: ["DE"], blockedList: [] }, state: { targetList: [], blockedList: [] }, city: { targetList: [], blockedList: [] }, customGeoTargeting: false } } : {},
    })),
  });
  const rows = await db.strategy.findMany({ where: { campaignId: w.campaign.id }, orderBy: { name: "asc" }, select: { id: true, name: true, version: true } });
  return { ...w, strategies: rows, ids: rows.map((r) => r.id) };
}

const writes = async () => ({
  activity: await db.activityLog.count(),
  fields: await db.activityLogField.count(),
  withFrance: await db.strategy.count({ where: { targeting: { path: ["targetGeographies", "country", "targetList"], array_contains: ["FR"] } } }),
});

describe("bulk edit of 500 strategies", () => {
  test("review names old -> new per strategy, writes nothing; apply writes every strategy with its activity row per field", async () => {
    const w = await manyStrategies(500);
    const before = await writes();
    const plan = await planStrategyBulkEdit(scopeOf(w.ctx), w.ids, appendFrance);
    expect(plan.problems).toEqual([]);
    expect(plan.changed).toHaveLength(500);
    const first = plan.changed.find((s) => s.name === "Bulk 001")!;
    // A strategy that targeted every country gets its geography lists, and with them the custom-geo flag's default.
    expect(first.changes).toEqual([
      { fieldName: "Targeted Countries", oldValue: null, newValue: "Added: France" },
      { fieldName: "Custom Geo Targeting", oldValue: null, newValue: "No" },
    ]);
    expect(plan.changed.find((s) => s.name === "Bulk 002")!.changes).toEqual([{ fieldName: "Targeted Countries", oldValue: null, newValue: "Added: France" }]);
    expect(await writes()).toEqual(before);

    const started = Date.now();
    const result = await applyStrategyBulkEdit(scopeOf(w.ctx), w.ids, versionsOf(plan), appendFrance);
    const took = Date.now() - started;
    expect(result).toEqual({ changed: 500, unchanged: 0 });
    expect(took).toBeLessThan(60_000);
    console.log(`bulk edit of 500 strategies applied in ${took} ms`);

    const rows = await db.strategy.findMany({ where: { id: { in: w.ids } }, orderBy: { name: "asc" } });
    expect(rows.every((r) => r.version === 2)).toBe(true);
    expect((rows[1].targeting as { targetGeographies: { country: { targetList: string[] } } }).targetGeographies.country.targetList).toEqual(["DE", "FR"]);
    const logs = await db.activityLog.findMany({ where: { entityType: "STRATEGY", action: "UPDATE" }, include: { fields: true } });
    expect(logs).toHaveLength(500);
    expect(new Set(logs.map((l) => l.entityId))).toEqual(new Set(w.ids));
    for (const log of logs) expect(log.fields.find((x) => x.fieldName === "Targeted Countries")).toMatchObject({ oldValue: null, newValue: "Added: France" });
    const second = logs.find((l) => l.entityId === rows[1].id)!;
    expect(second.fields.map((x) => [x.fieldName, x.oldValue, x.newValue])).toEqual([["Targeted Countries", null, "Added: France"]]);

    // The same edit again changes nothing: every strategy is listed as unchanged.
    const again = await planStrategyBulkEdit(scopeOf(w.ctx), w.ids, appendFrance);
    expect([again.changed.length, again.unchanged.length]).toEqual([0, 500]);
  });

  test("one strategy changed since the review: nothing is written and the answer names it", async () => {
    const w = await manyStrategies(500);
    const plan = await planStrategyBulkEdit(scopeOf(w.ctx), w.ids, appendFrance);
    const stale = w.strategies[321];
    await db.strategy.update({ where: { id: stale.id }, data: { name: "Renamed meanwhile", version: { increment: 1 } } });
    const before = await writes();
    const error = await applyStrategyBulkEdit(scopeOf(w.ctx), w.ids, versionsOf(plan), appendFrance).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConflictError);
    expect((error as Error).message).toBe("These strategies were changed by someone else since the review: Renamed meanwhile");
    expect(await writes()).toEqual(before);
    expect(before.withFrance).toBe(0);
  });
});

describe("rules of the one strategy schema", () => {
  test("a result that breaks a rule for one strategy is listed in the review; apply commits nothing and names it", async () => {
    const w = await manyStrategies(20);
    const capped = w.strategies[4];
    await db.strategy.update({ where: { id: capped.id }, data: { bidCapMax: "2" } });
    const edit: BulkEdit = { changes: [{ field: "bidCapMin", action: "REPLACE", value: "3" }, ...appendFrance.changes] };
    const plan = await planStrategyBulkEdit(scopeOf(w.ctx), w.ids, edit);
    expect(plan.problems).toEqual([{ id: capped.id, name: capped.name, version: 1, messages: [`Min Bid Cap: ${STRATEGY_MESSAGES.bidCapMinAboveMax}`] }]);
    expect(plan.changed).toHaveLength(19);
    const before = await writes();
    const error = await applyStrategyBulkEdit(scopeOf(w.ctx), w.ids, versionsOf(plan), edit).catch((e: unknown) => e);
    expect(toActionError(error)).toMatchObject({ status: 400, formError: expect.stringContaining(`These strategies would break a rule: ${capped.name} (Min Bid Cap:`) });
    expect(await writes()).toEqual(before);
  });

  test("disabled conditions are refused beside the field: creative sets differing in placebo", async () => {
    const w = await manyStrategies(2);
    const placebo = await f.makeCreativeSet(w.advertiser, { name: "Placebo", type: "IMAGE", isPlacebo: true });
    const edit: BulkEdit = { changes: [{ field: "creativeSets", action: "APPEND", items: [w.set.id, placebo.id] }] };
    const error = await planStrategyBulkEdit(scopeOf(w.ctx), w.ids, edit).catch((e: unknown) => e);
    expect(toActionError(error).fieldErrors).toEqual({ creativeSets: expect.stringContaining("differ in placebo") });
  });

  test("an action the field does not allow is a field error", () => {
    const r = BulkEditPlanInputSchema.safeParse({ ids: [1], changes: [{ field: "budgetValue", action: "REMOVE" }] });
    expect(r.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([["budgetValue", "Remove is not allowed for Budget"]]);
  });
});

describe("who may", () => {
  test("read-only and demo users are refused before anything is read; another licensee's ids are not found", async () => {
    const w = await manyStrategies(3);
    for (const role of ["RO", "DEMO"] as const) {
      const user = await f.makeUser(`${role}.bulk@example.com`, [{ licenseeId: w.licensee.id, role }]);
      const ctx = await f.ctxFor(user.id, w.licensee.id);
      await expect(executeAction(planStrategyBulkEditAction.definition, ctx, { ids: w.ids, ...appendFrance })).rejects.toBeInstanceOf(ForbiddenError);
      await expect(executeAction(applyStrategyBulkEditAction.definition, ctx, { ids: w.ids, versions: {}, ...appendFrance })).rejects.toBeInstanceOf(ForbiddenError);
    }
    const other = await f.makeTenant();
    await expect(planStrategyBulkEdit(scopeOf(other.ctx), w.ids, appendFrance)).rejects.toBeInstanceOf(NotFoundError);
    await expect(applyStrategyBulkEdit(scopeOf(other.ctx), w.ids, { [w.ids[0]]: 1 }, appendFrance)).rejects.toBeInstanceOf(NotFoundError);
    // One foreign id among the licensee's own: the whole call is not found.
    const foreign = await manyStrategies(1);
    await expect(planStrategyBulkEdit(scopeOf(w.ctx), [...w.ids, foreign.ids[0]], appendFrance)).rejects.toBeInstanceOf(NotFoundError);
    expect(await db.activityLog.count()).toBe(0);
  });
});

describe("A/B experiment arms", () => {
  /** Two of the strategies become the arms of a running experiment, as the experiment screen makes them. */
  async function withArms() {
    const w = await manyStrategies(4);
    const [control, challenger] = w.strategies.slice(1, 3);
    await db.experiment.create({
      data: {
        licenseeId: w.licensee.id,
        advertiserId: w.advertiser.id,
        campaignId: w.campaign.id,
        name: "Checkout test",
        status: "RUNNING",
        startTime: new Date("2030-01-01T00:00:00Z"),
        arms: { create: [{ strategyId: control.id, trafficPercent: 50 }, { strategyId: challenger.id, trafficPercent: 50 }] },
      },
    });
    await db.strategy.updateMany({ where: { id: { in: [control.id, challenger.id] } }, data: { isAbTestStrategy: true } });
    const armMessage = (s: { id: number; name: string }) =>
      `Strategy "${s.name}" (id ${s.id}) is an arm of the A/B experiment "Checkout test": an experiment's arms are changed one at a time from its page, not in a bulk edit.`;
    return { ...w, control, challenger, armMessage };
  }

  test("review and apply (the console's actions) refuse beside the ids, naming each arm and its experiment; nothing is written", async () => {
    const w = await withArms();
    const before = await writes();
    const expected = { status: 400, fieldErrors: { ids: `${w.armMessage(w.control)} ${w.armMessage(w.challenger)}` } };
    const plan = await executeAction(planStrategyBulkEditAction.definition, w.ctx, { ids: w.ids, ...appendFrance }).catch((e: unknown) => e);
    expect(toActionError(plan)).toMatchObject(expected);
    const versions = Object.fromEntries(w.strategies.map((s) => [String(s.id), s.version]));
    const apply = await executeAction(applyStrategyBulkEditAction.definition, w.ctx, { ids: w.ids, versions, ...appendFrance }).catch((e: unknown) => e);
    expect(toActionError(apply)).toMatchObject(expected);
    expect(await writes()).toEqual(before);
    // Without the arms the same edit goes through.
    const others = w.ids.filter((id) => id !== w.control.id && id !== w.challenger.id);
    expect((await planStrategyBulkEdit(scopeOf(w.ctx), others, appendFrance)).changed).toHaveLength(2);
  });

  test("REST: 400 with the arm named under strategyIds, for the review and the apply", async () => {
    const w = await withArms();
    const key = (await createApiKey(scopeOf(w.ctx), { name: "bulk", scope: "READ_WRITE" })).secret;
    const post = async (body: unknown) => {
      const request = new Request("http://localhost/api/v1/strategies/bulk-edit", {
        method: "POST",
        headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
        body: JSON.stringify(body),
      });
      const response = await bulkEditRoute(request);
      return { status: response.status, error: ((await response.json()) as { error?: { fieldErrors?: unknown } }).error };
    };
    const ids = [w.strategies[0].id, w.challenger.id];
    for (const body of [{ strategyIds: ids, changes: appendFrance.changes }, { strategyIds: ids, changes: appendFrance.changes, dryRun: false, versions: { [ids[0]]: 1, [ids[1]]: 1 } }]) {
      expect(await post(body)).toEqual({ status: 400, error: expect.objectContaining({ fieldErrors: { strategyIds: w.armMessage(w.challenger) } }) });
    }
    expect(await writes()).toMatchObject({ withFrance: 0 });
  });

  test("the page leaves an arm out and says why; with only arms it offers no form", async () => {
    const w = await withArms();
    const page = await loadBulkEditPage(w.ctx, w.ids);
    expect(page.strategies.map((s) => s.id).sort()).toEqual(w.ids.filter((id) => id !== w.control.id && id !== w.challenger.id).sort());
    expect(page.leftOut).toEqual([w.control, w.challenger].map((s) => ({ id: s.id, name: s.name, reason: w.armMessage(s) })));
    const onlyArm = await loadBulkEditPage(w.ctx, [w.control.id]);
    expect([onlyArm.strategies, onlyArm.leftOut.map((s) => s.id)]).toEqual([[], [w.control.id]]);
    // Another licensee's id is still "not found", arm or not.
    const other = await f.makeTenant();
    await expect(loadBulkEditPage(other.ctx, [w.control.id])).rejects.toBeInstanceOf(NotFoundError);
  });
});
