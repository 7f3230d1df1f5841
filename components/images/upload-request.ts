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
  return new Promise((resolve, reject) => {
    const form = new FormData();
    form.append("advertiserId", String(advertiserId));
    form.append("kind", kind);
    for (const file of files) form.append("file", file, file.name);

    const xhr = new XMLHttpRequest();
    xhr.open("POST", IMAGE_UPLOAD_URL);
    xhr.responseType = "json";
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress?.(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onload = () => {
      const body = xhr.response as (UploadResponse & { error?: { message?: string } }) | null;
      if (xhr.status === 200 && body && Array.isArray(body.data)) return resolve({ data: body.data, errors: body.errors ?? [] });
      reject(new UploadRequestError(body?.error?.message || SERVER_ERROR_MESSAGE, xhr.status));
    };
    xhr.onerror = () => reject(new UploadRequestError(SERVER_ERROR_MESSAGE, 0));
    xhr.onabort = () => reject(new UploadRequestError("Upload cancelled", 0));
    signal?.addEventListener("abort", () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}
