// Review status of creatives per exchange (aggregator), as DV360 shows it:
// pending, approved, or rejected with a reason. Decision: a creative without
// a CreativeReview row for an exchange is PENDING there, so a new creative
// (or a new exchange in the dictionary) needs no rows to be written; the
// exchange integrations write APPROVED / REJECTED (and may write PENDING
// again for a re-review) through PUT /api/v1/creatives/{id}/reviews/{aggregatorId}.
import "server-only";
import { z } from "../validation/z";
import type { SessionContext } from "../auth/context";
import type { ActionScope } from "../data/scope";
import { IdSchema } from "../actions/fields";
import { writeActivity } from "../audit/activity";
import { orNotFound } from "../data/gate";
import { referenceDb, tenantDb } from "../data/tenant-db";
import { withAuditedChange } from "../data/transaction";
import { CreativeReviewStatus } from "../generated/prisma/enums";
import { parseStrategyInventory } from "../strategies/schema";
import { creativeEntry } from "./entry";

export const REVIEW_STATUS_LABELS: Record<CreativeReviewStatus, string> = { PENDING: "Pending", APPROVED: "Approved", REJECTED: "Rejected" };

export const REVIEW_MESSAGES = {
  reasonRequired: "Give the reason of the rejection",
} as const;

export const SetReviewSchema = z
  .object({
    creativeId: IdSchema,
    aggregatorId: IdSchema,
    status: z.enum(CreativeReviewStatus, { error: "status must be PENDING, APPROVED or REJECTED" }),
    reason: z.string().trim().max(500).nullable().optional(),
  })
  .superRefine((v, ctx) => {
    if (v.status === "REJECTED" && !v.reason) ctx.addIssue({ code: "custom", path: ["reason"], message: REVIEW_MESSAGES.reasonRequired });
  });
export type SetReviewInput = z.input<typeof SetReviewSchema>;

export interface CreativeReviewView {
  creativeId: number;
  aggregatorId: number;
  aggregatorName: string;
  status: CreativeReviewStatus;
  reason: string | null;
  updatedAt: string | null;
}

/** The exchanges of the dictionary, by name. */
export function aggregators() {
  return referenceDb().aggregator.findMany({ select: { id: true, name: true }, orderBy: [{ name: "asc" }, { id: "asc" }] });
}

/** A creative's review on every exchange (pending where no exchange has answered). */
export async function creativeReviews(ctx: SessionContext, creativeId: number): Promise<CreativeReviewView[]> {
  const [all, rows] = await Promise.all([aggregators(), tenantDb(ctx).creativeReview.findMany({ where: { creativeId } })]);
  const byAggregator = new Map(rows.map((r) => [r.aggregatorId, r]));
  return all.map((a) => {
    const r = byAggregator.get(a.id);
    return {
      creativeId,
      aggregatorId: a.id,
      aggregatorName: a.name,
      status: r?.status ?? "PENDING",
      reason: r?.reason ?? null,
      updatedAt: r ? r.updatedAt.toISOString() : null,
    };
  });
}

/** "3 approved · 1 rejected · 2 pending" per creative, for list cells. */
export async function reviewSummaries(ctx: SessionContext, creativeIds: number[]): Promise<Map<number, string>> {
  const out = new Map<number, string>();
  if (!creativeIds.length) return out;
  const [exchangeCount, rows] = await Promise.all([
    referenceDb().aggregator.count(),
    tenantDb(ctx).creativeReview.groupBy({ by: ["creativeId", "status"], where: { creativeId: { in: creativeIds } }, _count: { _all: true } }),
  ]);
  for (const id of creativeIds) {
    const count = (status: CreativeReviewStatus) => rows.find((r) => r.creativeId === id && r.status === status)?._count._all ?? 0;
    const approved = count("APPROVED");
    const rejected = count("REJECTED");
    const pending = Math.max(0, exchangeCount - approved - rejected);
    const parts = [approved && `${approved} approved`, rejected && `${rejected} rejected`, pending && `${pending} pending`].filter(Boolean);
    out.set(id, parts.join(" · ") || "-");
  }
  return out;
}

/** Sets one exchange's review of a creative (exchange integrations), audited on the creative. The action checks the role. */
export async function setCreativeReview(scope: ActionScope, input: SetReviewInput): Promise<CreativeReviewView> {
  const { ctx } = scope;
  const v = SetReviewSchema.parse(input);
  return withAuditedChange(scope, async (tx) => {
    const creative = orNotFound(await tx.creative.findUnique({ where: { id: v.creativeId }, select: { id: true, name: true, advertiserId: true } }), "Creative");
    const aggregator = orNotFound(await referenceDb().aggregator.findUnique({ where: { id: v.aggregatorId } }), "Exchange");
    const key = { creativeId_aggregatorId: { creativeId: creative.id, aggregatorId: aggregator.id } };
    const before = await tx.creativeReview.findUnique({ where: key });
    const reason = v.status === "REJECTED" ? (v.reason ?? null) : null;
    const saved = await tx.creativeReview.upsert({
      where: key,
      create: { creativeId: creative.id, aggregatorId: aggregator.id, status: v.status, reason },
      update: { status: v.status, reason },
    });
    const field = `Review on ${aggregator.name}`;
    const text = (status: string, why: string | null) => (why ? `${REVIEW_STATUS_LABELS[status as CreativeReviewStatus]}: ${why}` : REVIEW_STATUS_LABELS[status as CreativeReviewStatus]);
    await writeActivity(tx, ctx, {
      action: "UPDATE",
      ...creativeEntry(creative),
      message: `Creative review on ${aggregator.name}: ${REVIEW_STATUS_LABELS[v.status]}`,
      before: { [field]: text(before?.status ?? "PENDING", before?.reason ?? null) },
      after: { [field]: text(saved.status, saved.reason) },
    });
    return { creativeId: creative.id, aggregatorId: aggregator.id, aggregatorName: aggregator.name, status: saved.status, reason: saved.reason, updatedAt: saved.updatedAt.toISOString() };
  });
}

export interface RejectedExchangeWarning {
  aggregatorId: number;
  aggregatorName: string;
  /** How many creatives the strategy serves (its own and its sets'), all rejected there. */
  creativeCount: number;
}

/**
 * The exchanges a strategy targets (its inventory's target exchanges, or all
 * but the blocked ones when none is chosen) on which every creative it serves,
 * its own and its sets', is rejected: it cannot deliver there.
 */
export async function rejectedExchangeWarnings(ctx: SessionContext, strategyId: number): Promise<RejectedExchangeWarning[]> {
  const db = tenantDb(ctx);
  const strategy = orNotFound(
    await db.strategy.findUnique({
      where: { id: strategyId },
      select: {
        inventory: true,
        creatives: { where: { creative: { isArchived: false } }, select: { creativeId: true } },
        creativeSets: { where: { creativeSet: { isArchived: false } }, select: { creativeSet: { select: { creatives: { where: { creative: { isArchived: false } }, select: { creativeId: true } } } } } },
      },
    }),
    "Strategy",
  );
  const creativeIds = [...new Set([...strategy.creatives.map((c) => c.creativeId), ...strategy.creativeSets.flatMap((s) => s.creativeSet.creatives.map((c) => c.creativeId))])];
  if (!creativeIds.length) return [];
  let lists: { targetList: number[]; blockedList: number[] } | undefined;
  try {
    lists = parseStrategyInventory(strategy.inventory).rtbAggregators;
  } catch {
    lists = undefined; // an inventory of an older shape: all exchanges
  }
  const all = await aggregators();
  const targeted = lists?.targetList.length ? all.filter((a) => lists!.targetList.includes(a.id)) : all.filter((a) => !(lists?.blockedList ?? []).includes(a.id));
  if (!targeted.length) return [];
  const rejected = await db.creativeReview.groupBy({
    by: ["aggregatorId"],
    where: { creativeId: { in: creativeIds }, status: "REJECTED", aggregatorId: { in: targeted.map((a) => a.id) } },
    _count: { _all: true },
  });
  const counts = new Map(rejected.map((r) => [r.aggregatorId, r._count._all]));
  return targeted
    .filter((a) => counts.get(a.id) === creativeIds.length)
    .map((a) => ({ aggregatorId: a.id, aggregatorName: a.name, creativeCount: creativeIds.length }));
}
