// Zod parts of the API views (the responses of lib/<entity>/rest.ts), so every
// resource documents ids, times, decimals and counts the same way.
// Client-safe: no server imports.
import { z } from "../validation/z";

export const viewId = z.number().int().min(1);
export const viewVersion = z.number().int().min(1).meta({ description: "Row version: send it back with a PATCH (optimistic concurrency)." });
export const viewTime = z.iso.datetime().meta({ description: "UTC time (ISO 8601)." });
/** Money and rates are exact decimals: sent as text so no precision is lost. */
export const viewDecimal = z.string().regex(/^-?\d+(\.\d+)?$/).meta({ description: "A decimal number as text." });
/** Counts stored as 64-bit integers; far below 2^53 in practice. */
export const viewCount = z.number().int();
/** A JSON object stored with the row (validated by the entity's own schema when written). */
export const viewJson = z.record(z.string(), z.unknown());

/** The fields every record of an advertiser starts with. */
export const advertiserRecord = { id: viewId, advertiserId: viewId };

/** The fields every editable record ends with. */
export const recordState = { active: z.boolean(), createdAt: viewTime, updatedAt: viewTime, version: viewVersion };
