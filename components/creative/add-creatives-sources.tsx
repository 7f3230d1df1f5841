"use client";
// Where new creatives come from in the add-creatives dialog: uploaded files
// (one request per file to /v2/api/upload/creative, each with its own
// progress bar; a refused file listed under its name with the server's
// reason) or pasted ad tags. The dedicated upload and ad-tag components
// (components/creative/upload, components/creative/ad-tags) replace these
// when they are in the tree; the shapes they answer are the same.
import { useState } from "react";
import type { UploadedCreativeFile, UploadFileError } from "@/lib/creatives/media/types";
import type { CreativeType } from "@/lib/generated/prisma/enums";
import { Button } from "@/components/ui/button";
import { inputClass } from "@/components/ui/field";

interface Progress {
  name: string;
  percent: number;
  error?: string;
}

function uploadOne(file: File, advertiserId: number, type: CreativeType, onProgress: (percent: number) => void): Promise<{ data: UploadedCreativeFile[]; errors: UploadFileError[] }> {
  return new Promise((resolve) => {
    const body = new FormData();
    // The type and advertiser first: the server picks the file's size limit from them before the file arrives.
    body.append("advertiserId", String(advertiserId));
    body.append("type", type);
    body.append("file", file);
    const xhr = new XMLHttpRequest();
    xhr.open("POST", "/v2/api/upload/creative");
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(Math.round((e.loaded / e.total) * 100));
    const fail = (message: string) => resolve({ data: [], errors: [{ name: file.name, message }] });
    xhr.onerror = () => fail("The upload failed: check the connection and try again");
    xhr.onload = () => {
      try {
        const json = JSON.parse(xhr.responseText) as { data?: UploadedCreativeFile[]; errors?: UploadFileError[]; error?: { message?: string } };
        if (xhr.status >= 400 && !json.errors) return fail(json.error?.message ?? "The upload failed");
        resolve({ data: json.data ?? [], errors: json.errors ?? [] });
      } catch {
        fail("The upload failed");
      }
    };
    xhr.send(body);
  });
}

export function FileSource({ advertiserId, creativeSetType, onUploaded }: { advertiserId: number; creativeSetType: CreativeType; onUploaded(files: UploadedCreativeFile[]): void }) {
  const [progress, setProgress] = useState<Progress[]>([]);
  async function pick(files: FileList | null) {
    const list = [...(files ?? [])];
    setProgress(list.map((f) => ({ name: f.name, percent: 0 })));
    await Promise.all(
      list.map(async (file, i) => {
        const update = (patch: Partial<Progress>) => setProgress((prev) => prev.map((p, j) => (j === i ? { ...p, ...patch } : p)));
        const result = await uploadOne(file, advertiserId, creativeSetType, (percent) => update({ percent }));
        update({ percent: 100, error: result.errors[0]?.message });
        if (result.data.length) onUploaded(result.data);
      }),
    );
  }
  return (
    <div className="space-y-2">
      <label className="block text-sm font-medium text-slate-700">
        Files
        <input type="file" multiple onChange={(e) => void pick(e.target.files)} className="mt-1 block text-sm" data-testid="creative-file-input" />
      </label>
      <ul className="space-y-1">
        {progress.map((p, i) => (
          <li key={`${p.name}-${i}`} className="text-xs" data-testid="upload-file-row">
            <span className="font-medium">{p.name}</span>{" "}
            {p.error ? (
              <span role="alert" className="text-red-700" data-testid="upload-file-error">
                {p.error}
              </span>
            ) : (
              <progress max={100} value={p.percent} aria-label={`${p.name} upload progress`} data-testid="upload-progress" className="h-2 w-40 align-middle" />
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}

export interface ParsedAdTag {
  name: string;
  width: number;
  height: number;
  tag: string;
}

export function AdTagSource({ onParsed }: { kind: "display" | "video"; onParsed(rows: ParsedAdTag[]): void }) {
  const [tag, setTag] = useState("");
  const [size, setSize] = useState("300x250");
  const [error, setError] = useState<string | null>(null);
  function add() {
    const m = /^(\d{1,5})x(\d{1,5})$/.exec(size.trim());
    if (!tag.trim()) return setError("Paste the ad tag");
    if (!m) return setError("Size must be width x height, e.g. 300x250");
    setError(null);
    onParsed([{ name: "", width: Number(m[1]), height: Number(m[2]), tag: tag.trim() }]);
    setTag("");
  }
  return (
    <div className="space-y-2">
      <textarea value={tag} onChange={(e) => setTag(e.target.value)} rows={4} aria-label="Ad tag" className={inputClass(!!error)} data-testid="ad-tag-input" />
      <div className="flex items-center gap-2">
        <input value={size} onChange={(e) => setSize(e.target.value)} aria-label="Size" className={inputClass(false, { width: "w-32" })} />
        <Button size="sm" onClick={add}>
          Add tag
        </Button>
      </div>
      {error && <p role="alert" className="text-xs text-red-700">{error}</p>}
    </div>
  );
}
