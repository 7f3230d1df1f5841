// Starting HLS-to-MP4 conversions and reading them back for the panel's
// polling. Through the tenant-scoped client only: another licensee's
// advertiser or creative set is "not found". The conversion itself is the
// `creative-hls-convert` job (run.ts), queued once these rows are committed.
// The action checks the role before it reads the input.
import type { SessionContext } from "../../auth/context";
import type { ActionScope } from "../../data/scope";
import { validationError } from "../../validation/errors";
import { ConflictError } from "../../errors";
import { orNotFound } from "../../data/gate";
import type { TenantClient, TenantTx } from "../../data/tenant-db";
import type { CreativeSet } from "../../generated/prisma/client";
import { enqueue } from "../../jobs/queue";
import { JOB } from "../../jobs/names";
import { log } from "../../log";
import { CREATIVE_MESSAGES } from "../schema";
import type { ConversionView } from "./schema";

export const START_MESSAGES = {
  advertiserArchived: "This advertiser is archived and can no longer be changed.",
  setOfOtherAdvertiser: "The creative set belongs to another advertiser",
  setNotVideo: "Converted videos can only be added to a video creative set",
  setArchived: "The creative set is archived",
  setLacksClickDestination: "This creative set has no click destination for its videos: edit the set to choose one first",
  notQueued: "The conversion could not be queued. Start it again.",
} as const;

/** How many conversions the panel lists (latest first). */
export const LISTED_CONVERSIONS = 20;

export interface StartedConversions {
  ids: number[];
  /** The converted creatives' click destination, checked here: the job gives it to each. */
  clickDestinationId: number;
}

export interface StartConversionInput {
  advertiserId: number;
  videoUrls: string[];
  creativeSetId?: number;
  clickDestinationId?: number;
  /** The ad-marking identifiers of the VIDEO creatives (checked by HlsConversionSchema). */
  kktuCode: string;
  person: string;
  erId: string;
}

/** Creates one QUEUED row per link, with the identifiers its creative will carry (inside the action's transaction). */
export async function startConversions({ ctx, db }: ActionScope, input: StartConversionInput): Promise<StartedConversions> {
  const advertiser = orNotFound(await db.advertiser.findUnique({ where: { id: input.advertiserId } }), "Advertiser");
  if (advertiser.isArchived) throw new ConflictError(START_MESSAGES.advertiserArchived);
  const set = input.creativeSetId === undefined ? null : await checkCreativeSet(db, input.creativeSetId, advertiser.id);
  const clickDestinationId = await convertedClickDestination(db, advertiser.id, input.clickDestinationId, set);
  const ids: number[] = [];
  for (const sourceUrl of input.videoUrls) {
    const row = await db.mediaConversion.create({
      data: {
        advertiserId: advertiser.id,
        userId: ctx.userId,
        sourceUrl,
        kktuCode: input.kktuCode,
        person: input.person,
        erId: input.erId,
      },
      select: { id: true },
    });
    ids.push(row.id);
  }
  return { ids, clickDestinationId };
}

/** The set a converted creative joins: the same advertiser's, a video set, not archived. */
export async function checkCreativeSet(db: Pick<TenantTx, "creativeSet">, creativeSetId: number, advertiserId: number): Promise<CreativeSet> {
  const set = orNotFound(await db.creativeSet.findUnique({ where: { id: creativeSetId } }), "Creative set");
  if (set.advertiserId !== advertiserId) throw validationError(["creativeSetId"], START_MESSAGES.setOfOtherAdvertiser);
  if (set.isArchived) throw validationError(["creativeSetId"], START_MESSAGES.setArchived);
  if (set.type !== "VIDEO") throw validationError(["creativeSetId"], START_MESSAGES.setNotVideo);
  return set;
}

/**
 * The click destination every converted creative gets (business.md 5: each
 * creative has one): the one named, which must be the advertiser's, else the
 * set's. None at all is refused beside the field that would have given it.
 */
async function convertedClickDestination(db: Pick<TenantTx, "clickDestination">, advertiserId: number, named: number | undefined, set: CreativeSet | null): Promise<number> {
  if (named !== undefined) {
    const row = await db.clickDestination.findUnique({ where: { id: named }, select: { advertiserId: true, isArchived: true } });
    if (!row || row.advertiserId !== advertiserId || row.isArchived) throw validationError(["clickDestinationId"], CREATIVE_MESSAGES.clickDestinationOfAdvertiser);
    return named;
  }
  if (set?.clickDestinationId) return set.clickDestinationId;
  throw set ? validationError(["creativeSetId"], START_MESSAGES.setLacksClickDestination) : validationError(["clickDestinationId"], CREATIVE_MESSAGES.clickDestinationRequired);
}

/**
 * Queues the committed rows. A row the queue refused is marked FAILED at once
 * (a QUEUED row nobody will ever run would poll forever).
 */
export async function queueConversions(ctx: SessionContext, db: TenantClient, started: StartedConversions, creativeSetId?: number): Promise<void> {
  const { clickDestinationId } = started;
  for (const conversionId of started.ids) {
    try {
      await enqueue(JOB.creativeHlsConvert, { conversionId, licenseeId: ctx.licenseeId, userName: ctx.userName, creativeSetId: creativeSetId ?? null, clickDestinationId });
    } catch (err) {
      log.error("creatives: conversion not queued", { conversionId, err: err instanceof Error ? err : new Error(String(err)) });
      await db.mediaConversion.update({ where: { id: conversionId }, data: { status: "FAILED", error: START_MESSAGES.notQueued } });
    }
  }
}

/** The advertiser's latest conversions, for the panel (another licensee's advertiser is "not found"). */
export async function listConversions(db: TenantClient, advertiserId: number): Promise<ConversionView[]> {
  orNotFound(await db.advertiser.findUnique({ where: { id: advertiserId }, select: { id: true } }), "Advertiser");
  const rows = await db.mediaConversion.findMany({
    where: { advertiserId },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: LISTED_CONVERSIONS,
    select: { id: true, sourceUrl: true, status: true, progress: true, error: true, creativeId: true, createdAt: true },
  });
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}
