// Changes to A/B experiments (business.md 7 "A/B experiment create,
// update, update status"): create, edit and status changes. Pure server logic
// taking the action's scope (lib/data/scope.ts), so server actions, the REST
// API and tests share one implementation. The action checks the role before
// it reads the input. Each mutation is one transaction holding the change,
// its activity row and those of the strategies it moves.
//
// An experiment's arms are strategies of its campaign. While they are arms
// they are A/B test strategies (Strategy.isAbTestStrategy): the ordinary
// strategy lists, menus and pickers leave them out (shell.md 7 filters). A
// strategy is an arm of one experiment at a time. Stopping an experiment
// (COMPLETED) hands its strategies back to the ordinary lists. Each such flip
// is an UPDATE activity row of the strategy.
import type { SessionContext } from "../auth/context";
import type { ActionScope } from "../data/scope";
import type { TenantTx } from "../data/tenant-db";
import type { ExperimentStatus } from "../generated/prisma/enums";
import { writeActivity } from "../audit/activity";
import { diffFields } from "../audit/diff";
import { validationError } from "../validation/errors";
import { ConflictError } from "../errors";
import { orNotFound } from "../data/gate";
import { updateVersioned, withAuditedChange } from "../data/transaction";
import { strategyEntry } from "../strategies/mutations";
import { ARMS_INCLUDE, experimentSettings, toExperimentDetails, toExperimentId, type ExperimentDetails, type ExperimentRow } from "./queries";
import {
  EXPERIMENT_CHANGE_MESSAGES as M,
  ExperimentSchema,
  ExperimentStatusValueSchema,
  STATUS_LABELS,
  STATUS_TRANSITIONS,
  UpdateExperimentSchema,
} from "./schema";

/** The fields of an experiment's activity rows (arms as one text: "Strategy (id) 50%, ..."). */
export const EXPERIMENT_FIELDS = ["name", "description", "metric", "status", "startTime", "endTime", "arms"] as const;

/** The entity fields of an activity row about an experiment. */
export function experimentEntry(row: Pick<ExperimentRow, "id" | "name" | "advertiserId">) {
  return { entityType: "EXPERIMENT", entityId: row.id, entityName: row.name, entityAdvertiserId: row.advertiserId } as const;
}

type Arm = { strategyId: number; trafficPercent: number };

/** An experiment as its activity rows compare it. */
function audited(row: ExperimentRow, names: Map<number, string>) {
  const arms = row.arms.map((a) => `${names.get(a.strategyId) ?? "Strategy"} (${a.strategyId}) ${a.trafficPercent}%`).join(", ");
  return { ...experimentSettings(row), arms };
}

async function strategyNames(tx: TenantTx, ids: number[]): Promise<Map<number, string>> {
  const rows = await tx.strategy.findMany({ where: { id: { in: ids } }, select: { id: true, name: true } });
  return new Map(rows.map((r) => [r.id, r.name]));
}

async function loadExperiment(tx: TenantTx, id: number): Promise<ExperimentRow> {
  return orNotFound(await tx.experiment.findUnique({ where: { id }, include: ARMS_INCLUDE }), "Experiment");
}

/** An experiment that may change: not completed, and still at the version the form was loaded with. */
async function writableExperiment(tx: TenantTx, id: number, expectedVersion: number): Promise<ExperimentRow> {
  const before = await loadExperiment(tx, id);
  if (before.version !== expectedVersion) throw new ConflictError(M.staleVersion);
  if (before.status === "COMPLETED") throw new ConflictError(M.completedReadOnly);
  return before;
}

/** The campaign an experiment runs on: this licensee's (else not found, like any other licensee's id), not archived. */
async function writableCampaign(tx: TenantTx, id: number) {
  const campaign = orNotFound(await tx.campaign.findUnique({ where: { id }, select: { id: true, advertiserId: true, isArchived: true } }), "Campaign");
  if (campaign.isArchived) throw new ConflictError(M.campaignArchived);
  return campaign;
}

/**
 * The arms' strategies: each of the campaign's own, not archived, and no arm
 * of another experiment (a strategy already an arm of `experimentId` may stay).
 */
async function checkArmStrategies(tx: TenantTx, campaignId: number, arms: Arm[], experimentId: number | null) {
  const ids = arms.map((a) => a.strategyId);
  const rows = await tx.strategy.findMany({
    where: { id: { in: ids } },
    select: { id: true, campaignId: true, isArchived: true, isAbTestStrategy: true },
  });
  const own = experimentId === null ? new Set<number>() : new Set((await tx.experimentArm.findMany({ where: { experimentId }, select: { strategyId: true } })).map((a) => a.strategyId));
  for (const [i, arm] of arms.entries()) {
    const row = rows.find((r) => r.id === arm.strategyId);
    if (!row || row.campaignId !== campaignId || row.isArchived) throw validationError(["arms", String(i), "strategyId"], M.strategyOfOtherCampaign, arm.strategyId);
    if (row.isAbTestStrategy && !own.has(row.id)) throw validationError(["arms", String(i), "strategyId"], M.strategyInOtherExperiment, arm.strategyId);
  }
}

/** Marks strategies as A/B test arms (or hands them back), each flip with its strategy's activity row. */
async function flagStrategies(tx: TenantTx, ctx: SessionContext, ids: number[], isAbTestStrategy: boolean, experimentName: string) {
  if (ids.length === 0) return;
  const rows = await tx.strategy.findMany({
    where: { id: { in: ids }, isAbTestStrategy: !isAbTestStrategy },
    select: { id: true, name: true, advertiserId: true },
    orderBy: { id: "asc" },
  });
  for (const row of rows) {
    await tx.strategy.updateMany({ where: { id: row.id }, data: { isAbTestStrategy, version: { increment: 1 } } });
    await writeActivity(tx, ctx, {
      action: "UPDATE",
      ...strategyEntry(row),
      message: isAbTestStrategy ? `Strategy became an arm of experiment ${experimentName}` : `Strategy left experiment ${experimentName}`,
      before: { isAbTestStrategy: !isAbTestStrategy },
      after: { isAbTestStrategy },
      fields: ["isAbTestStrategy"],
    });
  }
}

/** Creates a draft experiment with its arms, marks the arms' strategies, and audits it all, in one transaction. */
export async function createExperiment(scope: ActionScope, input: unknown): Promise<ExperimentDetails> {
  const { ctx } = scope;
  return withAuditedChange(scope, async (tx) => {
    const data = ExperimentSchema.parse(input);
    const campaign = await writableCampaign(tx, data.campaignId);
    await checkArmStrategies(tx, campaign.id, data.arms, null);
    const created = await tx.experiment.create({
      data: {
        advertiserId: campaign.advertiserId,
        campaignId: campaign.id,
        name: data.name,
        description: data.description,
        metric: data.metric,
        startTime: data.startTime,
        endTime: data.endTime,
      },
    });
    for (const arm of data.arms) await tx.experimentArm.create({ data: { experimentId: created.id, ...arm } });
    const after = await loadExperiment(tx, created.id);
    const names = await strategyNames(tx, data.arms.map((a) => a.strategyId));
    await writeActivity(tx, ctx, { action: "CREATE", ...experimentEntry(after), before: null, after: audited(after, names), fields: EXPERIMENT_FIELDS });
    await flagStrategies(tx, ctx, data.arms.map((a) => a.strategyId), true, after.name);
    return toExperimentDetails(after);
  });
}

/**
 * Saves the edit form. `expectedVersion` is the version the form was loaded
 * with: if someone saved in between, ConflictError ('This experiment was
 * changed by someone else') and nothing is written. The campaign is fixed;
 * the arms' strategies may change while the experiment is a draft, the
 * traffic split always. An unchanged form writes nothing.
 */
export async function updateExperiment(scope: ActionScope, id: number | string, expectedVersion: number, input: unknown): Promise<ExperimentDetails> {
  const { ctx } = scope;
  const experimentId = toExperimentId(id);
  return withAuditedChange(scope, async (tx) => {
    const before = await writableExperiment(tx, experimentId, expectedVersion);
    const data = UpdateExperimentSchema.parse({ ...(input as object), id: experimentId, version: expectedVersion });
    await writableCampaign(tx, before.campaignId);
    const beforeIds = before.arms.map((a) => a.strategyId);
    const afterIds = data.arms.map((a) => a.strategyId);
    const sameStrategies = beforeIds.length === afterIds.length && beforeIds.every((s) => afterIds.includes(s));
    if (!sameStrategies && before.status !== "DRAFT") throw validationError(["arms"], M.armsFixedOnceStarted, data.arms);
    await checkArmStrategies(tx, before.campaignId, data.arms, before.id);
    const names = await strategyNames(tx, [...new Set([...beforeIds, ...afterIds])]);
    const columns = { name: data.name, description: data.description, metric: data.metric, startTime: new Date(data.startTime), endTime: data.endTime ? new Date(data.endTime) : null };
    const armsText = (arms: Arm[]) => arms.map((a) => `${a.strategyId}:${a.trafficPercent}`).join(",");
    const armsChanged = armsText(before.arms) !== armsText(data.arms);
    if (!armsChanged && diffFields(before, columns, Object.keys(columns)).length === 0) return toExperimentDetails(before);
    await updateVersioned(tx.experiment, before.id, before.version, columns, "Experiment").catch((e: unknown) => {
      throw e instanceof ConflictError ? new ConflictError(M.staleVersion) : e;
    });
    if (armsChanged) {
      // Replace the arms in the order given (the first is the control).
      await tx.experimentArm.deleteMany({ where: { experimentId: before.id } });
      for (const arm of data.arms) await tx.experimentArm.create({ data: { experimentId: before.id, ...arm } });
    }
    const after = await loadExperiment(tx, before.id);
    await writeActivity(tx, ctx, { action: "UPDATE", ...experimentEntry(after), before: audited(before, names), after: audited(after, names), fields: EXPERIMENT_FIELDS });
    await flagStrategies(tx, ctx, beforeIds.filter((s) => !afterIds.includes(s)), false, after.name);
    await flagStrategies(tx, ctx, afterIds.filter((s) => !beforeIds.includes(s)), true, after.name);
    return toExperimentDetails(after);
  });
}

/**
 * Start, pause, resume or stop (STATUS_TRANSITIONS). Stopping completes the
 * experiment for good and hands its strategies back to the ordinary lists.
 * Asking for the status it already has changes nothing.
 */
export async function setExperimentStatus(scope: ActionScope, id: number | string, expectedVersion: number, status: unknown): Promise<ExperimentDetails> {
  const { ctx } = scope;
  const experimentId = toExperimentId(id);
  const to: ExperimentStatus = ExperimentStatusValueSchema.parse(status);
  return withAuditedChange(scope, async (tx) => {
    const current = await loadExperiment(tx, experimentId);
    if (current.version !== expectedVersion) throw new ConflictError(M.staleVersion);
    if (current.status === to) return toExperimentDetails(current);
    if (!STATUS_TRANSITIONS[current.status].includes(to)) throw new ConflictError(M.statusNotAllowed(current.status, to));
    await updateVersioned(tx.experiment, current.id, current.version, { status: to }, "Experiment").catch((e: unknown) => {
      throw e instanceof ConflictError ? new ConflictError(M.staleVersion) : e;
    });
    const after = await loadExperiment(tx, current.id);
    await writeActivity(tx, ctx, {
      action: "UPDATE",
      ...experimentEntry(after),
      message: `Experiment ${STATUS_LABELS[to].toLowerCase()}`,
      before: { status: current.status },
      after: { status: to },
      fields: ["status"],
    });
    if (to === "COMPLETED") await flagStrategies(tx, ctx, after.arms.map((a) => a.strategyId), false, after.name);
    return toExperimentDetails(after);
  });
}
