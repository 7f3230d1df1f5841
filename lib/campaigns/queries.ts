// Reads of campaigns for the dashboard list (shell.md 3: active, name,
// startTime, endTime, lifetimeBudget with currency, skadTarget; the preset's
// campaign set-up columns and metrics). Always scoped to the session's licensee.
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
  plainColumn,
  PRICING_TYPE_LABELS,
  setupColumn,
  startColumn,
  statusColumn,
  UNLIMITED,
  yesNo,
  type ColumnSpec,
} from "../list/columns";
import type { ListAdapter } from "../list/engine";
import { advertiserOptions } from "../list/options";
import type { CsvCell } from "../list/csv";
import { listWhere, orderByField, type ListFilters } from "../list/where";

const SELECT = {
  id: true,
  name: true,
  active: true,
  currencyCode: true,
  advertiserId: true,
  startTime: true,
  endTime: true,
  lifetimeBudget: true,
  skadTarget: true,
  pricingType: true,
  cpaTarget: true,
  cpiTarget: true,
  roiTarget: true,
  dailyAdvSpendBudget: true,
  dailyBudget: true,
  flowRate: true,
} satisfies Prisma.CampaignSelect;
export type CampaignListRecord = Prisma.CampaignGetPayload<{ select: typeof SELECT }>;
type Spec = ColumnSpec<CampaignListRecord>;

type Rec = CampaignListRecord;

function setup(id: string, text: (r: Rec) => string, exportValue?: (r: Rec) => CsvCell): Spec {
  const def = getSetupColumn(id);
  if (!def) throw new Error(`unknown campaign set-up column ${id}`);
  return setupColumn(def, { text, exportValue });
}

/** An amount column; `nullText` for no value ('Unlimited' for budgets). */
function amount(id: string, pick: (r: Rec) => Prisma.Decimal | null, nullText?: string): Spec {
  return setup(id, (r) => formatMoney(pick(r), r.currencyCode, nullText), (r) => moneyExport(pick(r), nullText));
}

const decimalText = (d: Prisma.Decimal | null, places?: number) => (d === null ? "-" : places ? d.toFixed(places) : d.toString());
const decimalExport = (d: Prisma.Decimal | null, places?: number): CsvCell => (d === null ? "" : Number(decimalText(d, places)));

/** The catalogue's campaignSetup columns (shell.md 3 campaign "extras"). */
const SETUP: Record<string, Spec> = {
  cpaTarget: amount("cpaTarget", (r) => r.cpaTarget),
  cpiTarget: amount("cpiTarget", (r) => r.cpiTarget),
  roiTarget: setup("roiTarget", (r) => decimalText(r.roiTarget, 2), (r) => decimalExport(r.roiTarget, 2)),
  campaignDailyAdvSpendBudget: amount("campaignDailyAdvSpendBudget", (r) => r.dailyAdvSpendBudget, UNLIMITED),
  dailyBudget: amount("dailyBudget", (r) => r.dailyBudget),
  flowRate: setup("flowRate", (r) => decimalText(r.flowRate), (r) => decimalExport(r.flowRate)),
  campaignPricingType: setup("campaignPricingType", (r) => PRICING_TYPE_LABELS[r.pricingType] ?? r.pricingType),
};

const BASE: Spec[] = [
  statusColumn(),
  nameColumn(),
  startColumn(),
  endColumn(),
  plainColumn<CampaignListRecord>({
    id: "lifetimeBudget",
    header: "Lifetime Budget",
    kind: "number",
    orderBy: "lifetimeBudget",
    text: (r) => formatMoney(r.lifetimeBudget, r.currencyCode, UNLIMITED),
    exportValue: (r) => moneyExport(r.lifetimeBudget, UNLIMITED),
  }),
  plainColumn<CampaignListRecord>({ id: "skadTarget", header: "SKAD Target", orderBy: "skadTarget", text: (r) => yesNo(r.skadTarget) }),
];

function where(ctx: SessionContext, f: ListFilters): Prisma.CampaignWhereInput {
  return { ...listWhere(ctx, f), ...(f.advertiserId ? { advertiserId: f.advertiserId } : {}) };
}

export const campaignListAdapter: ListAdapter<CampaignListRecord> = {
  entity: "campaign",
  defaultOrder: { field: "name", desc: false },
  columns: (role, presetColumns) => buildColumns({ role, base: BASE, setup: SETUP, fixedSetup: [], presetColumns }),
  count: (ctx, f) => db.campaign.count({ where: where(ctx, f) }),
  ids: async (ctx, f) => (await db.campaign.findMany({ where: where(ctx, f), select: { id: true } })).map((r) => r.id),
  page: (ctx, f, order, skip, take) =>
    db.campaign.findMany({
      where: where(ctx, f),
      select: SELECT,
      orderBy: orderByField(order.field, order.desc) as Prisma.CampaignOrderByWithRelationInput[],
      skip,
      take,
    }),
  byIds: (ctx, ids) => db.campaign.findMany({ where: { ...scope(ctx), id: { in: ids } }, select: SELECT }),
  filterOptions: async (ctx) => ({ advertisers: await advertiserOptions(ctx), campaigns: null }),
};
