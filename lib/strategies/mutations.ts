// Changes to strategies (business.md 3 STRATEGY, 4, 5 Strategy). Pure server
// logic taking the session context, so server actions, the REST API and tests
// share one implementation. Each mutation is one transaction holding the
// change, its associations (pixels, creatives, creative sets) and its activity
// row, whose fields are the readable rows that changed (./audit.ts). The whole
// schema (./form.ts) is built per save with what its rules need: the server's
// clock, the stored schedule and type, and the campaign's context (./context.ts).
import "server-only";
import { z } from "../validation/z";
import type { SessionContext } from "../auth/context";
import type { ActionScope } from "../data/scope";
import { writeActivity } from "../audit/activity";
import { diffFields } from "../audit/diff";
import { validationError } from "../validation/errors";
import { ConflictError } from "../errors";
import { tenantDb, type TenantTx } from "../data/tenant-db";
import { inTransaction, updateVersioned } from "../data/transaction";
import type { BulkRow } from "../contracts/entity";
import { Prisma } from "../generated/prisma/client";
import { strategyChanges } from "./audit";
import { contextOptions, loadStrategyContext, type StrategyContext } from "./context";
import { describeStrategy, type DescribableStrategy } from "./describe";
import { strategySchema, type StrategyData } from "./form";
import { P, valueOf } from "./fields";
import { describableOf, loadStrategyRow, toStrategyDetails, toStrategyId, type StrategyDetails, type StrategyRow } from "./queries";
import { loadReferences, referenceIssues } from "./references";
import { dictionaryValueIssues, type DictionaryValued } from "./dictionary-values";
import { loadNamers, reviewOfValues, type StrategyReview } from "./review";
import { countTemplateUse } from "../strategy-templates/mutations";
import { STRATEGY_CHANGE_MESSAGES as CHANGE, STRATEGY_MESSAGES as M } from "./rules";

export { STRATEGY_CHANGE_MESSAGES } from "./rules";

/** The stored columns the wizard writes: what "unchanged" compares (the associations are compared apart). */
export const STRATEGY_COLUMNS = [
  "campaignId", "advertiserId", "name", "type", "startTime", "endTime", "campaignFcap", "fcapFrequency", "fcapInterval", "lifetimeUserFcap",
  "trackingParameter", "skadOptimised", "skOverlayPosition", "budgetValue", "dailyAdvSpendBudget", "pacingBudgetValue", "pacingTypeId",
  "pricingType", "pricingValue", "bidPercentage", "bidCapMin", "bidCapMax", "isBargainerActive", "deltaMediaBudget",
  "resetTimeDeltaMediaBudget", "spillover", "boostBidPrice", "cpaTarget", "productSelectionPolicy", "productFeedTargeting", "inventory", "targeting",
] as const;

/** The entity fields of an activity row about a strategy. */
export function strategyEntry(row: { id: number; name: string; advertiserId: number }) {
  return { entityType: "STRATEGY", entityId: row.id, entityName: row.name, entityAdvertiserId: row.advertiserId } as const;
}

/** The stored columns of parsed values under their campaign (shared with bulk edits, ./bulk-edit/). */
export function toColumns(data: StrategyData, context: StrategyContext) {
  return {
    campaignId: context.campaign.id,
    // A strategy belongs to its campaign's advertiser (business.md 3 advertiser{id}).
    advertiserId: context.campaign.advertiserId,
    name: data.name,
    type: data.type,
    startTime: data.startTime,
    endTime: data.endTime,
    campaignFcap: data.campaignFcap,
    fcapFrequency: data.fcapFrequency,
    fcapInterval: data.fcapInterval,
    lifetimeUserFcap: data.lifetimeUserFcap,
    trackingParameter: data.trackingParameter,
    skadOptimised: data.skadOptimised,
    skOverlayPosition: data.skOverlayPosition,
    budgetValue: data.budgetValue,
    dailyAdvSpendBudget: data.dailyAdvSpendBudget,
    pacingBudgetValue: data.pacingBudgetValue,
    pacingTypeId: data.pacingTypeId,
    pricingType: data.pricingType,
    pricingValue: data.pricingValue,
    bidPercentage: data.bidPercentage,
    bidCapMin: data.bidCapMin,
    bidCapMax: data.bidCapMax,
    isBargainerActive: data.isBargainerActive,
    deltaMediaBudget: data.deltaMediaBudget,
    resetTimeDeltaMediaBudget: data.resetTimeDeltaMediaBudget,
    spillover: data.spillover,
    boostBidPrice: data.boostBidPrice,
    cpaTarget: data.cpaTarget,
    productSelectionPolicy: data.productSelectionPolicy,
    productFeedTargeting: data.productFeedTargeting ?? Prisma.DbNull,
    inventory: data.inventory,
    targeting: data.targeting,
  } satisfies Record<(typeof STRATEGY_COLUMNS)[number], unknown>;
}

/** The campaign a save names (before the schema, whose rules need its context); a bad one fails with the schema's messages. */
function campaignIdOf(input: unknown, now: Date): number {
  const raw = typeof input === "object" && input !== null ? (input as Record<string, unknown>).campaignId : undefined;
  const id = valueOf(P.campaignId, raw);
  if (id === undefined || id === null) strategySchema({ mode: "create", now }).parse(input); // throws with every field message
  if (id === undefined || id === null) throw validationError(["campaignId"], M.campaignRequired);
  return id;
}

async function contextFor(tx: TenantTx, ctx: SessionContext, campaignId: number): Promise<StrategyContext> {
  const context = await loadStrategyContext(tx, ctx.licenseeId, campaignId);
  if (context.campaign.isArchived) throw new ConflictError(CHANGE.campaignArchived);
  return context;
}

/**
 * Every reference rule (./references.ts) and every dictionary value
 * (./dictionary-values.ts; `saved`: the stored strategy, whose values stay
 * accepted), as field messages; nothing is written when one fails.
 */
async function checkReferences(tx: TenantTx, data: StrategyData, context: StrategyContext, saved: DictionaryValued | null): Promise<void> {
  const issues = [
    ...referenceIssues(data, await loadReferences(tx, data), context.campaign.advertiserId, data.type),
    ...(await dictionaryValueIssues(tx, data, saved, context.campaign.advertiserId)),
  ];
  if (issues.length > 0) throw new z.ZodError(issues);
}

async function writeAssociations(tx: TenantTx, strategyId: number, data: StrategyData, replace: boolean): Promise<void> {
  if (replace) {
    await tx.strategyPixel.deleteMany({ where: { strategyId } });
    await tx.strategyCreative.deleteMany({ where: { strategyId } });
    await tx.strategyCreativeSet.deleteMany({ where: { strategyId } });
  }
  if (data.pixelIds.length) await tx.strategyPixel.createMany({ data: data.pixelIds.map((pixelId) => ({ strategyId, pixelId })) });
  if (data.creativeIds.length) await tx.strategyCreative.createMany({ data: data.creativeIds.map((creativeId) => ({ strategyId, creativeId })) });
  if (data.creativeSetIds.length) await tx.strategyCreativeSet.createMany({ data: data.creativeSetIds.map((creativeSetId) => ({ strategyId, creativeSetId })) });
}

/** The readable rows of a strategy for its activity row: names, ISO times. */
async function auditRows(tx: TenantTx, s: DescribableStrategy, context: StrategyContext) {
  return describeStrategy(s, await loadNamers(tx, s, context.campaign.name, (iso) => iso));
}

const sameIds = (a: readonly number[], b: readonly number[]) => a.length === b.length && [...a].sort().join() === [...b].sort().join();

export interface CreateStrategyOptions {
  /** The strategy template the wizard was filled from: its totalUsage counts up with this save. */
  templateId?: number;
  /** false: created inactive whatever its parents (a clone, lib/strategies/clone.ts). */
  active?: boolean;
  /** The strategy a clone copies: its dictionary values stay accepted, as on its own edit. */
  copiedFrom?: DictionaryValued;
}

/**
 * Creates a strategy with its associations and its activity row in one
 * transaction. Under an inactive campaign or advertiser it starts inactive:
 * a strategy never runs while a parent is paused (business.md 4).
 *
 * Run by write actions (./actions.ts, the template and clone actions), which
 * check the role before the input is read and open the transaction; `db` is
 * the action's tenant client, which gives the new row the session's licensee.
 */
export async function createStrategy({ ctx, db: tx }: ActionScope, input: unknown, options: CreateStrategyOptions = {}): Promise<StrategyDetails> {
  // Joins the action's transaction; called outside one (a script, a test) it opens its own.
  return inTransaction(async () => {
    const now = new Date();
    const context = await contextFor(tx, ctx, campaignIdOf(input, now));
    const data = strategySchema({ mode: "create", now, ...contextOptions(context) }).parse(input);
    await checkReferences(tx, data, context, options.copiedFrom ?? null);
    const active = (options.active ?? true) && context.campaign.active && context.campaign.advertiserActive;
    const created = await tx.strategy.create({ data: { ...toColumns(data, context), active } });
    await writeAssociations(tx, created.id, data, false);
    // Made from a template: its use is counted in the same transaction (lib/strategy-templates/mutations.ts).
    if (options.templateId !== undefined) await countTemplateUse(tx, options.templateId);
    const after = toStrategyDetails(await loadStrategyRow(tx, created.id));
    const changes = strategyChanges(null, await auditRows(tx, describableOf(after), context));
    await writeActivity(tx, ctx, { action: "CREATE", ...strategyEntry(after), changes });
    return after;
  });
}

function unchanged(before: StrategyRow, columns: ReturnType<typeof toColumns>, data: StrategyData): boolean {
  const stored = { ...before, productFeedTargeting: before.productFeedTargeting ?? null };
  const wanted = { ...columns, productFeedTargeting: data.productFeedTargeting };
  return (
    diffFields(stored, wanted, STRATEGY_COLUMNS).length === 0 &&
    sameIds(before.pixels.map((p) => p.pixelId), data.pixelIds) &&
    sameIds(before.creatives.map((c) => c.creativeId), data.creativeIds) &&
    sameIds(before.creativeSets.map((c) => c.creativeSetId), data.creativeSetIds)
  );
}

/**
 * Saves the wizard on edit. `expectedVersion` is the version the wizard was
 * loaded with: if someone saved in between, ConflictError ('This strategy was
 * changed by someone else') and nothing is written. The campaign and the type
 * are fixed once saved. An unchanged wizard writes nothing (no version bump,
 * no activity row). Run by the update action, as createStrategy is by its own.
 */
export async function updateStrategy({ ctx, db: tx }: ActionScope, id: number | string, expectedVersion: number, input: unknown): Promise<StrategyDetails> {
  const strategyId = toStrategyId(id);
  return inTransaction(async () => {
    const before = await loadStrategyRow(tx, strategyId);
    if (before.isArchived) throw new ConflictError(CHANGE.archivedReadOnly);
    if (before.version !== expectedVersion) throw new ConflictError(CHANGE.staleVersion);
    const now = new Date();
    const asked = valueOf(P.campaignId, (input as Record<string, unknown> | null)?.campaignId);
    if (asked !== undefined && asked !== null && asked !== before.campaignId) throw validationError(["campaignId"], M.campaignNotEditable);
    const context = await contextFor(tx, ctx, before.campaignId);
    const options = contextOptions(context);
    const data = strategySchema({
      mode: "edit",
      now,
      saved: { startTime: before.startTime, endTime: before.endTime, type: before.type },
      ...options,
      // A strategy saved SKAd optimised stays editable if the privilege is later withdrawn (activation still checks it).
      skadAllowed: before.skadOptimised || options.skadAllowed,
    }).parse(input);
    const columns = toColumns(data, context);
    if (unchanged(before, columns, data)) return toStrategyDetails(before);
    await checkReferences(tx, data, context, toStrategyDetails(before));
    await updateVersioned(tx.strategy, strategyId, expectedVersion, columns, "Strategy").catch((e: unknown) => {
      // Saved by someone else since this transaction read the row: the strategy's own message.
      throw e instanceof ConflictError ? new ConflictError(CHANGE.staleVersion) : e;
    });
    await writeAssociations(tx, strategyId, data, true);
    const after = toStrategyDetails(await loadStrategyRow(tx, strategyId));
    const changes = strategyChanges(await auditRows(tx, describableOf(toStrategyDetails(before)), context), await auditRows(tx, describableOf(after), context));
    await writeActivity(tx, ctx, { action: "UPDATE", ...strategyEntry(after), changes });
    return after;
  });
}

/**
 * business.md 6 "Strategy activation for SKAD requires a campaign privilege":
 * run by the strategies' bulk status change (./entity.ts) in its transaction,
 * after the rows changed; a SKAd-optimised strategy whose campaign (or
 * licensee) lacks the privilege refuses the whole change.
 */
export async function refuseSkadActivation(tx: TenantTx, ctx: SessionContext, rows: readonly BulkRow[], active: boolean): Promise<void> {
  if (!active || rows.length === 0) return;
  const skad = await tx.strategy.findMany({
    where: { id: { in: rows.map((r) => r.id) }, skadOptimised: true },
    select: { name: true, campaignId: true },
    orderBy: { id: "asc" },
  });
  // Once per campaign: "select all matching" may activate thousands of strategies of a few campaigns.
  const allowed = new Map<number, boolean>();
  for (const s of skad) {
    if (!allowed.has(s.campaignId)) allowed.set(s.campaignId, (await loadStrategyContext(tx, ctx.licenseeId, s.campaignId)).skadAllowed);
    if (!allowed.get(s.campaignId)) throw new ConflictError(`Strategy "${s.name}": ${M.skadActivationRefused}`);
  }
}

/**
 * The wizard's review step: the values parsed by the whole schema with the
 * campaign's context (field errors as on save), then described as the
 * details page describes a saved strategy. Nothing is written.
 */
export async function previewStrategyReview(ctx: SessionContext, strategyId: number | null, input: unknown): Promise<StrategyReview> {
  const tx = tenantDb(ctx);
  const now = new Date();
  const before = strategyId === null ? null : await loadStrategyRow(tx, strategyId);
  const context = await contextFor(tx, ctx, before?.campaignId ?? campaignIdOf(input, now));
  const options = contextOptions(context);
  const saved = before ? { startTime: before.startTime, endTime: before.endTime, type: before.type } : undefined;
  const skadAllowed = (before?.skadOptimised ?? false) || options.skadAllowed;
  const data = strategySchema({ mode: before ? "edit" : "create", now, saved, ...options, skadAllowed }).parse(input);
  await checkReferences(tx, data, context, before ? toStrategyDetails(before) : null);
  // The edit review shows the saved strategy's status; a strategy being created has none yet (business.md 2).
  return reviewOfValues(ctx, data, context, before ? before.active : null);
}
