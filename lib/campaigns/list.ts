// The campaign dashboard list (shell.md 3: active, name, startTime, endTime,
// lifetimeBudget with currency, skadTarget; the preset's campaign set-up
// columns and metrics) on the shared list engine, through the tenant-scoped client.
import "server-only";
import type { SessionContext } from "../auth/context";
import type { Prisma } from "../generated/prisma/client";
import { tenantDb } from "../data/tenant-db";
import { buildColumns, formatMoney, moneyExport, plainColumn, pricingTypeColumn, scheduleColumns, setupColumn, UNLIMITED, yesNo } from "../list/columns";
import type { ColumnSpec } from "../list/columns";
import { deliveryMetrics, type ListAdapter } from "../list/engine";
import { listIdsSql } from "../list/where-sql";
import type { CsvCell } from "../list/csv";
import type { FilterOption } from "../list/types";
import { modelRows } from "../list/rows";
import { listWhere, type ListFilters } from "../list/where";
import { advertiserOptions } from "../advertisers/list";
import { pacingListParts, type WithPacing } from "../delivery/pacing-list";
import { CAMPAIGN_PACING, campaignPacingSubject } from "./pacing";

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
  budgetPacing: true,
} satisfies Prisma.CampaignSelect;
export type CampaignListRecord = Prisma.CampaignGetPayload<{ select: typeof SELECT }> & WithPacing;
type Spec = ColumnSpec<CampaignListRecord>;

type Rec = CampaignListRecord;

const setup = (id: string, text: (r: Rec) => string, exportValue?: (r: Rec) => CsvCell): Spec => setupColumn(id, { text, exportValue });

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
  campaignPricingType: pricingTypeColumn("campaignPricingType"),
};

const BASE: Spec[] = [
  ...scheduleColumns<CampaignListRecord>(),
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

function where(f: ListFilters): Prisma.CampaignWhereInput {
  return { ...listWhere(f), ...(f.advertiserId ? { advertiserId: f.advertiserId } : {}) };
}

/** The campaign filter of list toolbars: the chosen advertiser's campaigns, else all the licensee's, by name. */
export function campaignOptions(ctx: SessionContext, advertiserId: number | null): Promise<FilterOption[]> {
  return tenantDb(ctx).campaign.findMany({
    where: { isArchived: false, ...(advertiserId ? { advertiserId } : {}) },
    select: { id: true, name: true },
    orderBy: [{ name: "asc" }, { id: "asc" }],
  });
}

const idsSql = (f: ListFilters) => listIdsSql("Campaign", f, { parents: ["advertiserId"] });
const pacing = pacingListParts<CampaignListRecord>(CAMPAIGN_PACING, campaignPacingSubject, idsSql);

export const campaignListAdapter: ListAdapter<CampaignListRecord> = {
  defaultOrder: { field: "name", desc: false },
  columns: (role, presetColumns) => {
    const columns = buildColumns({ role, base: BASE, setup: SETUP, fixedSetup: [], presetColumns });
    columns.splice(BASE.length, 0, ...pacing.columns(role));
    return columns;
  },
  idsInOrder: pacing.idsInOrder,
  enrich: pacing.enrich,
  ...modelRows<CampaignListRecord>({ model: (db) => db.campaign, where, select: SELECT }),
  filterOptions: async (ctx) => ({ advertisers: await advertiserOptions(ctx), campaigns: null }),
  ...deliveryMetrics("campaign", idsSql),
};
