"use client";
// A report template's latest runs, newest first: when, scheduled or manual,
// the outcome (a coloured word), rows sent, and notes: why a run failed, whom
// it skipped (no longer allowed to receive the licensee's reports) and the
// file when it was too large to attach (a download for signed-in users).
import type { ReportRunView } from "@/lib/report-templates/queries";
import { RECIPIENT_REFUSED } from "@/lib/report-templates/recipients";

const OUTCOME = {
  RUNNING: { text: "Running", tone: "bg-amber-50 text-amber-800" },
  SENT: { text: "Sent", tone: "bg-emerald-50 text-emerald-800" },
  FAILED: { text: "Failed", tone: "bg-red-50 text-red-800" },
} as const;

export function RunHistory({ runs, timeZone }: { runs: ReportRunView[]; timeZone: string }) {
  const when = (iso: string) => new Date(iso).toLocaleString("en-GB", { timeZone, dateStyle: "medium", timeStyle: "short" });
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
        <table className="w-full text-left text-sm" data-testid="run-history">
          <thead className="text-xs text-slate-500 uppercase">
            <tr>
              <th className="py-1 pr-3">Started</th>
              <th className="py-1 pr-3">Kind</th>
              <th className="py-1 pr-3">Status</th>
              <th className="py-1 pr-3 text-right">Rows</th>
              <th className="py-1">Notes</th>
            </tr>
          </thead>
          <tbody>
            {runs.map((run) => (
              <tr key={run.id} className="border-t border-slate-100" data-testid="run-history-row">
                <td className="py-1.5 pr-3">{when(run.startedAt)}</td>
                <td className="py-1.5 pr-3">{run.manual ? "Run now" : `Scheduled (${when(run.slot)})`}</td>
                <td className="py-1.5 pr-3" data-testid="run-history-status">
                  <span className={`rounded px-1.5 py-0.5 text-xs font-medium ${OUTCOME[run.status].tone}`}>{OUTCOME[run.status].text}</span>
                </td>
                <td className="py-1.5 pr-3 text-right">{run.rows ?? "-"}</td>
                <td className="space-y-0.5 py-1.5">
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
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
