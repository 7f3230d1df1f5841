// Reads of strategies for the dashboard list (shell.md 3: active, name,
// startTime, endTime, then pricing type, goal, pacing type, daily advertiser
// spend budget, max bid cap, bargainer; the preset's metrics). A/B-test arms
// are not listed (shell.md 7: strategy requests get isAbTestStrategy=false).
// Amounts are in the campaign's currency (shell.md 9).
import { db } from "../db";
import type { SessionContext } from "../auth/context";
import type { Prisma } from "../generated/prisma/client";
import { scope } from "../data/gate-core";
import { getSetupColumn } from "../metrics/catalogue";
import {
  buildColumns,
  endColumn,
  formatMoney,
  moneyExport,
  nameColumn,
  PACING_TYPE_LABELS,
  pricingValueText,
  PRICING_TYPE_LABELS,
  setupColumn,
  startColumn,
  statusColumn,
  UNLIMITED,
  yesNo,
  type ColumnSpec,
} from "../list/columns";
import type { CsvCell } from "../list/csv";
import type { ListAdapter } from "../list/engine";
import { advertiserOptions, campaignOptions } from "../list/options";
import { listWhere, orderByField, type ListFilters } from "../list/where";

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
  bidCapMax: true,
  isBargainerActive: true,
  campaign: { select: { currencyCode: true } },
} satisfies Prisma.StrategySelect;
type Row = Prisma.StrategyGetPayload<{ select: typeof SELECT }>;
export type StrategyListRecord = Omit<Row, "campaign"> & { currencyCode: string };
type Rec = StrategyListRecord;
type Spec = ColumnSpec<Rec>;

const toRecord = ({ campaign, ...r }: Row): Rec => ({ ...r, currencyCode: campaign.currencyCode });

function setup(id: string, text: (r: Rec) => string, exportValue?: (r: Rec) => CsvCell): Spec {
  const def = getSetupColumn(id);
  if (!def) throw new Error(`unknown strategy set-up column ${id}`);
  return setupColumn(def, { text, exportValue });
}

/** business.md 3: a max bid cap of 0 or -1 means none. */
const bidCap = (d: Prisma.Decimal | null) => (d === null || d.isZero() || d.eq(-1) ? null : d);

/** The catalogue's strategySetup columns (shell.md 3 strategy "extras"). */
const SETUP: Record<string, Spec> = {
  pricingType: setup("pricingType", (r) => PRICING_TYPE_LABELS[r.pricingType] ?? r.pricingType),
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

const BASE: Spec[] = [statusColumn(), nameColumn(), startColumn(), endColumn()];

function where(ctx: SessionContext, f: ListFilters): Prisma.StrategyWhereInput {
  return {
    ...listWhere(ctx, f),
    isAbTestStrategy: false,
    ...(f.advertiserId ? { advertiserId: f.advertiserId } : {}),
    ...(f.campaignId ? { campaignId: f.campaignId } : {}),
  };
}

export const strategyListAdapter: ListAdapter<Rec> = {
  entity: "strategy",
  defaultOrder: { field: "name", desc: false },
  columns: (role, presetColumns) => buildColumns({ role, base: BASE, setup: SETUP, fixedSetup: FIXED_SETUP, presetColumns }),
  count: (ctx, f) => db.strategy.count({ where: where(ctx, f) }),
  ids: async (ctx, f) => (await db.strategy.findMany({ where: where(ctx, f), select: { id: true } })).map((r) => r.id),
  page: async (ctx, f, order, skip, take) =>
    (
      await db.strategy.findMany({
        where: where(ctx, f),
        select: SELECT,
        orderBy: orderByField(order.field, order.desc) as Prisma.StrategyOrderByWithRelationInput[],
        skip,
        take,
      })
    ).map(toRecord),
  byIds: async (ctx, ids) =>
    (await db.strategy.findMany({ where: { ...scope(ctx), id: { in: ids } }, select: SELECT })).map(toRecord),
  filterOptions: async (ctx, f) => ({
    advertisers: await advertiserOptions(ctx),
    campaigns: await campaignOptions(ctx, f.advertiserId),
  }),
};
