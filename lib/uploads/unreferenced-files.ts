// Stored uploads nobody saved. An upload is stored before the form that uses
// it is saved (a creative's file, an HTML5 archive's entries, a logo, fallback
// or overlay image); a form closed without saving, a failed save or a replaced
// file leaves it in the store for good. The hourly job (lib/job-runner) deletes an
// upload once it is older than STORAGE_UNREFERENCED_MAX_AGE_HOURS (24 by
// default) and no row refers to it.
//
// What is swept, by key shape only (anything else is left alone):
//   creatives/<licensee>/<advertiser>/<uuid>/...          (lib/creatives/media/upload.ts, convert/run.ts)
//   images/<licensee>/<advertiser>/<KIND>/<uuid>/<name>   (lib/images/files.ts)
// The unit is the upload's folder (up to its uuid): an HTML5 archive's entries
// are one upload, kept whole while its main HTML is referred to.
//
// Referred to: the folder appears in any column below that can hold a storage
// key or its /api/files/ URL, whatever the licensee, active or archived (also
// in free text and JSON: a pasted URL keeps its file). The references are read
// before the store is listed and again right before deleting, so a row saved
// meanwhile keeps its files. Scheduler work across licensees: the jobs runner
// hands in its system client.
import type { PrismaClient } from "../generated/prisma/client";
import { Prisma } from "../generated/prisma/client";
import { env } from "../env";
import { log } from "../log";
import { storage, type FileStorage } from "../storage";

const UUID = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";
/** An upload's folder; the same pattern in JavaScript and in PostgreSQL's regular expressions. */
const UPLOAD_FOLDER = `(?:creatives/[0-9]+/[0-9]+|images/[0-9]+/[0-9]+/(?:LOGO|FALLBACK|OVERLAY))/${UUID}`;
const KEY_FOLDER = new RegExp(`^(${UPLOAD_FOLDER})/`);

/** The key prefixes listed: the two namespaces whose uploads wait for a save. */
export const SWEPT_PREFIXES = ["creatives/", "images/"] as const;

/**
 * Every column that can hold a stored upload's key or URL (prisma/schema):
 * the creative's file, and its tag, properties and VAST summary in case a
 * URL was pasted there; the image library (value, properties); the
 * advertiser's logo and dynamic video files; advertiser settings; licensee
 * themes' logos.
 */
export const REFERENCE_COLUMNS: readonly (readonly [table: string, column: string])[] = [
  ["Creative", "storageKey"],
  ["Creative", "fileUrl"],
  ["Creative", "adTag"],
  ["Creative", "properties"],
  ["Creative", "vastSummary"],
  ["AppSetting", "value"],
  ["AppSetting", "properties"],
  ["Advertiser", "logoUrl"],
  ["Advertiser", "dynamicVideo"],
  ["AdvertiserSetting", "value"],
  ["Theme", "logoLg"],
  ["Theme", "logoSm"],
  ["Theme", "favIcon"],
];

/** The upload folder a key belongs to, or null for a key this sweep leaves alone. */
export function uploadFolderOf(key: string): string | null {
  return KEY_FOLDER.exec(key)?.[1] ?? null;
}

/** Every upload folder any row refers to. */
export async function referencedUploadFolders(client: Pick<PrismaClient, "$queryRaw">): Promise<Set<string>> {
  // Table and column names are the constants above, never input.
  const sources = Prisma.join(
    REFERENCE_COLUMNS.map(([table, column]) => Prisma.raw(`SELECT "${column}"::text AS src FROM "${table}" WHERE "${column}" IS NOT NULL`)),
    " UNION ALL ",
  );
  const rows = await client.$queryRaw<{ folder: string }[]>`
    SELECT DISTINCT (regexp_matches(src, ${`(${UPLOAD_FOLDER})/`}, 'g'))[1] AS folder
      FROM (${sources}) AS sources
     WHERE src LIKE '%creatives/%' OR src LIKE '%images/%'`;
  return new Set(rows.map((r) => r.folder));
}

export interface UploadSweepResult {
  folders: number;
  objects: number;
}

export interface UploadSweepOptions {
  store?: FileStorage;
  /** Default STORAGE_UNREFERENCED_MAX_AGE_HOURS. */
  maxAgeMs?: number;
}

interface Candidate {
  keys: string[];
  newest: number;
}

/**
 * Deletes every upload folder no row refers to whose newest object is older
 * than the age; returns how many folders and objects went.
 */
export async function sweepUnreferencedUploads(now: Date, client: Pick<PrismaClient, "$queryRaw">, options: UploadSweepOptions = {}): Promise<UploadSweepResult> {
  const store = options.store ?? storage();
  const cutoff = now.getTime() - (options.maxAgeMs ?? env().STORAGE_UNREFERENCED_MAX_AGE_HOURS * 3_600_000);
  const referencedAtStart = await referencedUploadFolders(client);
  // Only unreferenced folders are held in memory: saved uploads are skipped as they are listed.
  const candidates = new Map<string, Candidate>();
  for (const prefix of SWEPT_PREFIXES) {
    for await (const entry of store.list(prefix)) {
      const folder = uploadFolderOf(entry.key);
      if (!folder || referencedAtStart.has(folder)) continue;
      const candidate = candidates.get(folder) ?? { keys: [], newest: 0 };
      candidate.keys.push(entry.key);
      candidate.newest = Math.max(candidate.newest, entry.modifiedAt.getTime());
      candidates.set(folder, candidate);
    }
  }
  const stale = [...candidates].filter(([, c]) => c.newest < cutoff);
  if (stale.length === 0) return { folders: 0, objects: 0 };

  const referenced = await referencedUploadFolders(client);
  const result: UploadSweepResult = { folders: 0, objects: 0 };
  for (const [folder, { keys }] of stale) {
    if (referenced.has(folder)) continue;
    // Deepest first, so each emptied sub-folder goes with its last object (LocalDirectoryStorage.delete).
    for (const key of keys.sort((a, b) => b.split("/").length - a.split("/").length)) await store.delete(key);
    result.folders += 1;
    result.objects += keys.length;
  }
  if (result.folders > 0) log.info("uploads: unreferenced stored uploads deleted", { ...result });
  return result;
}
