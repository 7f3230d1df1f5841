// Receiving creative files (business.md 7 "Creative file upload", 9): the
// role (by the caller, ./upload-route.ts, before the body is read) and the
// advertiser are checked before any file is looked at; each file
// is then checked on its own (check.ts) and refused files are listed by name
// beside the stored ones. Stored files are not yet creatives: the creative
// form saves them (storageKey and the facts read here).
//
// Keys: creatives/<licenseeId>/<advertiserId>/<uuid>/<file name>; an HTML5
// archive's entries all under one such folder, creatives/<l>/<a>/<uuid>/<entry path>,
// so the main HTML's relative links (css/style.css) resolve to its own files.
import "server-only";
import crypto from "node:crypto";
import type { ActionScope } from "../../data/scope";
import { validationError } from "../../validation/errors";
import { ConflictError } from "../../errors";
import type { TenantTx } from "../../data/tenant-db";
import { loadAdvertiser } from "../../images/queries";
import { assertValidKey, newObjectKey, storage } from "../../storage";
import { checkCreativeFile, type CheckedFile } from "./check";
import type { ReceivedPart } from "./multipart";
import { FILE_MESSAGES, isCreativeType, limitText, MAX_FILE_BYTES, MAX_FILES_PER_UPLOAD, MEDIA_KIND_BY_TYPE, withDetail } from "./rules";
import type { UploadedCreativeFile, UploadFileError } from "./types";

export const CREATIVE_UPLOAD_MESSAGES = {
  type: "Choose the creative set type",
  noFileType: "This creative set type takes no uploaded file",
  noFile: "Choose at least one file to upload",
  tooManyFiles: `Upload at most ${MAX_FILES_PER_UPLOAD} files at a time`,
  placebo: "isPlacebo must be true or false",
  archived: "This advertiser is archived and can no longer be changed.",
} as const;

export interface CreativeUploadInput {
  advertiserId: unknown;
  type: unknown;
  files: ReceivedPart[];
  tooManyFiles?: boolean;
}

export interface CreativeUploadResult {
  data: UploadedCreativeFile[];
  errors: UploadFileError[];
}

/** Checks the request's fields; the files are checked one by one after. */
export async function resolveUploadTarget(db: TenantTx, input: Pick<CreativeUploadInput, "advertiserId" | "type">) {
  if (!isCreativeType(input.type)) throw validationError(["type"], CREATIVE_UPLOAD_MESSAGES.type);
  if (!MEDIA_KIND_BY_TYPE[input.type]) throw validationError(["type"], CREATIVE_UPLOAD_MESSAGES.noFileType);
  const advertiser = await loadAdvertiser(db, String(input.advertiserId ?? ""));
  if (advertiser.isArchived) throw new ConflictError(CREATIVE_UPLOAD_MESSAGES.archived);
  return { type: input.type, advertiserId: advertiser.id };
}

export async function uploadCreativeFiles({ ctx, db }: ActionScope, input: CreativeUploadInput): Promise<CreativeUploadResult> {
  const { type, advertiserId } = await resolveUploadTarget(db, input);
  if (input.files.length === 0) throw validationError(["file"], CREATIVE_UPLOAD_MESSAGES.noFile);
  if (input.tooManyFiles || input.files.length > MAX_FILES_PER_UPLOAD) throw validationError(["file"], CREATIVE_UPLOAD_MESSAGES.tooManyFiles);
  const limit = MAX_FILE_BYTES[MEDIA_KIND_BY_TYPE[type]!];

  const result: CreativeUploadResult = { data: [], errors: [] };
  for (const file of input.files) {
    const check = file.overLimit
      ? { ok: false as const, message: withDetail(FILE_MESSAGES.size, `the file is more than ${limitText(limit)}`) }
      : await checkCreativeFile(type, file);
    if (!check.ok) result.errors.push({ name: file.name, message: check.message });
    else result.data.push(await store(ctx.licenseeId, advertiserId, file, check));
  }
  return result;
}

/**
 * Entries of an HTML5 archive written at once: on S3 each is a request, and an
 * archive may hold hundreds of small files.
 */
const PARALLEL_ENTRY_PUTS = 8;

async function store(licenseeId: number, advertiserId: number, file: ReceivedPart, checked: CheckedFile): Promise<UploadedCreativeFile> {
  const facts = { width: checked.width, height: checked.height, mimeType: checked.mime, sizeBytes: file.size };
  if (checked.html5) {
    const folder = ["creatives", licenseeId, advertiserId, crypto.randomUUID()].join("/");
    const entries = checked.html5.entries;
    for (let i = 0; i < entries.length; i += PARALLEL_ENTRY_PUTS) {
      await Promise.all(entries.slice(i, i + PARALLEL_ENTRY_PUTS).map((entry) => storage().put(assertValidKey(`${folder}/${entry.path}`), entry.bytes)));
    }
    const key = `${folder}/${checked.html5.htmlEntry}`;
    return { name: file.name, filePath: storage().urlFor(key), storageKey: key, ...facts, htmlEntry: checked.html5.htmlEntry };
  }
  const key = newObjectKey(["creatives", licenseeId, advertiserId], withExtension(file.name, checked.format), "creative");
  await storage().putFile(key, file.path); // streamed: a 204.8 MB video never passes through memory
  return {
    name: file.name,
    filePath: storage().urlFor(key),
    storageKey: key,
    ...facts,
    ...(checked.durationMs !== undefined ? { durationMs: checked.durationMs, bitrateKbps: checked.bitrateKbps } : {}),
  };
}

/** The stored name ends in the extension of what the content IS, so it is served as that (serve.ts types by extension). */
const EXTENSIONS: Record<string, string[]> = {
  jpg: ["jpg", "jpeg"],
  png: ["png"],
  gif: ["gif"],
  mp4: ["mp4", "m4v"],
  mov: ["mov"],
  "3gp": ["3gp", "3g2"],
  flv: ["flv"],
  webm: ["webm"],
  dash: ["mpd"],
  hls: ["m3u8"],
};

function withExtension(name: string, format: string): string {
  const accepted = EXTENSIONS[format] ?? [format];
  const ext = name.includes(".") ? name.slice(name.lastIndexOf(".") + 1).toLowerCase() : "";
  return accepted.includes(ext) ? name : `${name}.${accepted[0]}`;
}
