"use client";
// The strategy list's Import dialog: upload an edited export (CSV or XLSX),
// see what it would do (POST /api/v1/strategies/import?dryRun=true: each
// change as strategy, field, old -> new; unchanged rows; per-row and
// per-column errors; strategies changed by someone since the export), then
// Apply (dryRun=false) the same file: all or nothing. The route checks the
// session and role like any REST call; the dialog is offered only to users
// who may write.
import { useState } from "react";
import { useRouter } from "next/navigation";
import { Button } from "@/components/ui/button";
import { FileDropZone } from "@/components/ui/file-drop-zone";
import { FormError } from "@/components/ui/field";
import { Modal } from "@/components/ui/modal";
import { SERVER_ERROR_MESSAGE } from "@/lib/actions/result";
import type { ImportResult } from "@/lib/strategies/transfer/import";
import { ImportPreviewTables } from "./import-preview";

export interface ImportDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
}

type Phase = "choose" | "checking" | "preview" | "applying" | "applied";

interface ApiAnswer {
  respObject?: ImportResult;
  error?: { message: string; fieldErrors?: Record<string, string> };
}

async function postFile(file: File, dryRun: boolean): Promise<ApiAnswer> {
  const body = new FormData();
  body.set("file", file);
  const res = await fetch(`/api/v1/strategies/import?dryRun=${dryRun}`, { method: "POST", body });
  return (await res.json().catch(() => ({ error: { message: SERVER_ERROR_MESSAGE } }))) as ApiAnswer;
}

const messageOf = (a: ApiAnswer) => a.error?.fieldErrors?.file ?? a.error?.fieldErrors?.rows ?? a.error?.message ?? SERVER_ERROR_MESSAGE;

export function ImportDialog({ open, onOpenChange }: ImportDialogProps) {
  const router = useRouter();
  const [file, setFile] = useState<File | null>(null);
  const [phase, setPhase] = useState<Phase>("choose");
  const [result, setResult] = useState<ImportResult | null>(null);
  const [error, setError] = useState<string | null>(null);

  const reset = () => {
    setFile(null);
    setPhase("choose");
    setResult(null);
    setError(null);
  };
  const close = (next: boolean) => {
    if (!next) reset();
    onOpenChange(next);
  };

  const check = async (chosen: File) => {
    setFile(chosen);
    setError(null);
    setPhase("checking");
    const answer = await postFile(chosen, true).catch(() => ({ error: { message: SERVER_ERROR_MESSAGE } }) as ApiAnswer);
    if (!answer.respObject) {
      setError(messageOf(answer));
      setPhase("choose");
      return;
    }
    setResult(answer.respObject);
    setPhase("preview");
  };

  const apply = async () => {
    if (!file) return;
    setPhase("applying");
    const answer = await postFile(file, false).catch(() => ({ error: { message: SERVER_ERROR_MESSAGE } }) as ApiAnswer);
    if (!answer.respObject) {
      setError(messageOf(answer));
      setPhase("preview");
      return;
    }
    setResult(answer.respObject);
    setPhase(answer.respObject.applied ? "applied" : "preview");
    if (answer.respObject.applied) router.refresh();
  };

  const blocked = !result || result.errors.length > 0 || result.conflicts.length > 0;
  const nothingToDo = result !== null && result.changed.length === 0;

  return (
    <Modal
      open={open}
      onOpenChange={close}
      title="Import Strategies"
      description="Upload an exported file whose bid price, bid type, F-cap or strategy name you edited. You see every change before anything is saved."
      testId="strategy-import-dialog"
      width="min(96vw, 980px)"
      height="85vh"
      dismissible="explicit"
      footer={
        <div className="flex justify-end gap-2">
          {phase === "preview" || phase === "applying" ? (
            <Button type="button" onClick={reset} disabled={phase === "applying"}>
              Choose another file
            </Button>
          ) : null}
          <Button type="button" onClick={() => close(false)} disabled={phase === "applying"}>
            {phase === "applied" ? "Close" : "Cancel"}
          </Button>
          {phase === "preview" || phase === "applying" ? (
            <Button type="button" variant="primary" onClick={apply} disabled={blocked || nothingToDo || phase === "applying"} data-testid="strategy-import-apply">
              {phase === "applying" ? "Applying…" : `Apply ${result?.changed.length.toLocaleString("en-US") ?? 0} changes`}
            </Button>
          ) : null}
        </div>
      }
    >
      <div className="space-y-4">
        <FormError message={error} testId="strategy-import-error" />
        {phase === "choose" || phase === "checking" ? (
          <FileDropZone
            accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            multiple={false}
            disabled={phase === "checking"}
            hint="CSV or XLSX, as exported from this list, up to 16 MB and 20,000 strategies."
            noun={{ one: "a file", many: "files" }}
            testId="strategy-import"
            inputLabel="Choose the file to import"
            onFiles={([chosen]) => void check(chosen)}
          />
        ) : null}
        {phase === "checking" ? (
          <p role="status" className="text-sm text-slate-700">
            Checking {file?.name}…
          </p>
        ) : null}
        {phase === "applied" ? (
          <p role="status" className="rounded-md border border-emerald-200 bg-emerald-50 px-3 py-2 text-sm text-emerald-800" data-testid="strategy-import-applied">
            {result?.changed.length.toLocaleString("en-US")} strategies updated.
          </p>
        ) : null}
        {result && phase !== "choose" && phase !== "checking" ? <ImportPreviewTables result={result} /> : null}
      </div>
    </Modal>
  );
}
