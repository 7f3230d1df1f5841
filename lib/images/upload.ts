// Receiving image files (business.md 5 "Image upload"): the role (by the
// route, upload-route.ts) and the advertiser are checked before any file is
// read; each file is checked on its own (size, extension, type by content,
// dimensions) and refused files are listed by name beside the stored ones. Stored files are not yet in the
// library: the modal's Save adds them (mutations.ts addImages).
import type { ActionScope } from "../data/scope";
import { ConflictError } from "../errors";
import { validationError } from "../validation/errors";
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

export async function uploadImages({ ctx, db }: ActionScope, input: ImageUploadInput): Promise<UploadResponse> {
  const kind = ImageKindSchema.parse(input.kind);
  const advertiser = await loadAdvertiser(db, String(input.advertiserId ?? ""));
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
