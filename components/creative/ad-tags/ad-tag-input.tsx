"use client";
// Third-party tags in: one tag with its name and size, or a tag file (CSV
// with name,width,height,tag; uploaded or pasted). The server reads and
// checks them (parseAdTagsAction, the same rules as the save); every row is
// listed with its own errors and the good ones are handed to `onParsed`.
// Video rows get a 'Verify' button that fetches and summarises the VAST.
import { useState, type ChangeEvent } from "react";
import { expiredSession } from "@/components/account/session-events";
import { Button } from "@/components/ui/button";
import { createDataColumns, DataTable } from "@/components/ui/data-table";
import { FormError, InputField, SelectField, TextareaField } from "@/components/ui/field";
import { parseAdTagsAction, verifyVideoAdTagAction } from "@/lib/creatives/ad-tags/actions";
import { STANDARD_VIDEO_AD_TAG_DIMENSIONS, type AdTagKind, type AdTagRow, type ParseAdTagsInput, type ParsedAdTagRow } from "@/lib/creatives/ad-tags/schema";
import { SERVER_ERROR_MESSAGE } from "@/lib/actions/result";
import type { VastSummary } from "@/lib/creatives/media/types";
import { VastSummaryView } from "./vast-summary-view";

export interface AdTagInputProps {
  kind: AdTagKind;
  onParsed(rows: AdTagRow[]): void;
}

type Mode = "single" | "csv";
type Verification = { state: "busy" } | { state: "ok"; summary: VastSummary } | { state: "failed"; message: string };

const MAX_FILE_BYTES = 5_000_000;

export function AdTagInput({ kind, onParsed }: AdTagInputProps) {
  const [mode, setMode] = useState<Mode>("single");
  const [single, setSingle] = useState({ name: "", size: "640x480", width: "", height: "", tag: "" });
  const [csv, setCsv] = useState("");
  const [rows, setRows] = useState<ParsedAdTagRow[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [verified, setVerified] = useState<Record<number, Verification>>({});

  async function read(input: ParseAdTagsInput) {
    setBusy(true);
    setError(null);
    setVerified({});
    const result = await parseAdTagsAction(input).catch(() => null);
    setBusy(false);
    if (!result || !result.ok) {
      if (!expiredSession(result)) setError(result?.formError ?? SERVER_ERROR_MESSAGE);
      return;
    }
    setError(result.data.error);
    setRows(result.data.rows);
    onParsed(result.data.rows.flatMap((r) => (r.row ? [r.row] : [])));
  }

  function readSingle() {
    const [w, h] = kind === "video" ? single.size.split("x") : [single.width, single.height];
    return read({ kind, source: "single", row: { name: single.name, width: w, height: h, tag: single.tag } });
  }

  async function readFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = ""; // the same file may be chosen again after a fix
    if (!file) return;
    if (file.size > MAX_FILE_BYTES) return setError("The file is larger than 5 MB");
    const text = await file.text();
    setCsv(text);
    await read({ kind, source: "csv", csv: text });
  }

  async function verify(row: ParsedAdTagRow) {
    if (!row.row) return;
    setVerified((v) => ({ ...v, [row.line]: { state: "busy" } }));
    const result = await verifyVideoAdTagAction({ tag: row.row.tag }).catch(() => null);
    if (result && !result.ok && expiredSession(result)) return;
    const outcome: Verification = !result
      ? { state: "failed", message: SERVER_ERROR_MESSAGE }
      : !result.ok
        ? { state: "failed", message: result.fieldErrors?.tag ?? result.formError ?? SERVER_ERROR_MESSAGE }
        : result.data.ok
          ? { state: "ok", summary: result.data.summary }
          : { state: "failed", message: result.data.message };
    setVerified((v) => ({ ...v, [row.line]: outcome }));
  }

  const update = (field: keyof typeof single) => (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) =>
    setSingle((s) => ({ ...s, [field]: e.target.value }));
  const label = kind === "video" ? "VAST tag (link or XML)" : "Ad tag (HTML)";

  return (
    <div className="space-y-4" data-testid={`ad-tag-input-${kind}`}>
      <fieldset className="flex gap-4 text-sm">
        <legend className="sr-only">How the tags come in</legend>
        {(["single", "csv"] as const).map((m) => (
          <label key={m} className="flex items-center gap-1">
            <input type="radio" name={`ad-tag-mode-${kind}`} value={m} checked={mode === m} onChange={() => setMode(m)} />
            {m === "single" ? "One tag" : "Tag file (CSV)"}
          </label>
        ))}
      </fieldset>

      {mode === "single" ? (
        <div className="space-y-3">
          <InputField id={`ad-tag-name-${kind}`} label="Name" required value={single.name} onChange={update("name")} error={rows?.[0]?.errors.name} />
          {kind === "video" ? (
            <SelectField id="ad-tag-size-video" label="Size" value={single.size} onChange={update("size")} error={rows?.[0]?.errors.width ?? rows?.[0]?.errors.height}>
              {STANDARD_VIDEO_AD_TAG_DIMENSIONS.map((d) => (
                <option key={`${d.width}x${d.height}`} value={`${d.width}x${d.height}`}>{`${d.width}x${d.height}`}</option>
              ))}
            </SelectField>
          ) : (
            <div className="grid grid-cols-2 gap-3">
              <InputField id="ad-tag-width-display" label="Width" required inputMode="numeric" value={single.width} onChange={update("width")} error={rows?.[0]?.errors.width} />
              <InputField id="ad-tag-height-display" label="Height" required inputMode="numeric" value={single.height} onChange={update("height")} error={rows?.[0]?.errors.height} />
            </div>
          )}
          <TextareaField id={`ad-tag-tag-${kind}`} label={label} required rows={5} value={single.tag} onChange={update("tag")} error={rows?.[0]?.errors.tag} />
          <Button variant="primary" busy={busy} onClick={() => void readSingle()}>
            Check tag
          </Button>
        </div>
      ) : (
        <div className="space-y-3">
          <div>
            <label htmlFor={`ad-tag-file-${kind}`} className="block text-sm font-medium text-slate-700">
              Upload a tag file
            </label>
            <input id={`ad-tag-file-${kind}`} type="file" accept=".csv,text/csv" className="mt-1 text-sm" onChange={(e) => void readFile(e)} />
            <p className="mt-1 text-xs text-slate-500">A CSV whose first line is name,width,height,tag; quote tags that hold commas.</p>
          </div>
          <TextareaField id={`ad-tag-csv-${kind}`} label="Or paste the CSV" rows={6} value={csv} onChange={(e) => setCsv(e.target.value)} />
          <Button variant="primary" busy={busy} disabled={!csv.trim()} onClick={() => void read({ kind, source: "csv", csv })}>
            Read tags
          </Button>
        </div>
      )}

      <FormError message={error} testId={`ad-tag-error-${kind}`} />
      {rows && rows.length > 0 && (mode === "csv" || kind === "video") ? (
        <ParsedRows kind={kind} rows={rows} verified={verified} onVerify={(row) => void verify(row)} />
      ) : null}
    </div>
  );
}

const column = createDataColumns<ParsedAdTagRow>();

/** A row's problems; a good video row's Verify button and what it found. */
function Problems({ kind, row, check, onVerify }: { kind: AdTagKind; row: ParsedAdTagRow; check: Verification | undefined; onVerify(row: ParsedAdTagRow): void }) {
  return (
    <div className="space-y-1">
      {Object.values(row.errors).map((message) => (
        <p key={message} className="text-red-700">
          {message}
        </p>
      ))}
      {kind === "video" && row.row ? (
        <>
          <Button size="xs" busy={check?.state === "busy"} onClick={() => onVerify(row)}>
            Verify
          </Button>
          {check?.state === "failed" ? <p className="text-red-700">{check.message}</p> : null}
          {check?.state === "ok" ? <VastSummaryView summary={check.summary} /> : null}
        </>
      ) : null}
    </div>
  );
}

function ParsedRows({ kind, rows, verified, onVerify }: { kind: AdTagKind; rows: ParsedAdTagRow[]; verified: Record<number, Verification>; onVerify(row: ParsedAdTagRow): void }) {
  const good = rows.filter((r) => r.row).length;
  const columns = [
    column.accessor("line", { id: "line", header: "Row" }),
    column.accessor((r) => r.values.name, { id: "name", header: "Name" }),
    column.accessor((r) => `${r.values.width}x${r.values.height}`, { id: "size", header: "Size" }),
    column.display({
      id: "tag",
      header: "Tag",
      meta: { cellClassName: "max-w-[18rem] truncate font-mono text-xs" },
      cell: ({ row }) => <span title={row.original.values.tag}>{row.original.values.tag}</span>,
    }),
    column.display({
      id: "problems",
      header: "Problems",
      cell: ({ row }) => <Problems kind={kind} row={row.original} check={verified[row.original.line]} onVerify={onVerify} />,
    }),
  ];
  return (
    <div className="space-y-2">
      <p className="text-sm text-slate-600" aria-live="polite">
        {good} of {rows.length} tags can be used.
      </p>
      <DataTable
        columns={columns}
        rows={rows}
        rowId={(r) => r.line}
        emptyText={null}
        density="compact"
        className="overflow-hidden rounded-md border border-slate-200"
        rowAttributes={(r) => ({ "data-testid": `ad-tag-row-${r.line}` })}
      />
    </div>
  );
}
