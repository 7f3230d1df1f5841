// Reads of one creative set for the session's licensee, and the two shapes a
// stored set takes outside the database: its details (plain JSON: money as
// exact decimal text, times as ISO text; also the REST view) and the values
// its edit form (and a REST PATCH) starts from.
import "server-only";
import type { SessionContext } from "../auth/context";
import { isId } from "../actions/fields";
import { NotFoundError } from "../errors";
import { orNotFound } from "../data/gate";
import { plainRecordState } from "../data/record-state";
import { tenantDb } from "../data/tenant-db";
import type { CreativeSet } from "../generated/prisma/client";
import { isNeverEnding } from "../format";
import { NEVER_ENDING, type CreativeSetFormInput } from "./schema";

/** A creative set id from a URL or a form: anything that cannot be one is "not found". */
export function toCreativeSetId(id: number | string): number {
  const n = typeof id === "string" && /^\d{1,10}$/.test(id) ? Number(id) : id;
  if (!isId(n)) throw new NotFoundError("Creative set");
  return n;
}

export function toCreativeSetDetails(row: CreativeSet) {
  return {
    id: row.id,
    advertiserId: row.advertiserId,
    clickDestinationId: row.clickDestinationId,
    name: row.name,
    type: row.type,
    timezoneId: row.timezoneId,
    dailyMediaBudget: row.dailyMediaBudget === null ? null : row.dailyMediaBudget.toString(),
    startTime: row.startTime ? row.startTime.toISOString() : null,
    // The never-ending epoch some imports store reads as no end (business.md 9).
    endTime: row.endTime && !isNeverEnding(row.endTime) ? row.endTime.toISOString() : null,
    scheduledTimezoneId: row.scheduledTimezoneId,
    dcoAd: row.dcoAd,
    isPlacebo: row.isPlacebo,
    sizes: [...row.sizes],
    ...plainRecordState(row),
  };
}

export type CreativeSetDetails = ReturnType<typeof toCreativeSetDetails>;

/** One creative set of the session's licensee (archived ones included: their details stay readable). */
export async function getCreativeSetOrThrow(ctx: SessionContext, id: number | string): Promise<CreativeSetDetails> {
  const row = await tenantDb(ctx).creativeSet.findUnique({ where: { id: toCreativeSetId(id) } });
  return toCreativeSetDetails(orNotFound(row, "Creative set"));
}

const epochSeconds = (iso: string) => Math.floor(Date.parse(iso) / 1000);

/**
 * What the form holds for a stored set: times as epoch seconds (-1: never
 * ending), blanks as null. A set saved without a start (imported) shows an
 * empty start, which the form asks for. `fallbackZoneId` is the scheduled
 * timezone of a set saved without one (the user's).
 */
export function creativeSetFormValues(s: CreativeSetDetails, fallbackZoneId: number): Required<CreativeSetFormInput> {
  return {
    advertiserId: s.advertiserId,
    name: s.name,
    type: s.type,
    // A set stored before it was required has none: its form (and a PATCH) asks for one.
    clickDestinationId: s.clickDestinationId ?? "",
    timezoneId: s.timezoneId,
    dailyMediaBudget: s.dailyMediaBudget,
    startTime: s.startTime === null ? "" : epochSeconds(s.startTime),
    endTime: s.endTime === null ? NEVER_ENDING : epochSeconds(s.endTime),
    scheduledTimezoneId: s.scheduledTimezoneId ?? fallbackZoneId,
    dcoAd: s.dcoAd,
    isPlacebo: s.isPlacebo,
    sizes: s.sizes,
  };
}
