// Sends image files to POST /api/uploads/images with XMLHttpRequest: unlike
// fetch, it reports upload progress (xhr.upload.onprogress), which the modal's
// progress bar shows (shell.md 7 "File upload: POST multipart with progress").
import { SERVER_ERROR_MESSAGE } from "@/lib/actions/result";
import type { ImageKind, UploadResponse } from "@/lib/images/schema";

export const IMAGE_UPLOAD_URL = "/api/uploads/images";

export class UploadRequestError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

export interface UploadRequest {
  advertiserId: number;
  kind: ImageKind;
  files: File[];
  /** 0..100, as bytes go out. */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

export function sendImageUpload({ advertiserId, kind, files, onProgress, signal }: UploadRequest): Promise<UploadResponse> {
  const form = new FormData();
  form.append("advertiserId", String(advertiserId));
  form.append("kind", kind);
  for (const file of files) form.append("file", file, file.name);
  return postFormWithProgress(IMAGE_UPLOAD_URL, form, { onProgress, signal }, (body) => {
    const answer = body as (UploadResponse & { error?: unknown }) | null;
    return answer && Array.isArray(answer.data) ? { data: answer.data, errors: answer.errors ?? [] } : undefined;
  });
}

interface ErrorBody {
  error?: { message?: string; fieldErrors?: Record<string, string> };
}

/**
 * POSTs a multipart form with XMLHttpRequest, reporting upload progress
 * (0..100) as the bytes go out. A 200 whose body `accept` takes resolves with
 * what it returns; anything else rejects with UploadRequestError carrying the
 * answer's first field message, else its message, else the generic one.
 * Shared by the image, creative and CRM uploads.
 */
export function postFormWithProgress<T>(
  url: string,
  form: FormData,
  { onProgress, signal }: { onProgress?: (percent: number) => void; signal?: AbortSignal },
  accept: (body: unknown) => T | undefined,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", url);
    xhr.responseType = "json";
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress?.(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onload = () => {
      const accepted = xhr.status === 200 ? accept(xhr.response) : undefined;
      if (accepted !== undefined) return resolve(accepted);
      const body = xhr.response as ErrorBody | null;
      const fieldMessage = body?.error?.fieldErrors ? Object.values(body.error.fieldErrors)[0] : undefined;
      reject(new UploadRequestError(fieldMessage || body?.error?.message || SERVER_ERROR_MESSAGE, xhr.status));
    };
    xhr.onerror = () => reject(new UploadRequestError(SERVER_ERROR_MESSAGE, 0));
    xhr.onabort = () => reject(new UploadRequestError("Upload cancelled", 0));
    signal?.addEventListener("abort", () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}
