"use client";
// A report template's latest runs, newest first: when, scheduled or manual,
// the outcome (a coloured word), rows sent, and notes: why a run failed, whom
// it skipped (no longer allowed to receive the licensee's reports) and the
// file when it was too large to attach (a download for signed-in users).
import type { ReportRunView } from "@/lib/report-templates/queries";
import { RECIPIENT_REFUSED } from "@/lib/report-templates/recipients";
import { createDataColumns, DataTable } from "@/components/ui/data-table";

const OUTCOME = {
  RUNNING: { text: "Running", tone: "bg-amber-50 text-amber-800" },
  SENT: { text: "Sent", tone: "bg-emerald-50 text-emerald-800" },
  FAILED: { text: "Failed", tone: "bg-red-50 text-red-800" },
} as const;

const column = createDataColumns<ReportRunView>();

function Notes({ run }: { run: ReportRunView }) {
  return (
    <div className="space-y-0.5">
      {run.error ? <p className="text-red-700">{run.error}</p> : null}
      {run.skippedRecipients.length > 0 ? (
        <p className="text-amber-800" data-testid="run-history-skipped">
          Not sent to {run.skippedRecipients.join(", ")} ({RECIPIENT_REFUSED.toLowerCase()})
        </p>
      ) : null}
      {run.fileUrl ? (
        <a href={run.fileUrl} className="text-slate-800 underline" download data-testid="run-history-file">
          Download the file (too large to attach)
        </a>
      ) : null}
    </div>
  );
}

export function RunHistory({ runs, timeZone }: { runs: ReportRunView[]; timeZone: string }) {
  const when = (iso: string) => new Date(iso).toLocaleString("en-GB", { timeZone, dateStyle: "medium", timeStyle: "short" });
  const columns = [
    column.display({ id: "started", header: "Started", cell: ({ row }) => when(row.original.startedAt) }),
    column.display({ id: "kind", header: "Kind", cell: ({ row }) => (row.original.manual ? "Run now" : `Scheduled (${when(row.original.slot)})`) }),
    column.display({
      id: "status",
      header: "Status",
      meta: { cellTestId: "run-history-status" },
      cell: ({ row }) => <span className={`rounded px-1.5 py-0.5 text-xs font-medium ${OUTCOME[row.original.status].tone}`}>{OUTCOME[row.original.status].text}</span>,
    }),
    column.display({ id: "rows", header: "Rows", meta: { numeric: true }, cell: ({ row }) => row.original.rows ?? "-" }),
    column.display({ id: "notes", header: "Notes", cell: ({ row }) => <Notes run={row.original} /> }),
  ];
  return (
    <section className="rounded-xl border border-slate-200 bg-white p-5 shadow-xs" aria-labelledby="run-history-title">
      <h2 id="run-history-title" className="mb-3 text-sm font-semibold tracking-wide text-slate-800 uppercase">
        Run history
      </h2>
      {runs.length === 0 ? (
        <p className="text-sm text-slate-600" data-testid="run-history-empty">
          No runs yet.
        </p>
      ) : (
        <DataTable
          columns={columns}
          rows={runs}
          rowId={(run) => run.id}
          emptyText={null}
          testId="run-history"
          density="compact"
          className="overflow-hidden rounded-lg border border-slate-200"
          rowAttributes={() => ({ "data-testid": "run-history-row" })}
        />
      )}
    </section>
  );
}
