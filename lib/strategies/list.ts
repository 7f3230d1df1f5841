// The strategy dashboard list (shell.md 3: active, name, startTime, endTime,
// then pricing type, goal, pacing type, daily advertiser spend budget, max bid
// cap, bargainer; the preset's metrics) on the shared list engine, through the
// tenant-scoped client. A/B-test arms are not listed (shell.md 7: strategy
// requests get isAbTestStrategy=false). Amounts are in the campaign's currency
// (shell.md 9).
import "server-only";
import { Prisma } from "../generated/prisma/client";
import {
  buildColumns,
  formatMoney,
  moneyExport,
  PACING_TYPE_LABELS,
  pricingValueText,
  pricingTypeColumn,
  scheduleColumns,
  setupColumn,
  UNLIMITED,
  yesNo,
  type ColumnSpec,
} from "../list/columns";
import type { CsvCell } from "../list/csv";
import { deliveryMetrics, type ListAdapter } from "../list/engine";
import { listIdsSql } from "../list/where-sql";
import { pacingListParts, type WithPacing } from "../delivery/pacing-list";
import { STRATEGY_PACING, strategyPacingSubject } from "./pacing";
import { advertiserOptions } from "../advertisers/list";
import { campaignOptions } from "../campaigns/list";
import { modelRows } from "../list/rows";
import { listWhere, type ListFilters } from "../list/where";

const SELECT = {
  id: true,
  name: true,
  active: true,
  advertiserId: true,
  campaignId: true,
  startTime: true,
  endTime: true,
  pricingType: true,
  pricingValue: true,
  pacingTypeId: true,
  dailyAdvSpendBudget: true,
  pacingBudgetValue: true,
  budgetValue: true,
  bidCapMax: true,
  isBargainerActive: true,
  campaign: { select: { currencyCode: true } },
} satisfies Prisma.StrategySelect;
type Row = Prisma.StrategyGetPayload<{ select: typeof SELECT }>;
export type StrategyListRecord = Omit<Row, "campaign"> & { currencyCode: string } & WithPacing;
type Rec = StrategyListRecord;
type Spec = ColumnSpec<Rec>;

const toRecord = ({ campaign, ...r }: Row): Rec => ({ ...r, currencyCode: campaign.currencyCode });

const setup = (id: string, text: (r: Rec) => string, exportValue?: (r: Rec) => CsvCell): Spec => setupColumn(id, { text, exportValue });

/** business.md 3: a max bid cap of 0 or -1 means none. */
const bidCap = (d: Prisma.Decimal | null) => (d === null || d.isZero() || d.eq(-1) ? null : d);

/** The catalogue's strategySetup columns (shell.md 3 strategy "extras"). */
const SETUP: Record<string, Spec> = {
  pricingType: pricingTypeColumn("pricingType"),
  pricingValue: setup(
    "pricingValue",
    (r) => pricingValueText(r.pricingType, r.pricingValue, r.currencyCode),
    (r) => (r.pricingType === "MARGIN" ? pricingValueText(r.pricingType, r.pricingValue, r.currencyCode) : moneyExport(r.pricingValue)),
  ),
  pacingType: setup("pacingType", (r) => PACING_TYPE_LABELS[r.pacingTypeId] ?? String(r.pacingTypeId)),
  dailyAdvSpendBudget: setup(
    "dailyAdvSpendBudget",
    (r) => formatMoney(r.dailyAdvSpendBudget, r.currencyCode, UNLIMITED),
    (r) => moneyExport(r.dailyAdvSpendBudget, UNLIMITED),
  ),
  pacingBudgetValue: setup(
    "pacingBudgetValue",
    (r) => formatMoney(r.pacingBudgetValue, r.currencyCode),
    (r) => moneyExport(r.pacingBudgetValue),
  ),
  bidCapMax: setup(
    "bidCapMax",
    (r) => formatMoney(bidCap(r.bidCapMax), r.currencyCode, "None"),
    (r) => moneyExport(bidCap(r.bidCapMax), "None"),
  ),
  isBargainerActive: setup("isBargainerActive", (r) => yesNo(r.isBargainerActive)),
};

/** Always shown to users who may see set-up columns; pacingBudgetValue only when the preset asks. */
const FIXED_SETUP = ["pricingType", "pricingValue", "pacingType", "dailyAdvSpendBudget", "bidCapMax", "isBargainerActive"];

const BASE: Spec[] = scheduleColumns();

function where(f: ListFilters): Prisma.StrategyWhereInput {
  return {
    ...listWhere(f),
    isAbTestStrategy: false,
    ...(f.advertiserId ? { advertiserId: f.advertiserId } : {}),
    ...(f.campaignId ? { campaignId: f.campaignId } : {}),
  };
}

const idsSql = (f: ListFilters) => listIdsSql("Strategy", f, { parents: ["advertiserId", "campaignId"], extra: Prisma.sql`NOT t."isAbTestStrategy"` });
const pacing = pacingListParts<Rec>(STRATEGY_PACING, strategyPacingSubject, idsSql);

export const strategyListAdapter: ListAdapter<Rec> = {
  defaultOrder: { field: "name", desc: false },
  columns: (role, presetColumns) => {
    const columns = buildColumns({ role, base: BASE, setup: SETUP, fixedSetup: FIXED_SETUP, presetColumns });
    columns.splice(BASE.length, 0, ...pacing.columns(role));
    return columns;
  },
  idsInOrder: pacing.idsInOrder,
  enrich: pacing.enrich,
  ...modelRows<Rec, Row>({ model: (db) => db.strategy, where, select: SELECT, toRecord }),
  filterOptions: async (ctx, f) => ({
    advertisers: await advertiserOptions(ctx),
    campaigns: await campaignOptions(ctx, f.advertiserId),
  }),
  ...deliveryMetrics("strategy", idsSql),
};
