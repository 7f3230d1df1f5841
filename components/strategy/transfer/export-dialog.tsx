"use client";
// The strategy list's Export dialog (business.md 2 "Export"): the campaigns
// (a filterable checkbox list of the licensee's campaigns), a date range
// starting at the user's, the format, and the warning of what the file holds.
// A small export downloads at once; a large one shows its progress (polling
// the export's status) and then the download link; a failure says
// 'Error while exporting data. Please try again later.'.
import { useEffect, useMemo, useState } from "react";
import { Controller } from "react-hook-form";
import { useActionForm } from "@/components/forms/use-action-form";
import { Button, SubmitButton } from "@/components/ui/button";
import { Checkbox, Field, FormError, InputField, SelectField, inputClass } from "@/components/ui/field";
import { Modal } from "@/components/ui/modal";
import { WarningNote } from "@/components/ui/warning-note";
import { EXPORT_FAILED, EXPORT_WARNING } from "@/lib/strategies/transfer/columns";
import { exportStatusAction, exportStrategiesAction } from "@/lib/strategies/transfer/actions";
import { ExportInputSchema, type ExportAnswer, type ExportStatus, type TransferFormat } from "@/lib/strategies/transfer/schema";

export interface CampaignOption {
  id: number;
  name: string;
}

export interface ExportDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  campaigns: CampaignOption[];
  /** The user's date range (days of their timezone). */
  defaultRange: { from: string; to: string };
}

interface Values {
  campaignIds: number[];
  from: string;
  to: string;
  format: TransferFormat;
}

const POLL_MS = 1500;

/** Asks the browser to download the file (the server sends it as an attachment). */
function download(url: string) {
  const a = document.createElement("a");
  a.href = url;
  a.download = "";
  document.body.appendChild(a);
  a.click();
  a.remove();
}

export function ExportDialog({ open, onOpenChange, campaigns, defaultRange }: ExportDialogProps) {
  const [filter, setFilter] = useState("");
  const [status, setStatus] = useState<ExportStatus | null>(null);
  const [exportId, setExportId] = useState<string | null>(null);
  const { form, formId, formError, setFormError, submitting, onSubmit, errorOf, invalid } = useActionForm<Values, ExportAnswer>({
    schema: ExportInputSchema,
    defaultValues: { campaignIds: [], from: defaultRange.from, to: defaultRange.to, format: "csv" },
    action: (values) => exportStrategiesAction(values),
    failureMessage: EXPORT_FAILED,
    onSuccess: (answer) => {
      if (answer.fileDownloadUrl) {
        setStatus({ state: "done", done: answer.total, total: answer.total, fileDownloadUrl: answer.fileDownloadUrl });
        download(answer.fileDownloadUrl);
      } else {
        setStatus({ state: "queued", done: 0, total: answer.total });
        setExportId(answer.exportId ?? null);
      }
    },
  });

  // A large export: its status until it is done or failed.
  useEffect(() => {
    if (!exportId) return;
    let stopped = false;
    const timer = setInterval(async () => {
      const result = await exportStatusAction({ exportId }).catch(() => null);
      if (stopped) return;
      const next: ExportStatus = result?.ok ? result.data : { state: "failed", done: 0, total: 0, message: EXPORT_FAILED };
      setStatus(next);
      if (next.state === "done" || next.state === "failed") {
        clearInterval(timer);
        setExportId(null);
        if (next.fileDownloadUrl) download(next.fileDownloadUrl);
      }
    }, POLL_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [exportId]);

  const shown = useMemo(() => {
    const f = filter.trim().toLowerCase();
    return f ? campaigns.filter((c) => c.name.toLowerCase().includes(f) || String(c.id) === f) : campaigns;
  }, [campaigns, filter]);

  const close = (next: boolean) => {
    if (!next) {
      setStatus(null);
      setExportId(null);
      setFormError(null);
      form.reset();
    }
    onOpenChange(next);
  };
  const working = status !== null && (status.state === "queued" || status.state === "running");

  return (
    <Modal
      open={open}
      onOpenChange={close}
      title="Export Strategies"
      testId="strategy-export-dialog"
      width="min(92vw, 620px)"
      footer={
        <div className="flex justify-end gap-2">
          <Button type="button" onClick={() => close(false)}>
            {status?.state === "done" ? "Close" : "Cancel"}
          </Button>
          {status === null || status.state === "failed" ? (
            <SubmitButton form={formId} submitting={submitting} label="Export" data-testid="strategy-export-submit" />
          ) : null}
        </div>
      }
    >
      <form id={formId} onSubmit={onSubmit} noValidate className="space-y-4">
        <WarningNote testId="strategy-export-warning">{EXPORT_WARNING}</WarningNote>
        <FormError message={formError} />
        <Controller
          control={form.control}
          name="campaignIds"
          render={({ field }) => (
            <Field id={`${formId}-campaigns`} label="Campaigns" required error={errorOf("campaignIds")}>
              <div className="space-y-2" aria-invalid={invalid("campaignIds")}>
                <input
                  id={`${formId}-campaigns`}
                  type="search"
                  className={inputClass()}
                  placeholder="Search campaigns"
                  aria-label="Search campaigns"
                  value={filter}
                  onChange={(e) => setFilter(e.target.value)}
                  data-testid="strategy-export-campaign-search"
                />
                <div role="group" aria-label="Campaigns" className="max-h-48 overflow-y-auto rounded-lg border border-slate-200 p-2">
                  {shown.length === 0 ? <p className="px-1 py-2 text-sm text-slate-500">No campaign found.</p> : null}
                  {shown.map((c) => {
                    const checked = field.value.includes(c.id);
                    return (
                      <label key={c.id} className="flex items-center gap-2 px-1 py-1 text-sm">
                        <Checkbox
                          checked={checked}
                          data-testid={`strategy-export-campaign-${c.id}`}
                          onChange={() => field.onChange(checked ? field.value.filter((id) => id !== c.id) : [...field.value, c.id])}
                        />
                        <span>{c.name}</span>
                      </label>
                    );
                  })}
                </div>
                <p className="text-xs text-slate-500">{field.value.length} selected</p>
              </div>
            </Field>
          )}
        />
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
          <InputField id={`${formId}-from`} label="From" type="date" required {...form.register("from")} error={errorOf("from")} aria-invalid={invalid("from")} />
          <InputField id={`${formId}-to`} label="To" type="date" required {...form.register("to")} error={errorOf("to")} aria-invalid={invalid("to")} />
          <SelectField id={`${formId}-format`} label="Format" {...form.register("format")} error={errorOf("format")}>
            <option value="csv">CSV</option>
            <option value="xlsx">XLSX</option>
          </SelectField>
        </div>
      </form>
      {status ? <ExportProgress status={status} working={working} /> : null}
    </Modal>
  );
}

function ExportProgress({ status, working }: { status: ExportStatus; working: boolean }) {
  if (status.state === "failed") {
    return (
      <p role="alert" className="mt-4 text-sm text-red-700" data-testid="strategy-export-failed">
        {status.message ?? EXPORT_FAILED}
      </p>
    );
  }
  if (working) {
    const percent = status.total > 0 ? Math.round((status.done / status.total) * 100) : 0;
    return (
      <div className="mt-4 space-y-1" data-testid="strategy-export-progress">
        <p className="text-sm text-slate-700" aria-live="polite">
          Exporting {status.done.toLocaleString("en-US")} of {status.total.toLocaleString("en-US")} strategies…
        </p>
        <div className="h-2 w-full rounded bg-slate-100" role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent}>
          <div className="h-2 rounded bg-sky-600" style={{ width: `${percent}%` }} />
        </div>
      </div>
    );
  }
  return (
    <p className="mt-4 text-sm text-slate-700" aria-live="polite">
      {status.total.toLocaleString("en-US")} strategies exported.{" "}
      <a href={status.fileDownloadUrl} download className="font-medium text-sky-700 underline" data-testid="strategy-export-download">
        Download the file
      </a>
    </p>
  );
}
