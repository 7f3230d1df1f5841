// The shapes shared by the creative upload (lib/creatives/media), the media
// processing services (HLS conversion, VAST verification, HTML5 archives) and
// the creative and creative-set screens. Client-safe: no server imports.

/** What business.md 9 calls a media kind: which limits and checks a file gets. */
export type CreativeMediaKind = "image" | "video" | "ctv_video" | "html5_zip";

/**
 * One stored upload (the upload call answers data[] of these, shell.md 7:
 * name, filePath, width, height; the rest is what the server read from the
 * content). `storageKey` is the lib/storage key; `filePath` the URL it is
 * served under (/api/files/<key>).
 */
export interface UploadedCreativeFile {
  name: string;
  filePath: string;
  storageKey: string;
  width: number;
  height: number;
  mimeType: string;
  sizeBytes: number;
  /** Video only: from the stream (ffprobe). */
  durationMs?: number;
  bitrateKbps?: number;
  /** HTML5 archives only: the main HTML inside the unpacked archive. */
  htmlEntry?: string;
}

/** A file the upload refused, listed under its name (business.md 8: 'size exceeds limit', 'unsupported type', 'invalid dimensions'). */
export interface UploadFileError {
  name: string;
  message: string;
}

/** The parsed summary of a VAST/VPAID tag, stored on the creative (Creative.vastSummary) and shown. */
export interface VastSummary {
  version: string;
  adCount: number;
  durationSeconds: number | null;
  mediaFiles: { url: string; type: string; width: number; height: number; bitrateKbps: number | null; apiFramework: string | null }[];
  trackingEvents: string[];
  isVpaid: boolean;
}
