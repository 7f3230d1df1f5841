// Changes to an advertiser's image library: saving uploaded files as app
// settings, soft-deleting them (active=false), and discarding uploads that were
// never saved. Each change and its ActivityLog row commit in one transaction.
// The action has checked the role; the scope's client keeps every row to the
// session's licensee.
//
// The activity row is written for the ADVERTISER (the library is part of the
// advertiser; the activity panel's "Advertiser" module shows it and links to
// the advertiser), one row per save or delete, one changed field per image.
import type { SessionContext } from "../auth/context";
import type { AppSetting } from "../generated/prisma/client";
import type { TenantTx } from "../data/tenant-db";
import type { ActionScope } from "../data/scope";
import { writeActivity } from "../audit/activity";
import { ConflictError, ForbiddenError, NotFoundError } from "../errors";
import { withAuditedChange } from "../data/transaction";
import { advertiserEntry } from "../advertisers/mutations";
import { validationError } from "../validation/errors";
import { storage, StorageNotFoundError } from "../storage";
import { parseImageUrl, type ImageFileRef } from "./files";
import { loadAdvertiser, toImageItem } from "./queries";
import {
  AddImagesSchema,
  DeleteImagesSchema,
  DiscardUploadsSchema,
  dimensionsText,
  IMAGE_MESSAGES,
  KIND_KEYS,
  KIND_TEXT,
  SAVE_KEY,
  type ImageItem,
  type ImageKind,
} from "./schema";
import { checkImage } from "./validate";

type LibraryAdvertiser = Awaited<ReturnType<typeof loadAdvertiser>>;

async function writableAdvertiser(tx: TenantTx, advertiserId: number | string): Promise<LibraryAdvertiser> {
  const advertiser = await loadAdvertiser(tx, advertiserId);
  if (advertiser.isArchived) throw new ConflictError(IMAGE_MESSAGES.archived);
  return advertiser;
}

/** "a.png, b.png" — at most 10 names, then "and N more", so a big batch keeps a readable message. */
function namesText(names: string[]): string {
  return names.length <= 10 ? names.join(", ") : `${names.slice(0, 10).join(", ")} and ${names.length - 10} more`;
}

async function logLibraryChange(
  tx: TenantTx,
  ctx: SessionContext,
  advertiser: LibraryAdvertiser,
  kind: ImageKind,
  verb: "added" | "deleted",
  rows: Pick<AppSetting, "key" | "value" | "name">[],
) {
  await writeActivity(tx, ctx, {
    action: "UPDATE",
    ...advertiserEntry(advertiser),
    message: `Image library: ${rows.length} ${KIND_TEXT[kind].plural} ${verb} (${namesText(rows.map((r) => r.name))})`,
    changes: rows.map((r) =>
      verb === "added" ? { fieldName: r.key, oldValue: null, newValue: r.value } : { fieldName: r.key, oldValue: r.value, newValue: null },
    ),
  });
}

/**
 * The uploaded file behind a URL, re-checked: it must have been uploaded for
 * this licensee, advertiser and kind (a URL typed into the request is refused)
 * and still pass the kind's rules. Width and height come from the file, never
 * from the client.
 */
async function readUploaded(ctx: SessionContext, advertiserId: number, kind: ImageKind, url: string, index: number) {
  const ref = parseImageUrl(url);
  if (!ref || ref.licenseeId !== ctx.licenseeId || ref.advertiserId !== advertiserId || ref.kind !== kind) {
    throw validationError(["urls", String(index)], IMAGE_MESSAGES.notUploaded, url);
  }
  let bytes: Uint8Array;
  try {
    bytes = await storage().read(ref.key);
  } catch (e) {
    if (e instanceof StorageNotFoundError) throw validationError(["urls", String(index)], IMAGE_MESSAGES.missing, url);
    throw e;
  }
  const check = await checkImage(kind, ref.name, bytes);
  if (!check.ok) throw validationError(["urls", String(index)], check.message, url);
  return { ref, width: check.width, height: check.height };
}

/**
 * Saves uploaded files to the library of `kind` (the modal's Save). A URL
 * already in the library is not added twice (a double-clicked Save). Returns
 * the library items of every URL asked for.
 */
export async function addImages(scope: ActionScope, advertiserId: number | string, input: unknown): Promise<ImageItem[]> {
  const { kind, urls } = AddImagesSchema.parse(input);
  const advertiser = await loadAdvertiser(scope.db, advertiserId);
  const unique = [...new Set(urls)];
  // Files are read before the transaction: it stays short, and holds no lock while reading.
  const files: { ref: ImageFileRef; width: number; height: number }[] = [];
  for (const [i, url] of unique.entries()) files.push(await readUploaded(scope.ctx, advertiser.id, kind, url, i));

  return withAuditedChange(scope, async (tx) => {
    const adv = await writableAdvertiser(tx, advertiser.id);
    const existing = await tx.appSetting.findMany({
      where: { advertiserId: adv.id, active: true, key: { in: [...KIND_KEYS[kind]] }, value: { in: unique } },
    });
    const known = new Set(existing.map((r) => r.value));
    const created = await tx.appSetting.createManyAndReturn({
      data: files
        .filter((f) => !known.has(f.ref.url))
        .map((f) => ({
          advertiserId: adv.id,
          key: SAVE_KEY[kind],
          type: "string",
          value: f.ref.url,
          name: f.ref.name,
          width: f.width,
          height: f.height,
          properties: { DIMENSIONS: dimensionsText(f.width, f.height) },
        })),
    });
    if (created.length > 0) await logLibraryChange(tx, scope.ctx, adv, kind, "added", created);
    const byUrl = new Map([...existing, ...created].map((r) => [r.value, r]));
    return unique.map((url) => toImageItem(byUrl.get(url)!));
  });
}

/**
 * Soft-deletes images of the library of `kind` (active=false; the files stay:
 * creatives or the advertiser may still show them). The default logo is never
 * deleted; an id that is not an active image of this library is "not found".
 */
export async function deleteImages(scope: ActionScope, advertiserId: number | string, input: unknown): Promise<{ ids: number[] }> {
  const { kind, ids } = DeleteImagesSchema.parse(input);
  const unique = [...new Set(ids)];
  return withAuditedChange(scope, async (tx) => {
    const adv = await writableAdvertiser(tx, advertiserId);
    const rows = await tx.appSetting.findMany({
      where: { id: { in: unique }, advertiserId: adv.id, active: true, key: { in: [...KIND_KEYS[kind]] } },
      orderBy: { id: "asc" },
    });
    if (rows.some((r) => r.key === "DEFAULT_LOGO")) throw new ForbiddenError(IMAGE_MESSAGES.defaultLogo);
    if (rows.length !== unique.length) throw new NotFoundError("Image");
    const { count } = await tx.appSetting.updateMany({
      where: { id: { in: unique }, active: true },
      data: { active: false, version: { increment: 1 } },
    });
    if (count !== rows.length) throw new ConflictError(); // deleted meanwhile by someone else
    await logLibraryChange(tx, scope.ctx, adv, kind, "deleted", rows);
    return { ids: rows.map((r) => r.id) };
  });
}

/**
 * Removes uploaded files that were never saved to a library (the modal was
 * cancelled, or a single-file modal got a new file). A file any app setting
 * refers to, active or not, is kept. Only this advertiser's uploads of the
 * session's licensee are touched; anything else in the list is ignored.
 */
export async function discardUploads({ ctx, db }: ActionScope, advertiserId: number | string, input: unknown): Promise<{ deleted: number }> {
  const urls = DiscardUploadsSchema.parse(input);
  const advertiser = await loadAdvertiser(db, advertiserId);
  const refs = urls
    .map(parseImageUrl)
    .filter((r): r is ImageFileRef => !!r && r.licenseeId === ctx.licenseeId && r.advertiserId === advertiser.id);
  if (refs.length === 0) return { deleted: 0 };
  const saved = await db.appSetting.findMany({
    where: { value: { in: refs.map((r) => r.url) } },
    select: { value: true },
  });
  const keep = new Set(saved.map((s) => s.value));
  const orphans = [...new Map(refs.filter((r) => !keep.has(r.url)).map((r) => [r.key, r])).values()];
  for (const r of orphans) await storage().delete(r.key);
  return { deleted: orphans.length };
}
