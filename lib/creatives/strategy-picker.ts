// The strategies the "Associate strategies" dialog offers: the advertiser's
// strategies whose type takes the creative type (CTV/OTT only CTV video),
// searchable by name or id and paged, each saying whether it already holds
// every one of the chosen creatives or sets.
import "server-only";
import { z } from "../validation/z";
import type { SessionContext } from "../auth/context";
import { IdSchema } from "../actions/fields";
import { tenantDb } from "../data/tenant-db";
import { orNotFound } from "../data/gate";
import { CreativeType } from "../generated/prisma/enums";
import type { Prisma } from "../generated/prisma/client";
import { listWhere } from "../list/where";

export const STRATEGY_PICKER_PAGE_SIZE = 10;

export const StrategyPickerSchema = z.object({
  kind: z.enum(["creative", "creative_set"]),
  ids: z.array(IdSchema).min(1).max(1000),
  advertiserId: IdSchema,
  creativeType: z.enum(CreativeType),
  q: z.string().trim().max(100).default(""),
  page: z.number().int().min(1).max(100_000).default(1),
});
export type StrategyPickerQuery = z.input<typeof StrategyPickerSchema>;

export interface StrategyPickerRow {
  id: number;
  name: string;
  active: boolean;
  campaignName: string;
  /** Already holds every chosen creative (or set). */
  associated: boolean;
}

export interface StrategyPickerPage {
  rows: StrategyPickerRow[];
  total: number;
  page: number;
  pageSize: number;
}

export async function strategyPickerPage(ctx: SessionContext, query: StrategyPickerQuery): Promise<StrategyPickerPage> {
  const q = StrategyPickerSchema.parse(query);
  const db = tenantDb(ctx);
  orNotFound(await db.advertiser.findUnique({ where: { id: q.advertiserId }, select: { id: true } }), "Advertiser");
  const where: Prisma.StrategyWhereInput = {
    ...listWhere({ q: q.q, status: "all", advertiserId: null, campaignId: null }),
    advertiserId: q.advertiserId,
    isAbTestStrategy: false,
    type: q.creativeType === "CTV_VIDEO" ? "CTV_OTT" : "MULTI_DEVICE",
  };
  const ids = [...new Set(q.ids)];
  const [total, rows] = await Promise.all([
    db.strategy.count({ where }),
    db.strategy.findMany({
      where,
      select: {
        id: true, name: true, active: true,
        campaign: { select: { name: true } },
        creatives: { where: { creativeId: { in: ids } }, select: { creativeId: true } },
        creativeSets: { where: { creativeSetId: { in: ids } }, select: { creativeSetId: true } },
      },
      orderBy: [{ name: "asc" }, { id: "asc" }],
      skip: (q.page - 1) * STRATEGY_PICKER_PAGE_SIZE,
      take: STRATEGY_PICKER_PAGE_SIZE,
    }),
  ]);
  return {
    total,
    page: q.page,
    pageSize: STRATEGY_PICKER_PAGE_SIZE,
    rows: rows.map((s) => ({
      id: s.id,
      name: s.name,
      active: s.active,
      campaignName: s.campaign.name,
      associated: (q.kind === "creative" ? s.creatives.length : s.creativeSets.length) === ids.length,
    })),
  };
}
