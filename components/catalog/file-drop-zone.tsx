"use client";
// Drop a feed file here or click to choose one. The accept list only helps the
// browser's picker: the server decides the type from the content.
import { useRef, useState } from "react";
import { MAX_FEED_BYTES, sizeText } from "@/lib/catalog/schema";

export function FileDropZone({ file, error, onChange }: { file: File | null; error: string | null; onChange: (file: File | null) => void }) {
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  return (
    <div className="space-y-1">
      <label htmlFor="feed-file" className="block text-sm font-medium text-slate-700">
        Feed file
      </label>
      <div
        data-testid="feed-drop-zone"
        role="button"
        tabIndex={0}
        onClick={() => input.current?.click()}
        onKeyDown={(e) => (e.key === "Enter" || e.key === " ") && input.current?.click()}
        onDragOver={(e) => {
          e.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={(e) => {
          e.preventDefault();
          setOver(false);
          onChange(e.dataTransfer.files[0] ?? null);
        }}
        className={`flex cursor-pointer flex-col items-center justify-center rounded-lg border-2 border-dashed px-4 py-6 text-center text-sm ${
          over ? "border-primary bg-accent" : error ? "border-red-300 bg-red-50" : "border-slate-300 bg-slate-50 hover:bg-slate-100"
        }`}
      >
        {file ? (
          <span className="font-medium text-slate-800" data-testid="feed-file-name">
            {file.name} ({Math.max(1, Math.round(file.size / 1024))} KB)
          </span>
        ) : (
          <span className="text-slate-600">Drop a CSV, TSV, XML or ZIP file here, or click to upload</span>
        )}
        <span className="mt-1 text-xs text-slate-500">Up to {sizeText(MAX_FEED_BYTES)}</span>
      </div>
      <input
        ref={input}
        id="feed-file"
        type="file"
        className="sr-only"
        accept=".csv,.tsv,.txt,.xml,.zip,text/csv,text/tab-separated-values,application/xml,text/xml,application/zip"
        onChange={(e) => onChange(e.target.files?.[0] ?? null)}
      />
      {error && (
        <p className="text-xs text-red-600" data-testid="feed-file-error">
          {error}
        </p>
      )}
    </div>
  );
}
