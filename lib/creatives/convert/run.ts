// The `creative-hls-convert` job: one MediaConversion row from QUEUED to DONE
// or FAILED. Background work for the row's licensee only: the payload names
// the licensee, and the row (and its advertiser and creative set) must be
// found through that licensee's scoped client, or nothing happens.
//
// 1. the playlist is fetched through the address guard (a master playlist's
//    best variant too), checked (finished, http(s) URIs only, every host
//    public, not too long), 2. its segments, init sections and keys are
//    downloaded through the same guard into a private temporary directory
//    (segments.ts) and made into plain local files (local-files.ts: ranges cut
//    out, AES-128 decrypted), 3. ffmpeg converts those files, reading a
//    playlist written from parsed values that names nothing else, with no
//    network access, confined (ffmpeg.ts), 4. the MP4 is probed, stored (lib/storage) and
//    becomes a VIDEO creative, with the ad-marking identifiers typed with the
//    links and the click destination checked when it started, and an activity
//    row in the name of the user who started it, in one transaction. The
//    directory is removed whatever happens.
// Progress: downloading is the first 60 % of the bar, ffmpeg the rest. A row
// left RUNNING by a process that died is failed by the sweep (sweep.ts).
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { writeActivity } from "../../audit/activity";
import { isId } from "../../actions/fields";
import { systemTenantDb, type TenantClient } from "../../data/tenant-db";
import type { JOB, JobPayload } from "../../jobs/names";
import { log } from "../../log";
import { newObjectKey, storage } from "../../storage";
import { MediaToolUnavailableError } from "../media/media-tool";
import { probeVideo, VideoProbeError } from "../media/probe";
import { MAX_FILE_BYTES } from "../media/rules";
import { ConversionError, remuxHls } from "./ffmpeg";
import { downloadPlaylistFiles } from "./segments";
import { STALE_MESSAGE } from "./sweep";
import { checkCreativeSet } from "./mutations";
import { CONVERTED_TYPE } from "./schema";
import { bestVariant, checkMediaPlaylist, parsePlaylist, PLAYLIST_MESSAGES, PlaylistError, type MediaPlaylist } from "./playlist";
import { checkPublicHost, fetchPublic, PublicFetchError } from "./public-fetch";

export const CONVERSION_LIMITS = {
  /** Longest video converted (the playlist's total duration). */
  maxSeconds: 10 * 60,
  /** The MP4 must fit a video creative (business.md 9). */
  maxBytes: MAX_FILE_BYTES.video,
  /** The whole conversion: downloads and ffmpeg (the job's queue expiry and the stale-row sweep allow more). */
  timeLimitMs: 10 * 60_000,
  /** One segment (or init section, or key) and all of them: a re-encode may shrink what it reads. */
  segmentMaxBytes: MAX_FILE_BYTES.video,
  downloadMaxBytes: 2 * MAX_FILE_BYTES.video,
  segmentTimeoutMs: 30_000,
  /** A playlist download. */
  playlistTimeoutMs: 20_000,
  playlistMaxBytes: 2_000_000,
};
export type ConversionLimits = typeof CONVERSION_LIMITS;

export const RUN_MESSAGES = {
  advertiserGone: "The advertiser is archived or no longer exists",
  creativeSetGone: "The creative set is archived, belongs to another advertiser or no longer exists",
  notVideo: (detail: string) => `The converted file is not a readable video: ${detail}`,
  serverError: "The conversion failed because of a server error",
} as const;

export type ConversionOutcome = { status: "SKIPPED" } | { status: "DONE"; creativeId: number } | { status: "FAILED"; error: string };

type Payload = JobPayload[typeof JOB.creativeHlsConvert];

/** Runs one conversion; never throws for a bad playlist (the row says why). */
export async function runHlsConversion(payload: Payload, limits: ConversionLimits = CONVERSION_LIMITS): Promise<ConversionOutcome> {
  const conversionId = Number(payload?.conversionId);
  const licenseeId = Number(payload?.licenseeId);
  if (!isId(conversionId) || !isId(licenseeId)) return { status: "SKIPPED" };
  const db = systemTenantDb(licenseeId);
  const row = await db.mediaConversion.findUnique({ where: { id: conversionId } });
  if (!row) return { status: "SKIPPED" };
  // Claimed once: a second delivery of the same job finds it no longer QUEUED.
  const claimed = await db.mediaConversion.updateMany({ where: { id: row.id, status: "QUEUED" }, data: { status: "RUNNING", progress: 0 } });
  if (claimed.count === 0) return { status: "SKIPPED" };

  const deadline = Date.now() + limits.timeLimitMs;
  const workDir = await fs.mkdtemp(path.join(os.tmpdir(), "hls-convert-"));
  const progress = progressWriter(db, row.id);
  try {
    const advertiser = await db.advertiser.findUnique({ where: { id: row.advertiserId } });
    if (!advertiser || advertiser.isArchived) throw new ConversionError(RUN_MESSAGES.advertiserGone);
    const creativeSetId = isId(Number(payload.creativeSetId)) ? Number(payload.creativeSetId) : null;

    const media = await loadMediaPlaylist(row.sourceUrl, limits);
    const outputPath = await convertPlaylist(media, workDir, limits, deadline, progress.report);
    const probe = await probeVideo(outputPath).catch((err: unknown) => {
      if (err instanceof VideoProbeError) throw new ConversionError(RUN_MESSAGES.notVideo(err.message));
      throw err instanceof MediaToolUnavailableError ? new ConversionError(err.message) : err;
    });
    const { size: fileSizeBytes } = await fs.stat(outputPath);
    const name = creativeName(row.sourceUrl);
    const key = newObjectKey(["creatives", licenseeId, advertiser.id], `${name}.mp4`, "video.mp4");
    await storage().putFile(key, outputPath); // streamed: the MP4 may be up to the size cap
    await progress.settled();

    const creativeId = await db.$transaction(async (tx) => {
      const set =
        creativeSetId === null
          ? null
          : await checkCreativeSet(tx, creativeSetId, advertiser.id).catch(() => {
              throw new ConversionError(RUN_MESSAGES.creativeSetGone);
            });
      // A job queued before the destination was carried takes the set's; one with neither makes a creative the console marks as needing one.
      const clickDestinationId = (isId(Number(payload.clickDestinationId)) ? Number(payload.clickDestinationId) : null) ?? set?.clickDestinationId ?? null;
      const creative = await tx.creative.create({
        data: {
          licenseeId,
          advertiserId: advertiser.id,
          name,
          type: CONVERTED_TYPE,
          clickDestinationId,
          width: probe.width,
          height: probe.height,
          durationMs: probe.durationMs,
          bitrateKbps: probe.bitrateKbps,
          mimeType: "video/mp4",
          fileSizeBytes,
          storageKey: key,
          fileUrl: storage().urlFor(key),
          // As typed with the links; a row started before they were asked for has none (the creative then shows it needs them).
          kktuCode: row.kktuCode,
          person: row.person,
          erId: row.erId,
        },
      });
      if (creativeSetId !== null) await tx.creativeSetCreative.create({ data: { creativeSetId, creativeId: creative.id } });
      // Still ours: the sweep may have failed a row that ran far too long.
      const done = await tx.mediaConversion.updateMany({ where: { id: row.id, status: "RUNNING" }, data: { status: "DONE", progress: 100, error: null, creativeId: creative.id } });
      if (done.count === 0) throw new ConversionError(STALE_MESSAGE);
      await writeActivity(tx, { userId: row.userId, userName: String(payload.userName ?? "") }, {
        action: "CREATE",
        entityType: "CREATIVE",
        entityId: creative.id,
        entityName: creative.name,
        entityAdvertiserId: advertiser.id,
        message: `Creative created from the HLS playlist ${row.sourceUrl}`,
        after: { name: creative.name, type: creative.type, size: `${creative.width}x${creative.height}`, durationMs: creative.durationMs, clickDestinationId },
      });
      return creative.id;
    }).catch(async (err: unknown) => {
      await storage().delete(key).catch(() => undefined); // no stored file without its creative
      throw err;
    });
    log.info("creatives: HLS conversion done", { conversionId: row.id, creativeId });
    return { status: "DONE", creativeId };
  } catch (err) {
    const expected = err instanceof ConversionError || err instanceof PlaylistError || err instanceof PublicFetchError;
    if (!expected) log.error("creatives: HLS conversion failed", { conversionId: row.id, err: err instanceof Error ? err : new Error(String(err)) });
    const error = expected ? err.message : RUN_MESSAGES.serverError;
    await progress.settled();
    await db.mediaConversion.updateMany({ where: { id: row.id, status: "RUNNING" }, data: { status: "FAILED", error } });
    return { status: "FAILED", error };
  } finally {
    await fs.rm(workDir, { recursive: true, force: true });
  }
}

/** Share of the progress bar for downloading; ffmpeg has the rest. */
const DOWNLOAD_SHARE = 60;

/**
 * Downloads the playlist's files into `workDir` and converts them there;
 * returns the MP4's path. `onProgress` gets 0..99 (downloads up to 60).
 */
export async function convertPlaylist(
  media: MediaPlaylist,
  workDir: string,
  limits: ConversionLimits,
  deadline: number,
  onProgress?: (percent: number) => void,
): Promise<string> {
  const local = await downloadPlaylistFiles(media, workDir, limits, deadline, (done, total) =>
    onProgress?.(Math.floor((done / total) * DOWNLOAD_SHARE)),
  );
  const outputPath = path.join(workDir, "video.mp4");
  await remuxHls({
    ...local,
    outputPath,
    totalSeconds: media.totalSeconds,
    deadline,
    timeLimitMs: limits.timeLimitMs,
    maxBytes: limits.maxBytes,
    onProgress: (percent) => onProgress?.(Math.min(99, DOWNLOAD_SHARE + Math.floor((percent * (100 - DOWNLOAD_SHARE)) / 100))),
  });
  return outputPath;
}

/**
 * The media playlist behind a link (a master playlist's best variant), with
 * every URI's host checked by the address guard before anything is
 * downloaded (each download checks its host again: segments.ts).
 */
export async function loadMediaPlaylist(link: string, limits: Pick<ConversionLimits, "maxSeconds" | "playlistMaxBytes" | "playlistTimeoutMs">): Promise<MediaPlaylist> {
  const fetchOptions = { maxBytes: limits.playlistMaxBytes, timeoutMs: limits.playlistTimeoutMs };
  const first = await fetchPublic(link, fetchOptions);
  let playlist = parsePlaylist(first.body.toString("utf8"), first.url);
  if (playlist.kind === "master") {
    const variant = await fetchPublic(bestVariant(playlist).uri, fetchOptions);
    playlist = parsePlaylist(variant.body.toString("utf8"), variant.url);
    if (playlist.kind === "master") throw new PlaylistError(PLAYLIST_MESSAGES.nestedMaster);
  }
  for (const origin of checkMediaPlaylist(playlist, limits.maxSeconds)) await checkPublicHost(origin);
  return playlist;
}

/** The creative's name: the playlist's file name without its extension ("video" when there is none). */
export function creativeName(link: string): string {
  const file = decodeURIComponent(new URL(link).pathname.split("/").pop() ?? "").replace(/\.m3u8?$/i, "");
  return (file.trim() || "video").slice(0, 100);
}

/** Writes progress as it is reported, one update at a time, at most every 5 points. */
function progressWriter(db: TenantClient, conversionId: number) {
  let written = 0;
  let chain: Promise<unknown> = Promise.resolve();
  return {
    report(percent: number) {
      if (percent < written + 5) return;
      written = percent;
      chain = chain.then(() =>
        db.mediaConversion
          .updateMany({ where: { id: conversionId, status: "RUNNING" }, data: { progress: percent } })
          .catch((err: unknown) => log.warn("creatives: conversion progress not saved", { conversionId, detail: String(err) })),
      );
    },
    settled: () => chain,
  };
}
