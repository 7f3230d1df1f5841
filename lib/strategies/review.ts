// The strategy review (the wizard's last step, the edit review and the
// details page; business.md 2): plain view objects grouped by the sections
// BASICS, BUDGET & BIDDING, DELIVERY TARGETING, INVENTORY, CREATIVE SETS (on
// the edit review titled Details, Budget & Bidding, Targeting, Inventory,
// Creative Sets, then Status), each row a label and its text, the rows the
// visibility rules hide left out (read-only users get no attribution-type
// row at all). The screens draw these as they come: no ids, no JSON, no rows
// of the database. buildStrategyReview is pure; the loaders read the names.
import "server-only";
import type { SessionContext } from "../auth/context";
import { marginPercentText } from "../campaigns/budget";
import { formatTimestamp } from "../format";
import { tenantDb, type TenantTx } from "../data/tenant-db";
import { getUserTimeSettings } from "../user-settings/queries";
import { strategyDerivedValues, type StrategyDerivedValues } from "./budget";
import { contextOptions, loadStrategyContext, type StrategyContext } from "./context";
import { describeStrategy, REVIEW_SECTIONS, type DescribableStrategy, type DescribedRow, type Namers, type ReviewSectionKey } from "./describe";
import { visibilityFactsOf } from "./form";
import { geoName } from "./geo";
import { describableOf, getStrategyOrThrow, type StrategyDetails } from "./queries";
import { loadReferences, referenceNames } from "./references";
import { strategyVisibility, type StrategyVisibility } from "./visibility";

export interface ReviewRow {
  key: string;
  label: string;
  value: string;
}
export interface ReviewSection {
  key: ReviewSectionKey;
  /** The details page's title (BASICS ...). */
  title: string;
  /** The edit review's title (Details ...). */
  editTitle: string;
  rows: ReviewRow[];
}
export interface StrategyReview {
  sections: ReviewSection[];
  /** The edit review's last section (business.md 2): the saved strategy's status; null for a strategy not saved yet. */
  status: { title: "Status"; active: boolean; value: "Active" | "Inactive" } | null;
  /** shell.md 9 derived values of the budget step, exact decimal text. */
  derived: StrategyDerivedValues;
  visibility: StrategyVisibility;
}

const NONE_WHEN_EMPTY = new Set(["pixels", "creatives", "creativeSets"]);

function valueOf(row: DescribedRow): string {
  if (row.items !== undefined) {
    if (row.items && row.items.length > 0) return row.items.join(", ");
    return NONE_WHEN_EMPTY.has(row.key) || row.key.endsWith(".blocked") ? "None" : "All";
  }
  return row.text ?? "-";
}

/** The sections of described rows under `visibility`; rows it hides are left out. */
export function buildStrategyReview(rows: readonly DescribedRow[], visibility: StrategyVisibility): ReviewSection[] {
  return REVIEW_SECTIONS.map((section) => ({
    key: section.key,
    title: section.title,
    editTitle: section.editTitle,
    rows: rows
      .filter((r) => r.section === section.key && (!r.row || visibility[r.row]))
      .map((r) => ({ key: r.key, label: r.label, value: valueOf(r) })),
  }));
}

/** Names of what a strategy (saved or in the wizard) refers to, read in a handful of queries. */
export async function loadNamers(tx: TenantTx, s: DescribableStrategy, campaignName: string, time: (iso: string) => string): Promise<Namers> {
  const names = referenceNames(await loadReferences(tx, s));
  return { ...names, campaign: () => campaignName, geo: (level, id) => geoName(level, id) ?? id, time };
}

async function reviewOf(ctx: SessionContext, s: DescribableStrategy, context: StrategyContext, active: boolean | null): Promise<StrategyReview> {
  const { iana } = await getUserTimeSettings(ctx);
  const namers = await loadNamers(tenantDb(ctx), s, context.campaign.name, (iso) => formatTimestamp(iso, iana));
  const facts = { ...visibilityFactsOf(s, contextOptions(context)), role: ctx.role };
  const visibility = strategyVisibility(facts);
  return {
    sections: buildStrategyReview(describeStrategy(s, namers), visibility),
    status: active === null ? null : { title: "Status", active, value: active ? "Active" : "Inactive" },
    // The formulas take the price as typed: a margin as its percentage (the stored value is the fraction).
    derived: strategyDerivedValues({ ...s, pricingValue: s.pricingType === "MARGIN" ? marginPercentText(s.pricingValue) : s.pricingValue }),
    visibility,
  };
}

/** The details page's review of a saved strategy (and the edit review, with its status). */
export async function loadStrategyReview(ctx: SessionContext, id: number | string): Promise<{ strategy: StrategyDetails; review: StrategyReview }> {
  const strategy = await getStrategyOrThrow(ctx, id);
  const context = await loadStrategyContext(tenantDb(ctx), ctx.licenseeId, strategy.campaignId);
  return { strategy, review: await reviewOf(ctx, describableOf(strategy), context, strategy.active) };
}

/**
 * The wizard's review step: the values being created or edited, parsed by the
 * whole schema (./mutations.ts previewStrategyReview). `active`: on edit the
 * saved strategy's state (the wizard does not change it), so the edit review
 * ends with Status as the details page shows it; null on create.
 */
export async function reviewOfValues(ctx: SessionContext, s: DescribableStrategy, context: StrategyContext, active: boolean | null): Promise<StrategyReview> {
  return reviewOf(ctx, s, context, active);
}
