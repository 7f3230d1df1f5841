// Sends one CRM file to POST /api/v1/audiences/{id}/upload with upload
// progress (postFormWithProgress), which the CRM upload's progress bar shows.
// The encoding goes first, then the file.
import type { CrmEncoding } from "@/lib/audiences/upload/files";
import { postFormWithProgress } from "@/components/images/upload-request";

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
  const form = new FormData();
  form.append("encoding", encoding);
  form.append("file", file, file.name);
  return postFormWithProgress(`/api/v1/audiences/${audienceId}/upload`, form, { onProgress, signal }, (body) => (body as { respObject?: CrmUploadAnswer } | null)?.respObject);
}
