// Sends ONE creative file to POST /v2/api/upload/creative with XMLHttpRequest
// (unlike fetch, it reports upload progress): one request per file gives each
// file its own progress bar and its own result or error.
import type { UploadedCreativeFile, UploadFileError } from "@/lib/creatives/media/types";
import type { CreativeType } from "@/lib/creatives/media/rules";
import { postFormWithProgress } from "@/components/images/upload-request";

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
  const form = new FormData();
  // The fields first: the server then holds the file to its type's size limit as it streams in.
  form.append("advertiserId", String(advertiserId));
  form.append("type", type);
  form.append("file", file, file.name);
  return postFormWithProgress(`${CREATIVE_UPLOAD_URL}?isPlacebo=false`, form, { onProgress, signal }, (body) => {
    const answer = body as { data?: UploadedCreativeFile[]; errors?: UploadFileError[] } | null;
    return answer && Array.isArray(answer.data) ? { data: answer.data, errors: answer.errors ?? [] } : undefined;
  });
}
