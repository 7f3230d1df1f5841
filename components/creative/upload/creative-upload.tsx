"use client";
// Creative file upload (business.md 7, shell.md 7 "File upload: POST multipart
// with progress"): a drop zone / file picker for one or several files, a
// progress bar per file while it goes out, then under each file name either
// its size or the server's reason for refusing it ('size exceeds limit',
// 'unsupported type', 'invalid dimensions'). The accepted rows are handed to
// onUploaded once the batch is done. Files are sent one request each, one
// after the other, so each has its own progress and a refusal of one never
// costs the others. The server decides everything by content: the picker's
// accept list and the hint are conveniences.
import { useEffect, useId, useRef, useState } from "react";
import type { CreativeType } from "@/lib/creatives/media/rules";
import type { UploadedCreativeFile } from "@/lib/creatives/media/types";
import { Button } from "@/components/ui/button";
import { FileDropZone } from "@/components/ui/file-drop-zone";
import { acceptFor, uploadHint } from "./hint";
import { sendCreativeFile } from "./upload-request";

export interface CreativeUploadProps {
  advertiserId: number;
  creativeSetType: CreativeType;
  multiple?: boolean;
  disabled?: boolean;
  onUploaded(files: UploadedCreativeFile[]): void;
}

type Status = "queued" | "uploading" | "checking" | "done" | "failed";

interface Item {
  id: number;
  file: File;
  status: Status;
  percent: number;
  message?: string;
  result?: UploadedCreativeFile;
}

const STATUS_TEXT: Record<Status, string> = {
  queued: "Waiting…",
  uploading: "Uploading",
  checking: "Checking the file…",
  done: "Uploaded",
  failed: "Not uploaded",
};

export function CreativeUpload({ advertiserId, creativeSetType, multiple = true, disabled, onUploaded }: CreativeUploadProps) {
  const [items, setItems] = useState<Item[]>([]);
  const [busy, setBusy] = useState(false);
  const nextId = useRef(1);
  const cancel = useRef<AbortController | null>(null);
  const blocked = disabled || busy;

  // Leaving the screen mid-upload stops the request in flight.
  useEffect(() => () => cancel.current?.abort(), []);

  const update = (itemId: number, patch: Partial<Item>) => setItems((list) => list.map((i) => (i.id === itemId ? { ...i, ...patch } : i)));

  async function upload(files: File[]) {
    const batch: Item[] = files.map((file) => ({ id: nextId.current++, file, status: "queued", percent: 0 }));
    setItems((list) => (multiple ? [...list, ...batch] : batch));
    setBusy(true);
    const accepted: UploadedCreativeFile[] = [];
    for (const item of batch) {
      const controller = new AbortController();
      cancel.current = controller;
      update(item.id, { status: "uploading" });
      try {
        const { data, errors } = await sendCreativeFile({
          advertiserId,
          type: creativeSetType,
          file: item.file,
          signal: controller.signal,
          // At 100% the bytes are out; the server still checks (and for video probes) the file.
          onProgress: (percent) => update(item.id, { percent, status: percent >= 100 ? "checking" : "uploading" }),
        });
        if (data[0]) {
          accepted.push(data[0]);
          update(item.id, { status: "done", percent: 100, result: data[0] });
        } else {
          update(item.id, { status: "failed", message: errors[0]?.message ?? "Not uploaded" });
        }
      } catch (e) {
        update(item.id, { status: "failed", message: e instanceof Error ? e.message : String(e) });
      }
    }
    cancel.current = null;
    setBusy(false);
    if (accepted.length > 0) onUploaded(accepted);
  }

  const hint = uploadHint(creativeSetType);
  return (
    <div className="space-y-3" data-testid="creative-upload">
      <FileDropZone
        accept={acceptFor(creativeSetType)}
        multiple={multiple}
        disabled={blocked}
        hint={hint}
        onFiles={(files) => void upload(files)}
        noun={{ one: "a file", many: "files" }}
        testId="creative"
        inputLabel="Choose creative files"
      />
      {items.length > 0 && (
        <ul className="space-y-2" aria-label="Uploads" aria-live="polite">
          {items.map((item) => (
            <UploadRow key={item.id} item={item} onCancel={item.status === "uploading" ? () => cancel.current?.abort() : undefined} />
          ))}
        </ul>
      )}
    </div>
  );
}

function UploadRow({ item, onCancel }: { item: Item; onCancel?: () => void }) {
  const labelId = useId();
  const inFlight = item.status === "uploading" || item.status === "checking" || item.status === "queued";
  return (
    <li data-testid="creative-upload-row" className="rounded border border-slate-200 px-3 py-2 text-sm">
      <div className="flex items-center justify-between gap-2">
        <span id={labelId} className="truncate font-medium text-slate-800" title={item.file.name}>
          {item.file.name}
        </span>
        <span className="flex shrink-0 items-center gap-2 text-xs text-slate-500">
          {item.status === "done" && item.result && item.result.width > 0 ? `${item.result.width}x${item.result.height}` : STATUS_TEXT[item.status]}
          {onCancel && (
            <Button type="button" variant="link" size="xs" onClick={onCancel} aria-label={`Cancel the upload of ${item.file.name}`}>
              Cancel
            </Button>
          )}
        </span>
      </div>
      {inFlight && (
        <div
          role="progressbar"
          aria-labelledby={labelId}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={item.percent}
          aria-valuetext={item.status === "checking" ? "Checking the file" : `${item.percent}%`}
          className="mt-1 h-1.5 w-full overflow-hidden rounded bg-slate-200"
        >
          <div className="h-full bg-primary transition-[width]" style={{ width: `${item.percent}%` }} />
        </div>
      )}
      {item.status === "failed" && (
        <p role="alert" data-testid="creative-upload-error" className="mt-1 text-xs text-red-700">
          {item.message}
        </p>
      )}
    </li>
  );
}
