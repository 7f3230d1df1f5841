"use client";
// The CRM file upload of a CRM audience's details page (business.md 3, 5):
// the encoding of the file (raw identifiers, MD5 or SHA-256 hashes), a drop
// zone for one csv, txt, zip or gz file (another type is refused here with
// the server's own message, before anything is sent), a progress bar while
// the bytes go out, then what the file held (accepted, invalid lines,
// duplicates) and the audience's new unique users.
import { useRef, useState } from "react";
import { useRouter } from "next/navigation";
import { CRM_ENCODINGS, CRM_FILE_EXTENSIONS, CRM_UPLOAD_MESSAGES, crmFileKind, MAX_CRM_FILE_BYTES, type CrmEncoding } from "@/lib/audiences/upload/files";
import { Button } from "@/components/ui/button";
import { SelectField } from "@/components/ui/field";
import { FileDropZone } from "@/components/ui/file-drop-zone";
import { sendCrmFile, type CrmUploadAnswer } from "./upload-request";

export const ENCODING_LABELS: Record<CrmEncoding, string> = {
  NONE: "None (raw device ids or IPs: hashed with SHA-256 here)",
  MD5: "MD5 hashes",
  SHA256: "SHA-256 hashes",
};

const count = (n: number) => n.toLocaleString("en-US");

export function CrmFileUpload({ audienceId, canWrite }: { audienceId: number; canWrite: boolean }) {
  const router = useRouter();
  const [encoding, setEncoding] = useState<CrmEncoding>("NONE");
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<CrmUploadAnswer | null>(null);
  const abort = useRef<AbortController | null>(null);

  async function upload(file: File) {
    setResult(null);
    if (!crmFileKind(file.name)) return setError(CRM_UPLOAD_MESSAGES.fileType);
    if (file.size > MAX_CRM_FILE_BYTES) return setError(CRM_UPLOAD_MESSAGES.tooLarge);
    setError(null);
    setProgress(0);
    abort.current = new AbortController();
    try {
      setResult(await sendCrmFile({ audienceId, encoding, file, onProgress: setProgress, signal: abort.current.signal }));
      router.refresh(); // the unique users on the page
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setProgress(null);
      abort.current = null;
    }
  }

  return (
    <div className="space-y-3" data-testid="crm-upload">
      <h3 className="text-sm font-semibold text-slate-800">Upload a file</h3>
      <SelectField
        id="crm-upload-encoding"
        label="Encoding"
        value={encoding}
        disabled={!canWrite || progress !== null}
        onChange={(e) => setEncoding(e.target.value as CrmEncoding)}
        hint="Raw identifiers are hashed before they are stored; they are never kept."
      >
        {CRM_ENCODINGS.map((e) => (
          <option key={e} value={e}>
            {ENCODING_LABELS[e]}
          </option>
        ))}
      </SelectField>
      <FileDropZone
        accept={CRM_FILE_EXTENSIONS.map((e) => `.${e}`).join(",")}
        multiple={false}
        disabled={!canWrite || progress !== null}
        hint="csv, txt, zip or gz: one identifier per line (a CSV's first column), up to 100 MB"
        onFiles={(files) => void upload(files[0])}
        noun={{ one: "a file", many: "files" }}
        testId="crm-upload"
        inputLabel="CRM file"
      />
      {progress !== null ? (
        <div className="flex items-center gap-3" data-testid="crm-upload-progress">
          <div className="h-2 flex-1 overflow-hidden rounded bg-slate-100" role="progressbar" aria-label="Upload progress" aria-valuemin={0} aria-valuemax={100} aria-valuenow={progress}>
            <div className="h-full bg-primary transition-all" style={{ width: `${progress}%` }} />
          </div>
          <span className="w-12 text-right text-xs text-slate-600">{progress === 100 ? "Reading" : `${progress}%`}</span>
          <Button size="sm" variant="link" onClick={() => abort.current?.abort()}>
            Cancel
          </Button>
        </div>
      ) : null}
      {error ? (
        <p className="text-sm text-red-600" role="alert" data-testid="crm-upload-error">
          {error}
        </p>
      ) : null}
      {result ? (
        <p className="rounded-md bg-emerald-50 px-3 py-2 text-sm text-emerald-800" role="status" data-testid="crm-upload-result">
          {result.fileName}: <span data-testid="crm-upload-accepted">{count(result.accepted)}</span> accepted, {count(result.invalid)} invalid line(s),{" "}
          {count(result.duplicates)} duplicate(s){result.headerSkipped ? " (header line skipped)" : ""}. The audience now has {count(result.totalUU)} unique users.
        </p>
      ) : null}
    </div>
  );
}
