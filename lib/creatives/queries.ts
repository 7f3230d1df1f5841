// Reads of creatives for the session's licensee: one creative's details (a
// plain shape, never the row), the advertiser's name format for new
// creatives and the catalog variables dynamic macros may name.
import "server-only";
import type { SessionContext } from "../auth/context";
import { orNotFound, parseId } from "../data/gate";
import { tenantDb, type TenantClient, type TenantTx } from "../data/tenant-db";
import type { Creative } from "../generated/prisma/client";
import type { CreativeType } from "../generated/prisma/enums";
import { htmlPreviewUrl } from "./preview";
import type { VastSummary } from "./media/types";
import type { CreativeProperties } from "./schema";

export interface CreativeDetails {
  id: number;
  advertiserId: number;
  name: string;
  type: CreativeType;
  width: number;
  height: number;
  isDco: boolean;
  clickDestinationId: number | null;
  fileUrl: string | null;
  mimeType: string | null;
  fileSizeBytes: number | null;
  durationMs: number | null;
  bitrateKbps: number | null;
  htmlEntry: string | null;
  adTag: string | null;
  vastSummary: VastSummary | null;
  properties: CreativeProperties;
  kktuCode: string | null;
  person: string | null;
  erId: string | null;
  active: boolean;
  isArchived: boolean;
  createdAt: string;
  updatedAt: string;
  version: number;
}

export function toCreativeDetails(row: Creative): CreativeDetails {
  return {
    id: row.id,
    advertiserId: row.advertiserId,
    name: row.name,
    type: row.type,
    width: row.width,
    height: row.height,
    isDco: row.isDco,
    clickDestinationId: row.clickDestinationId,
    fileUrl: row.fileUrl,
    mimeType: row.mimeType,
    fileSizeBytes: row.fileSizeBytes,
    durationMs: row.durationMs,
    bitrateKbps: row.bitrateKbps,
    htmlEntry: row.htmlEntry,
    adTag: row.adTag,
    vastSummary: (row.vastSummary as VastSummary | null) ?? null,
    properties: (row.properties as CreativeProperties | null) ?? {},
    kktuCode: row.kktuCode,
    person: row.person,
    erId: row.erId,
    active: row.active,
    isArchived: row.isArchived,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    version: row.version,
  };
}

/** One creative of the licensee (another licensee's id, or a bad one: not found). */
export async function getCreative(ctx: SessionContext, id: number | string): Promise<CreativeDetails> {
  const creativeId = typeof id === "number" ? id : parseId(id);
  return toCreativeDetails(orNotFound(await tenantDb(ctx).creative.findUnique({ where: { id: creativeId } }), "Creative"));
}

/** What the details page shows beside the creative: its advertiser, click destination, sets and strategies. */
export async function getCreativePage(ctx: SessionContext, id: string) {
  const creative = await getCreative(ctx, id);
  const db = tenantDb(ctx);
  const [advertiser, clickDestinations, sets, strategies] = await Promise.all([
    db.advertiser.findUnique({ where: { id: creative.advertiserId }, select: { id: true, name: true, currencyCode: true, isArchived: true } }),
    clickDestinationOptions(db, creative.advertiserId),
    db.creativeSet.findMany({
      where: { isArchived: false, creatives: { some: { creativeId: creative.id } } },
      select: { id: true, name: true, active: true },
      orderBy: { name: "asc" },
    }),
    db.strategy.findMany({
      where: { isArchived: false, OR: [{ creatives: { some: { creativeId: creative.id } } }, { creativeSets: { some: { creativeSet: { creatives: { some: { creativeId: creative.id } } } } } }] },
      select: { id: true, name: true, active: true, type: true },
      orderBy: { name: "asc" },
    }),
  ]);
  return { creative, advertiser: orNotFound(advertiser, "Advertiser"), clickDestinations, sets, strategies, previewUrl: htmlPreviewUrl(creative) };
}

/** The advertiser's click destinations, for the creative forms' select. */
export function clickDestinationOptions(db: TenantClient, advertiserId: number) {
  return db.clickDestination.findMany({ where: { advertiserId, isArchived: false }, select: { id: true, name: true }, orderBy: { name: "asc" } });
}

/** The advertiser's CREATIVE_NAME_FORMAT (advertiser settings), or the set name alone. */
export async function creativeNameFormat(db: TenantClient, advertiserId: number): Promise<string> {
  const setting = await db.advertiserSetting.findFirst({ where: { advertiserId, key: "CREATIVE_NAME_FORMAT" }, select: { value: true } });
  return setting?.value.trim() || "{creativeSetName}_{size}";
}

/**
 * The catalog variables of the advertiser's feeds that a dynamic macro may
 * name: each mapping's feed variable name and the standard variable it is
 * mapped to (image_link, additional_image_link, ...).
 */
export async function catalogVariables(db: Pick<TenantTx, "variableMapping">, advertiserId: number): Promise<Set<string>> {
  const mappings = await db.variableMapping.findMany({
    where: { feed: { advertiserId, isArchived: false } },
    select: { name: true, standardVariable: true },
  });
  return new Set(mappings.flatMap((m) => (m.standardVariable ? [m.name, m.standardVariable] : [m.name])));
}
