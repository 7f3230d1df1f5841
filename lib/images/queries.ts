// Reads of an advertiser's image library (shell.md 2.9): app settings with an
// image key, active only (deletion is soft), through the data gate: another
// licensee's advertiser is "not found".
import "server-only";
import type { SessionContext } from "../auth/context";
import type { AppSetting } from "../generated/prisma/client";
import { orNotFound, parseId } from "../data/gate";
import { tenantDb, type TenantTx } from "../data/tenant-db";
import { NotFoundError } from "../errors";
import { ImageKindSchema, isLogoDimensions, KIND_KEYS, type ImageItem, type ImageKind, type ImageSettingKey } from "./schema";

/** The DIMENSIONS property of a setting ("300X300"), else its width and height. */
function dimensionsOf(row: Pick<AppSetting, "properties" | "width" | "height">): string {
  const props = row.properties;
  if (props && typeof props === "object" && !Array.isArray(props)) {
    const value = (props as Record<string, unknown>).DIMENSIONS;
    if (typeof value === "string" && value) return value.toUpperCase();
  }
  return row.width && row.height ? `${row.width}X${row.height}` : "";
}

/** What the client gets of a setting row: never the row itself (licensee id, version, ...). */
export function toImageItem(row: AppSetting): ImageItem {
  return {
    id: row.id,
    name: row.name,
    url: row.value,
    key: row.key as ImageSettingKey,
    width: row.width,
    height: row.height,
    dimensions: dimensionsOf(row),
    isDefault: row.key === "DEFAULT_LOGO",
  };
}

/** The advertiser of the route or request, of the client's licensee; NotFoundError otherwise. */
export async function loadAdvertiser(db: TenantTx, id: number | string) {
  let advertiserId: number;
  try {
    advertiserId = parseId(String(id));
  } catch {
    throw new NotFoundError("Advertiser"); // a malformed id answers like a missing one
  }
  return orNotFound(
    await db.advertiser.findUnique({ where: { id: advertiserId }, select: { id: true, name: true, isArchived: true } }),
    "Advertiser",
  );
}

/** Settings rows of a kind's library, default logo first, then newest first. */
async function findLibraryRows(db: TenantTx, advertiserId: number, kind: ImageKind) {
  const rows = await db.appSetting.findMany({
    where: { advertiserId, active: true, key: { in: [...KIND_KEYS[kind]] } },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
  });
  return rows.sort((a, b) => Number(b.key === "DEFAULT_LOGO") - Number(a.key === "DEFAULT_LOGO"));
}

/**
 * One library of an advertiser. Logo lists show only 300X300 images
 * (shell.md 5): a logo of another size saved by an older client stays stored
 * but is not offered.
 */
export async function listImages(ctx: SessionContext, advertiserId: number | string, kind: unknown): Promise<ImageItem[]> {
  const k = ImageKindSchema.parse(kind);
  const db = tenantDb(ctx);
  const advertiser = await loadAdvertiser(db, advertiserId);
  const items = (await findLibraryRows(db, advertiser.id, k)).map(toImageItem);
  return k === "LOGO" ? items.filter((i) => isLogoDimensions(i.dimensions)) : items;
}
