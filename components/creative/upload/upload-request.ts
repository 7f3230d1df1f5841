// Sends ONE creative file to POST /v2/api/upload/creative with XMLHttpRequest
// (unlike fetch, it reports upload progress): one request per file gives each
// file its own progress bar and its own result or error.
import { SERVER_ERROR_MESSAGE } from "@/lib/actions/result";
import type { UploadedCreativeFile, UploadFileError } from "@/lib/creatives/media/types";
import type { CreativeType } from "@/lib/creatives/media/rules";
import { UploadRequestError } from "@/components/images/upload-request";

export const CREATIVE_UPLOAD_URL = "/v2/api/upload/creative";

export interface CreativeUploadRequest {
  advertiserId: number;
  type: CreativeType;
  file: File;
  /** 0..100, as bytes go out. */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

export function sendCreativeFile({ advertiserId, type, file, onProgress, signal }: CreativeUploadRequest): Promise<{ data: UploadedCreativeFile[]; errors: UploadFileError[] }> {
  return new Promise((resolve, reject) => {
    const form = new FormData();
    // The fields first: the server then holds the file to its type's size limit as it streams in.
    form.append("advertiserId", String(advertiserId));
    form.append("type", type);
    form.append("file", file, file.name);

    const xhr = new XMLHttpRequest();
    xhr.open("POST", `${CREATIVE_UPLOAD_URL}?isPlacebo=false`);
    xhr.responseType = "json";
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress?.(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onload = () => {
      const body = xhr.response as { data?: UploadedCreativeFile[]; errors?: UploadFileError[]; error?: { message?: string; fieldErrors?: Record<string, string> } } | null;
      if (xhr.status === 200 && body && Array.isArray(body.data)) return resolve({ data: body.data, errors: body.errors ?? [] });
      const fieldMessage = body?.error?.fieldErrors ? Object.values(body.error.fieldErrors)[0] : undefined;
      reject(new UploadRequestError(fieldMessage || body?.error?.message || SERVER_ERROR_MESSAGE, xhr.status));
    };
    xhr.onerror = () => reject(new UploadRequestError(SERVER_ERROR_MESSAGE, 0));
    xhr.onabort = () => reject(new UploadRequestError("Upload cancelled", 0));
    signal?.addEventListener("abort", () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}
