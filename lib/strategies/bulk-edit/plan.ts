// The review of a bulk edit (a dry run) and the computation its apply repeats
// in its transaction: every strategy read in one query, each campaign's
// context once, each strategy's values after the edit (./merge.ts) parsed by
// the one strategy schema with its campaign's context (every wizard rule
// applies), every record they name read in one go and checked as a save
// checks them, then described as the activity log describes a change (old ->
// new, list fields as items added and removed, names not ids).
import "server-only";
import { z } from "../../validation/z";
import type { SessionContext } from "../../auth/context";
import type { ChangedField } from "../../audit/diff";
import { validationError } from "../../validation/errors";
import { NotFoundError } from "../../errors";
import type { ActionScope } from "../../data/scope";
import type { TenantTx } from "../../data/tenant-db";
import { formatTimestamp } from "../../format";
import { getUserTimeSettings } from "../../user-settings/queries";
import { strategyChanges } from "../audit";
import { contextOptions, loadStrategyContext, type StrategyContext } from "../context";
import { describeStrategy, type DescribableStrategy, type Namers } from "../describe";
import { strategySchema, type StrategyData } from "../form";
import { geoName } from "../geo";
import { toColumns } from "../mutations";
import { describableOf, STRATEGY_RELATIONS, strategyFormValues, toStrategyDetails, type StrategyRow } from "../queries";
import { loadReferences, referenceIssues, referenceNames, type StrategyRefs } from "../references";
import { STEP_OF_FIELD } from "../steps";
import { armsLeftOut } from "./arms";
import { bulkEditBlockers } from "./blockers";
import { applyBulkEdit, type BulkEdit } from "./merge";
import { BULK_EDIT_MESSAGES as M } from "./schema";
import { BULK_FIELDS } from "./sections";

export interface BulkEditStrategyRef {
  id: number;
  name: string;
  /** The version the review was computed on: apply refuses the strategy if it changed since. */
  version: number;
}
export interface BulkEditChangePlan extends BulkEditStrategyRef {
  /** What will change, by the strategy's readable labels: old -> new; list fields as "Removed: …" / "Added: …". */
  changes: ChangedField[];
}
export interface BulkEditProblem extends BulkEditStrategyRef {
  messages: string[];
}
/** The review: plain data for the browser and the REST API. */
export interface BulkEditPlan {
  changed: BulkEditChangePlan[];
  unchanged: BulkEditStrategyRef[];
  /** Strategies whose result breaks a rule: nothing can be applied while any is listed. */
  problems: BulkEditProblem[];
}

/** One strategy's computed edit: what apply writes. */
export interface ComputedEdit {
  row: StrategyRow;
  context: StrategyContext;
  data: StrategyData | null;
  /** The activity row's fields (times as ISO text, as every activity row stores them). */
  auditChanges: ChangedField[];
}

/**
 * The strategies of the licensee with these ids, with their associations, in
 * one query; any other id is "not found". An A/B experiment's arm refuses the
 * whole edit beside the ids, naming each arm and its experiment (./arms.ts).
 */
export async function loadBulkRows(tx: TenantTx, ids: readonly number[]): Promise<StrategyRow[]> {
  const wanted = [...new Set(ids)];
  const rows = await tx.strategy.findMany({
    where: { id: { in: wanted } },
    include: STRATEGY_RELATIONS,
    orderBy: { id: "asc" },
  });
  if (rows.length !== wanted.length) throw new NotFoundError("Strategy");
  const arms = await armsLeftOut(tx, rows.filter((r) => r.isAbTestStrategy));
  if (arms.length > 0) throw validationError(["ids"], arms.map((a) => a.reason).join(" "));
  return rows;
}

async function loadContexts(tx: TenantTx, ctx: SessionContext, rows: readonly StrategyRow[]): Promise<Map<number, StrategyContext>> {
  const contexts = new Map<number, StrategyContext>();
  for (const campaignId of new Set(rows.map((r) => r.campaignId))) contexts.set(campaignId, await loadStrategyContext(tx, ctx.licenseeId, campaignId));
  return contexts;
}

/** The creative sets a change names, and the advertisers of the strategies: the facts of the disabled conditions. Refused beside the field. */
async function refuseBlocked(tx: TenantTx, rows: readonly StrategyRow[], edit: BulkEdit): Promise<void> {
  const setIds = edit.changes.find((c) => c.field === "creativeSets")?.items?.filter((i): i is number => typeof i === "number") ?? [];
  const creativeSets = setIds.length
    ? await tx.creativeSet.findMany({ where: { id: { in: setIds } }, select: { advertiserId: true, isPlacebo: true, type: true } })
    : [];
  const blockers = bulkEditBlockers(edit, { creativeSets, strategyAdvertiserIds: rows.map((r) => r.advertiserId) });
  if (blockers.length > 0) throw new z.ZodError(blockers.map((b) => ({ code: "custom" as const, path: [b.field], message: b.message, input: undefined })));
}

/** The label a rule's message is shown under: the bulk field's, else none (the message names its subject). */
const FIELD_LABELS = new Map<string, string>(BULK_FIELDS.map((f) => [f.kind === "scalar" ? (f.key === "frequencyCap" ? "fcapFrequency" : f.key) : f.path[0], f.label]));
function messageOf(issue: { path: readonly PropertyKey[]; message: string }): string {
  const key = String(issue.path[0] ?? "");
  const label = FIELD_LABELS.get(key) ?? (STEP_OF_FIELD[key] ? key : null);
  return label ? `${label}: ${issue.message}` : issue.message;
}

function unionRefs(parts: readonly StrategyRefs[]): StrategyRefs {
  const ids = (pick: (r: StrategyRefs) => number[]) => [...new Set(parts.flatMap(pick))];
  const lists = (pick: (r: StrategyRefs) => { targetList: number[]; blockedList: number[] } | undefined) => ({ targetList: ids((r) => pick(r)?.targetList ?? []), blockedList: ids((r) => pick(r)?.blockedList ?? []) });
  const segments = (pick: (r: StrategyRefs) => { targetedSegments: number[]; blockedSegments: number[] } | undefined) => ({
    targetedSegments: ids((r) => pick(r)?.targetedSegments ?? []),
    blockedSegments: ids((r) => pick(r)?.blockedSegments ?? []),
    customSegmentTargeting: false,
    targetedSegmentsOperator: "OR" as const,
  });
  return {
    pixelIds: ids((r) => r.pixelIds),
    creativeIds: ids((r) => r.creativeIds),
    creativeSetIds: ids((r) => r.creativeSetIds),
    inventory: { rtbAggregators: lists((r) => r.inventory.rtbAggregators), rtbSites: lists((r) => r.inventory.rtbSites), rtbApps: lists((r) => r.inventory.rtbApps) },
    targeting: {
      dealDTO: lists((r) => r.targeting.dealDTO),
      targetAppSegments: segments((r) => r.targeting.targetAppSegments),
      targetWebSegments: segments((r) => r.targeting.targetWebSegments),
      targetDmpSegments: segments((r) => r.targeting.targetDmpSegments),
      targetLalSegments: segments((r) => r.targeting.targetLalSegments),
    },
  };
}

const ref = (row: StrategyRow): BulkEditStrategyRef => ({ id: row.id, name: row.name, version: row.version });

/**
 * Computes the edit of every strategy. `displayTime` formats times for the
 * review (the audit rows keep ISO text). Refuses (beside the field) an edit
 * the disabled conditions forbid.
 */
export async function computeBulkEdit(
  tx: TenantTx,
  ctx: SessionContext,
  rows: readonly StrategyRow[],
  edit: BulkEdit,
  displayTime: (iso: string) => string,
): Promise<{ plan: BulkEditPlan; computed: ComputedEdit[] }> {
  await refuseBlocked(tx, rows, edit);
  const contexts = await loadContexts(tx, ctx, rows);
  const now = new Date();
  const parsed = rows.map((row) => {
    const context = contexts.get(row.campaignId)!;
    if (row.isArchived) return { row, context, data: null, messages: [M.archived.replace(/: $/, ".")] };
    const before = toStrategyDetails(row);
    const options = contextOptions(context);
    const schema = strategySchema({
      mode: "edit",
      now,
      saved: { startTime: row.startTime, endTime: row.endTime, type: row.type },
      ...options,
      skadAllowed: row.skadOptimised || options.skadAllowed,
    });
    const result = schema.safeParse(applyBulkEdit(strategyFormValues(before), edit));
    if (!result.success) return { row, context, data: null, messages: [...new Set(result.error.issues.map(messageOf))] };
    return { row, context, data: result.data, messages: [] as string[] };
  });

  const valid = parsed.filter((p) => p.data !== null);
  const befores = rows.map((r) => describableOf(toStrategyDetails(r)));
  const found = await loadReferences(tx, unionRefs([...befores, ...valid.map((p) => p.data!)]));
  const names = referenceNames(found);
  const namers = (context: StrategyContext, time: (iso: string) => string): Namers => ({
    ...names,
    campaign: () => context.campaign.name,
    geo: (level, id) => geoName(level, id) ?? id,
    time,
  });
  const describe = (s: DescribableStrategy, n: Namers) => describeStrategy(s, n);

  const plan: BulkEditPlan = { changed: [], unchanged: [], problems: [] };
  const computed: ComputedEdit[] = [];
  parsed.forEach((p, i) => {
    const messages = p.data ? referenceIssues(p.data, found, p.context.campaign.advertiserId, p.data.type).map(messageOf) : p.messages;
    if (messages.length > 0) {
      plan.problems.push({ ...ref(p.row), messages: [...new Set(messages)] });
      return;
    }
    const data = p.data!;
    const auditNamers = namers(p.context, (iso) => iso);
    const auditChanges = strategyChanges(describe(befores[i], auditNamers), describe(data, auditNamers));
    if (auditChanges.length === 0) {
      plan.unchanged.push(ref(p.row));
      return;
    }
    const shown = namers(p.context, displayTime);
    plan.changed.push({ ...ref(p.row), changes: strategyChanges(describe(befores[i], shown), describe(data, shown)) });
    computed.push({ row: p.row, context: p.context, data, auditChanges });
  });
  return { plan, computed };
}

/** The stored columns of a computed edit. */
export const columnsOf = (c: ComputedEdit) => toColumns(c.data!, c.context);

/**
 * The review of a bulk edit: nothing is written. Its action is a write in the
 * role sense (it prepares one): read-only and demo users were refused there.
 */
export async function planStrategyBulkEdit({ ctx, db }: ActionScope, ids: readonly number[], edit: BulkEdit): Promise<BulkEditPlan> {
  const { iana } = await getUserTimeSettings(ctx);
  const rows = await loadBulkRows(db, ids);
  return (await computeBulkEdit(db, ctx, rows, edit, (iso) => formatTimestamp(iso, iana))).plan;
}
