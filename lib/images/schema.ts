// Rules and texts of the advertiser image library (shell.md 2.9, 3, 5, 9;
// business.md 5 "Image upload"), shared by the upload route, the server
// actions and the client components. Pure: safe to import from the browser.
import { z } from "../validation/z";

export const IMAGE_KINDS = ["LOGO", "FALLBACK", "OVERLAY"] as const;
export type ImageKind = (typeof IMAGE_KINDS)[number];

/** App-setting keys of images (shell.md 3). */
export const IMAGE_SETTING_KEYS = ["LOGO_LINK", "DEFAULT_LOGO", "FALLBACK_IMG_LINK", "OVERLAY_IMG_LINK"] as const;
export type ImageSettingKey = (typeof IMAGE_SETTING_KEYS)[number];

/** The keys a kind's library lists. The default logo is listed with the logos. */
export const KIND_KEYS: Record<ImageKind, readonly ImageSettingKey[]> = {
  LOGO: ["DEFAULT_LOGO", "LOGO_LINK"],
  FALLBACK: ["FALLBACK_IMG_LINK"],
  OVERLAY: ["OVERLAY_IMG_LINK"],
};

/** The key a saved upload of a kind gets (DEFAULT_LOGO is created only with the advertiser). */
export const SAVE_KEY: Record<ImageKind, ImageSettingKey> = {
  LOGO: "LOGO_LINK",
  FALLBACK: "FALLBACK_IMG_LINK",
  OVERLAY: "OVERLAY_IMG_LINK",
};

/** 2048 KB (shell.md 9 "upload maximum 2048"; business.md 5: "likely KB"). */
export const MAX_IMAGE_KB = 2048;
export const MAX_IMAGE_BYTES = MAX_IMAGE_KB * 1024;
/** Files in one upload request: a bound on what one request can make the server read. */
export const MAX_FILES_PER_UPLOAD = 20;
export const LOGO_SIZE = { width: 300, height: 300 } as const;

export interface ImageRule {
  /** Allowed extensions, lower case, without the dot. */
  extensions: readonly string[];
  maxKb: number;
  /** When set, the image must have one of these sizes. */
  dimensions?: readonly { width: number; height: number }[];
}

export const IMAGE_RULES: Record<ImageKind, ImageRule> = {
  LOGO: { extensions: ["jpg", "jpeg", "png"], maxKb: MAX_IMAGE_KB, dimensions: [LOGO_SIZE] },
  FALLBACK: { extensions: ["jpg", "jpeg", "png"], maxKb: MAX_IMAGE_KB },
  OVERLAY: { extensions: ["jpg", "jpeg", "png", "gif"], maxKb: MAX_IMAGE_KB },
};

/** What the browser's file picker offers; the server decides by content. */
export function acceptAttribute(kind: ImageKind): string {
  return IMAGE_RULES[kind].extensions.map((e) => `.${e}`).join(",");
}

export const KIND_TEXT: Record<ImageKind, { title: string; plural: string }> = {
  LOGO: { title: "Logos", plural: "logo(s)" },
  FALLBACK: { title: "Fallback images", plural: "fallback image(s)" },
  OVERLAY: { title: "Overlay images", plural: "overlay image(s)" },
};

/** "300X300": the DIMENSIONS property as the original console writes it. */
export function dimensionsText(width: number, height: number): string {
  return `${width}X${height}`;
}

/** Logo lists show only 300X300 images (shell.md 5); seeds wrote "300x300", so case does not matter. */
export function isLogoDimensions(dimensions: string | null | undefined): boolean {
  return (dimensions ?? "").toUpperCase() === dimensionsText(LOGO_SIZE.width, LOGO_SIZE.height);
}

const list = (items: readonly string[]) => items.map((e) => `.${e}`).join(", ");

export const IMAGE_MESSAGES = {
  noFile: "Choose at least one image to upload",
  tooManyFiles: `Upload at most ${MAX_FILES_PER_UPLOAD} files at a time`,
  empty: "The file is empty",
  sizeExceeded: (maxKb: number) => `File size exceeds the limit of ${maxKb} KB`,
  extension: (allowed: readonly string[]) => `Unsupported file type: only ${list(allowed)} files are allowed`,
  content: (allowed: readonly string[]) => `Unsupported file type: the content is not a ${list(allowed)} image`,
  mismatch: (found: string, ext: string) => `Unsupported file type: the content is a ${found} image, not a .${ext} file`,
  unreadable: "Invalid image: its dimensions cannot be read",
  oversize: (detail: string) => `Invalid dimensions: ${detail}`,
  dimensions: (width: number, height: number, allowed: readonly { width: number; height: number }[]) =>
    `Invalid dimensions: the image is ${width}x${height} pixels; it must be ${allowed.map((d) => `${d.width}x${d.height}`).join(" or ")}`,
  notUploaded: "This image was not uploaded for this advertiser's library: upload it again",
  missing: "The uploaded file is no longer available: upload it again",
  defaultLogo: "The default logo cannot be deleted.",
  archived: "This advertiser is archived and can no longer be changed.",
  noSelection: "Select at least one image",
  emptyList: "No data available to display",
} as const;

/**
 * What the browser can tell before sending a file: its size and extension. The
 * server checks again, and alone decides the type (by content) and dimensions.
 */
export function precheckFile(kind: ImageKind, file: { name: string; size: number }): string | null {
  const rule = IMAGE_RULES[kind];
  if (file.size === 0) return IMAGE_MESSAGES.empty;
  if (file.size > rule.maxKb * 1024) return IMAGE_MESSAGES.sizeExceeded(rule.maxKb);
  const dot = file.name.lastIndexOf(".");
  const ext = dot > 0 ? file.name.slice(dot + 1).toLowerCase() : "";
  if (!rule.extensions.includes(ext)) return IMAGE_MESSAGES.extension(rule.extensions);
  return null;
}

/** Confirmation of a delete (shell.md 5, word for word). */
export const DELETE_CONFIRM_TITLE = "Warning";
export function deleteConfirmText(count: number, kind: ImageKind): string {
  return `You are about the delete ${count} ${KIND_TEXT[kind].plural}. Are you sure you want to continue ?`;
}
export const deletingText = (kind: ImageKind) => `Deleting ${KIND_TEXT[kind].plural}, Please wait...`;
export const savingText = (kind: ImageKind) => `Saving uploaded ${KIND_TEXT[kind].plural}. Please wait...`;

/** Image search applies from 2 characters, 500 ms after the last keystroke (shell.md 5, 9). */
export const SEARCH_MIN_CHARS = 2;
export const SEARCH_DEBOUNCE_MS = 500;
export const GRID_COLUMNS = 6;

export const ImageKindSchema = z.enum(IMAGE_KINDS, { error: "Unknown image kind" });

/** Saving uploads to the library: the URLs the upload route returned. */
export const AddImagesSchema = z.object({
  kind: ImageKindSchema,
  urls: z.array(z.string().min(1).max(1024)).min(1, IMAGE_MESSAGES.noFile).max(MAX_FILES_PER_UPLOAD * 5),
});
export type AddImagesInput = z.input<typeof AddImagesSchema>;

/** Soft-deleting images of the library by their setting ids. */
export const DeleteImagesSchema = z.object({
  kind: ImageKindSchema,
  ids: z.array(z.number().int().positive()).min(1, IMAGE_MESSAGES.noSelection).max(1000),
});
export type DeleteImagesInput = z.input<typeof DeleteImagesSchema>;

/** Uploads to remove because they were never saved (the modal's Cancel). */
export const DiscardUploadsSchema = z.array(z.string().max(1024)).max(MAX_FILES_PER_UPLOAD * 10);

/** An image of the library as the client sees it (shell.md 3 "Image item"). */
export interface ImageItem {
  id: number;
  /** The last URL segment. */
  name: string;
  url: string;
  key: ImageSettingKey;
  width: number | null;
  height: number | null;
  /** The DIMENSIONS property, e.g. "300X300" ("" when unknown). */
  dimensions: string;
  /** The advertiser's default logo: listed, never deletable. */
  isDefault: boolean;
}

/** A file the upload route stored (business.md 3: name, filePath, width, height; filePath is `url`). */
export interface UploadedImage {
  name: string;
  url: string;
  width: number;
  height: number;
}

export interface UploadFileError {
  name: string;
  message: string;
}

/** The upload route's answer: stored files and the refused ones, each by its file name. */
export interface UploadResponse {
  data: UploadedImage[];
  errors: UploadFileError[];
}
