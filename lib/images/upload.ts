// Receiving image files (business.md 5 "Image upload"): the role and the
// advertiser are checked before any file is read; each file is checked on its
// own (size, extension, type by content, dimensions) and refused files are
// listed by name beside the stored ones. Stored files are not yet in the
// library: the modal's Save adds them (mutations.ts addImages).
import type { SessionContext } from "../auth/context";
import { ConflictError } from "../errors";
import { requireWrite } from "../data/gate";
import { validationError } from "../validation/errors";
import { tenantDb } from "../data/tenant-db";
import { storage } from "../storage";
import { newImageKey } from "./files";
import { loadAdvertiser } from "./queries";
import { IMAGE_MESSAGES, IMAGE_RULES, ImageKindSchema, MAX_FILES_PER_UPLOAD, type ImageKind, type UploadResponse } from "./schema";
import { checkImage } from "./validate";
import { storableText } from "../validation/strange-text";

export interface ImageUploadInput {
  advertiserId: unknown;
  kind: unknown;
  files: File[];
}

export async function uploadImages(ctx: SessionContext, input: ImageUploadInput): Promise<UploadResponse> {
  requireWrite(ctx);
  const kind = ImageKindSchema.parse(input.kind);
  const advertiser = await loadAdvertiser(tenantDb(ctx), String(input.advertiserId ?? ""));
  if (advertiser.isArchived) throw new ConflictError(IMAGE_MESSAGES.archived);
  if (input.files.length === 0) throw validationError(["file"], IMAGE_MESSAGES.noFile);
  if (input.files.length > MAX_FILES_PER_UPLOAD) throw validationError(["file"], IMAGE_MESSAGES.tooManyFiles);

  const result: UploadResponse = { data: [], errors: [] };
  for (const file of input.files) {
    const name = storableText(file.name) || "image";
    const check = await readChecked(kind, name, file);
    if (!check.ok) {
      result.errors.push({ name, message: check.message });
      continue;
    }
    const key = newImageKey(ctx.licenseeId, advertiser.id, kind, name);
    await storage().put(key, check.bytes);
    result.data.push({ name: key.split("/").pop()!, url: storage().urlFor(key), width: check.width, height: check.height });
  }
  return result;
}

async function readChecked(kind: ImageKind, name: string, file: File) {
  const { maxKb } = IMAGE_RULES[kind];
  // Over the limit: refused without copying it out of the request.
  if (file.size > maxKb * 1024) return { ok: false, message: IMAGE_MESSAGES.sizeExceeded(maxKb) } as const;
  const bytes = new Uint8Array(await file.arrayBuffer());
  const check = await checkImage(kind, name, bytes);
  return check.ok ? { ...check, bytes } : check;
}
