// Reads of advertisers, always through the data gate: another licensee's
// advertiser is "not found", exactly like a missing id. Results are plain
// objects (Decimals as strings, dates as ISO strings) so pages can hand them
// to client components and forms unchanged.
import "server-only";
import type { SessionContext } from "../auth/context";
import type { Advertiser, Prisma } from "../generated/prisma/client";
import { isId, orNotFound, parseId } from "../data/gate";
import { tenantDb, type TenantTx } from "../data/tenant-db";
import { ConflictError } from "../errors";
import { plainRecordState } from "../data/record-state";

/** A route segment ("12") or an id already parsed; anything else is "not found". */
export function toAdvertiserId(id: number | string): number {
  return parseId(String(id));
}

export function toAdvertiserDetails(row: Advertiser) {
  return {
    id: row.id,
    name: row.name,
    domain: row.domain,
    category: row.category,
    subCategory: row.subCategory,
    currencyCode: row.currencyCode,
    language: row.language,
    isDirect: row.isDirect,
    androidPhoneBundle: row.androidPhoneBundle,
    iosPhoneBundle: row.iosPhoneBundle,
    declaredWebUrl: row.declaredWebUrl,
    declaredAndroidUrl: row.declaredAndroidUrl,
    declaredIosUrl: row.declaredIosUrl,
    androidDeeplink: row.androidDeeplink,
    iosDeeplink: row.iosDeeplink,
    contactEmail: row.contactEmail,
    contactAddress: row.contactAddress,
    region: row.region,
    timezoneId: row.timezoneId,
    mmp: row.mmp,
    logoUrl: row.logoUrl,
    cohortEnabled: row.cohortEnabled,
    exchangeRate: row.exchangeRate.toString(),
    cohortCurrencyCode: row.cohortCurrencyCode,
    dynamicVideoEnabled: row.dynamicVideoEnabled,
    dynamicVideo: row.dynamicVideo,
    ...plainRecordState(row),
  };
}
export type AdvertiserDetails = ReturnType<typeof toAdvertiserDetails>;

/** One advertiser of the session's licensee (archived ones included: their details stay readable). */
export async function getAdvertiserOrThrow(ctx: SessionContext, id: number | string): Promise<AdvertiserDetails> {
  const row = await tenantDb(ctx).advertiser.findUnique({ where: { id: toAdvertiserId(id) } });
  return toAdvertiserDetails(orNotFound(row, "Advertiser"));
}

export const ADVERTISER_SORT_FIELDS = [
  "id",
  "name",
  "domain",
  "category",
  "region",
  "currencyCode",
  "active",
  "createdAt",
] as const;
export type AdvertiserSortField = (typeof ADVERTISER_SORT_FIELDS)[number];

export interface AdvertiserListParams {
  /** 1-based. */
  page?: number;
  pageSize?: number;
  sort?: { field: AdvertiserSortField; direction: "asc" | "desc" };
  /** Case-insensitive match on name or domain; a number also matches the id. */
  search?: string;
}

export const MAX_PAGE_SIZE = 1000;

const LIST_SELECT = {
  id: true,
  name: true,
  domain: true,
  category: true,
  region: true,
  currencyCode: true,
  active: true,
  createdAt: true,
  version: true,
} satisfies Prisma.AdvertiserSelect;

export type AdvertiserListRow = Omit<Prisma.AdvertiserGetPayload<{ select: typeof LIST_SELECT }>, "createdAt"> & {
  createdAt: string;
};

/** A page of the licensee's advertisers, archived excluded; sorted and paged in the database. */
export async function listAdvertisers(
  ctx: SessionContext,
  params: AdvertiserListParams = {},
): Promise<{ rows: AdvertiserListRow[]; total: number }> {
  const pageSize = clampInt(params.pageSize, 1, MAX_PAGE_SIZE, 20);
  const page = clampInt(params.page, 1, Number.MAX_SAFE_INTEGER, 1);
  const where: Prisma.AdvertiserWhereInput = { isArchived: false, ...searchWhere(params.search) };
  // Untrusted input (URL query): only whitelisted columns are sortable.
  const sort = params.sort && ADVERTISER_SORT_FIELDS.includes(params.sort.field) ? params.sort : undefined;
  const direction: Prisma.SortOrder = sort?.direction === "desc" ? "desc" : "asc";
  // id last, so pages are stable when the sort column has ties.
  const orderBy: Prisma.AdvertiserOrderByWithRelationInput[] = sort
    ? [{ [sort.field]: direction } as Prisma.AdvertiserOrderByWithRelationInput, ...(sort.field === "id" ? [] : [{ id: direction }])]
    : [{ name: "asc" }, { id: "asc" }];
  const [rows, total] = await Promise.all([
    tenantDb(ctx).advertiser.findMany({ where, orderBy, skip: (page - 1) * pageSize, take: pageSize, select: LIST_SELECT }),
    tenantDb(ctx).advertiser.count({ where }),
  ]);
  return { rows: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })), total };
}

function searchWhere(search: string | undefined): Prisma.AdvertiserWhereInput {
  const text = search?.trim();
  if (!text) return {};
  const or: Prisma.AdvertiserWhereInput[] = [
    { name: { contains: text, mode: "insensitive" } },
    { domain: { contains: text, mode: "insensitive" } },
  ];
  const asId = Number(text);
  if (/^\d+$/.test(text) && isId(asId)) or.push({ id: asId });
  return { OR: or };
}

function clampInt(value: number | undefined, min: number, max: number, fallback: number): number {
  if (value === undefined || !Number.isFinite(value)) return fallback;
  return Math.min(max, Math.max(min, Math.trunc(value)));
}

/** The advertiser an entity is saved under: this licensee's (else not found), and not archived (else `archivedMessage`). */
export async function advertiserOpenForWrites(tx: TenantTx, id: number, archivedMessage: string): Promise<Advertiser> {
  const advertiser = orNotFound(await tx.advertiser.findUnique({ where: { id } }), "Advertiser");
  if (advertiser.isArchived) throw new ConflictError(archivedMessage);
  return advertiser;
}
