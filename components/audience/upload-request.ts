// Sends one CRM file to POST /api/v1/audiences/{id}/upload with
// XMLHttpRequest: unlike fetch, it reports upload progress, which the CRM
// upload's progress bar shows. The encoding goes first, then the file.
import { SERVER_ERROR_MESSAGE } from "@/lib/actions/result";
import type { CrmEncoding } from "@/lib/audiences/upload/files";
import { UploadRequestError } from "@/components/images/upload-request";

export interface CrmUploadAnswer {
  fileName: string;
  accepted: number;
  invalid: number;
  duplicates: number;
  headerSkipped: boolean;
  totalUU: number;
  dailyUU: number;
}

export interface CrmUploadRequest {
  audienceId: number;
  encoding: CrmEncoding;
  file: File;
  /** 0..100, as bytes go out. */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

export function sendCrmFile({ audienceId, encoding, file, onProgress, signal }: CrmUploadRequest): Promise<CrmUploadAnswer> {
  return new Promise((resolve, reject) => {
    const form = new FormData();
    form.append("encoding", encoding);
    form.append("file", file, file.name);
    const xhr = new XMLHttpRequest();
    xhr.open("POST", `/api/v1/audiences/${audienceId}/upload`);
    xhr.responseType = "json";
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress?.(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onload = () => {
      const body = xhr.response as { respObject?: CrmUploadAnswer; error?: { message?: string; fieldErrors?: Record<string, string> } } | null;
      if (xhr.status === 200 && body?.respObject) return resolve(body.respObject);
      const fieldMessage = body?.error?.fieldErrors ? Object.values(body.error.fieldErrors)[0] : undefined;
      reject(new UploadRequestError(fieldMessage || body?.error?.message || SERVER_ERROR_MESSAGE, xhr.status));
    };
    xhr.onerror = () => reject(new UploadRequestError(SERVER_ERROR_MESSAGE, 0));
    xhr.onabort = () => reject(new UploadRequestError("Upload cancelled", 0));
    signal?.addEventListener("abort", () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}
