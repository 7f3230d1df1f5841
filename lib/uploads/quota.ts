// Per-user caps on uploads in progress: how many at once
// (UPLOAD_MAX_CONCURRENT_PER_USER) and how many bytes their files may take on
// temporary disk (UPLOAD_TEMP_MAX_MB_PER_USER). The counts live in this
// process: the temporary folders they guard are this container's own disk, so
// a per-container count is what matters (a user may have as many in each
// container the load balancer sends them to).
//
// An upload takes a lease before its body is read (beginUpload) and gives it
// back once its temporary files are gone (release); the streaming reader
// (lib/creatives/media/multipart.ts) adds each chunk it writes to disk.
import { envFrom, type EnvSource } from "../env";
import { RateLimitedError } from "../rate-limit/errors";

export interface UploadLimits {
  maxConcurrent: number;
  maxTempBytes: number;
}

export function uploadLimits(source?: EnvSource): UploadLimits {
  const config = envFrom(source);
  return { maxConcurrent: config.UPLOAD_MAX_CONCURRENT_PER_USER, maxTempBytes: config.UPLOAD_TEMP_MAX_MB_PER_USER * 1024 * 1024 };
}

/** Uploads in progress usually end within seconds to minutes: ask again shortly. */
export const UPLOAD_RETRY_AFTER_SECONDS = 30;

const megabytes = (bytes: number) => Math.round(bytes / (1024 * 1024));

export const UPLOAD_QUOTA_MESSAGES = {
  busy: (max: number) => `You already have ${max} uploads in progress: wait for one to finish, then try again`,
  space: (maxBytes: number) =>
    `Your uploads in progress already use the ${megabytes(maxBytes)} MB of temporary space allowed per user: wait for them to finish, then try again`,
  tooLarge: (maxBytes: number) => `The upload is larger than the ${megabytes(maxBytes)} MB of temporary space allowed per user`,
} as const;

/** The user's other uploads hold the room: 429 with Retry-After. */
export class UploadBusyError extends RateLimitedError {
  constructor(message: string) {
    super(UPLOAD_RETRY_AFTER_SECONDS, message);
  }
}

/** This upload alone is larger than the per-user room: waiting would not help. */
export class UploadTooLargeError extends Error {}

interface UserUploads {
  uploads: number;
  bytes: number;
}

// On globalThis: Next evaluates server modules once per bundle, and every
// route handler of the process must count into the same table.
const inProgress = ((globalThis as Record<string, unknown>).__dspUploadsInProgress ??= new Map()) as Map<number, UserUploads>;

export class UploadLease {
  private bytes = 0;
  private released = false;

  constructor(
    readonly userId: number,
    private readonly limits: UploadLimits,
  ) {}

  /** Counts `count` more bytes written to temporary disk; throws, counting nothing, when the user's total would pass the cap. */
  add(count: number): void {
    const entry = inProgress.get(this.userId);
    if (this.released || !entry) throw new Error("upload lease used after release");
    if (this.bytes + count > this.limits.maxTempBytes) throw new UploadTooLargeError(UPLOAD_QUOTA_MESSAGES.tooLarge(this.limits.maxTempBytes));
    if (entry.bytes + count > this.limits.maxTempBytes) throw new UploadBusyError(UPLOAD_QUOTA_MESSAGES.space(this.limits.maxTempBytes));
    entry.bytes += count;
    this.bytes += count;
  }

  /** Gives the slot and the counted bytes back (once: later calls do nothing). */
  release(): void {
    if (this.released) return;
    this.released = true;
    const entry = inProgress.get(this.userId);
    if (!entry) return;
    entry.uploads -= 1;
    entry.bytes -= this.bytes;
    if (entry.uploads <= 0) inProgress.delete(this.userId);
  }
}

/**
 * Takes one of the user's upload slots, or refuses: all slots taken, or the
 * declared body (Content-Length, when given) cannot fit beside the bytes the
 * user's other uploads hold. The lease must be released when the upload's
 * temporary files are gone.
 */
export function beginUpload(userId: number, declaredBytes = 0, limits: UploadLimits = uploadLimits()): UploadLease {
  const entry = inProgress.get(userId) ?? { uploads: 0, bytes: 0 };
  if (entry.uploads >= limits.maxConcurrent) throw new UploadBusyError(UPLOAD_QUOTA_MESSAGES.busy(limits.maxConcurrent));
  if (declaredBytes > limits.maxTempBytes) throw new UploadTooLargeError(UPLOAD_QUOTA_MESSAGES.tooLarge(limits.maxTempBytes));
  if (entry.bytes + declaredBytes > limits.maxTempBytes) throw new UploadBusyError(UPLOAD_QUOTA_MESSAGES.space(limits.maxTempBytes));
  entry.uploads += 1;
  inProgress.set(userId, entry);
  return new UploadLease(userId, limits);
}

/** The user's uploads in progress in this process and the bytes they hold (tests, logs). */
export function uploadsInProgress(userId: number): UserUploads {
  const entry = inProgress.get(userId);
  return { uploads: entry?.uploads ?? 0, bytes: entry?.bytes ?? 0 };
}
