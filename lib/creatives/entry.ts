// How a creative is named in activity rows (the audit's entity fields).
import type { Creative } from "../generated/prisma/client";

export function creativeEntry(row: Pick<Creative, "id" | "name" | "advertiserId">) {
  return { entityType: "CREATIVE", entityId: row.id, entityName: row.name, entityAdvertiserId: row.advertiserId } as const;
}
