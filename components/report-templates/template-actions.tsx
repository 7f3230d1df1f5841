"use client";
// The buttons of a report template's details page: open the report, pause or
// resume the schedule, run it now (its recipients get the e-mail; the run
// history shows the outcome a moment later), delete after a confirmation.
// Disabled for users who may not write; the server refuses them anyway.
import { useEffect, useState } from "react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { deleteReportTemplateAction, pauseReportTemplateAction, runReportTemplateNowAction } from "@/lib/report-templates/actions";
import type { ReportTemplateDetails } from "@/lib/report-templates/queries";
import { definitionToSearch } from "@/lib/reports/url-state";
import { Button, buttonClass } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";

/** How long the page keeps reloading the run history after "Run now". */
const WATCH_RUN = { everyMs: 3_000, times: 10 };

export function TemplateActions({ template, canWrite }: { template: ReportTemplateDetails; canWrite: boolean }) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [watching, setWatching] = useState(0);

  useEffect(() => {
    if (watching <= 0) return;
    const timer = setTimeout(() => {
      router.refresh();
      setWatching((n) => n - 1);
    }, WATCH_RUN.everyMs);
    return () => clearTimeout(timer);
  }, [watching, router]);

  async function run<T>(call: () => Promise<{ ok: true; data: T } | { ok: false; formError?: string }>, done: string, after?: (data: T) => void) {
    setBusy(true);
    setMessage(null);
    const result = await call().catch(() => ({ ok: false as const, formError: "The server could not be reached. Try again." }));
    setBusy(false);
    if (!result.ok) return setMessage({ text: result.formError ?? "This could not be done. Try again.", error: true });
    setMessage({ text: done, error: false });
    after?.(result.data);
    router.refresh();
  }

  const scheduled = template.schedule !== null;
  const reportHref = `/report/${template.reportType}?${definitionToSearch(template.definition)}`;
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-center gap-2">
        <Link href={reportHref} className={buttonClass("secondary")} data-testid="template-open-report">
          Open report
        </Link>
        {scheduled ? (
          <Button
            disabled={!canWrite || busy}
            data-testid="template-pause"
            onClick={() =>
              void run(() => pauseReportTemplateAction({ id: template.id, version: template.version, paused: !template.paused }), template.paused ? "Schedule resumed" : "Schedule paused")
            }
          >
            {template.paused ? "Resume" : "Pause"}
          </Button>
        ) : null}
        {scheduled ? (
          <Button
            disabled={!canWrite || busy}
            data-testid="template-run-now"
            onClick={() => void run(() => runReportTemplateNowAction({ id: template.id }), "Run queued: the recipients get the e-mail in a moment.", () => setWatching(WATCH_RUN.times))}
          >
            Run now
          </Button>
        ) : null}
        <Button variant="danger-outline" disabled={!canWrite || busy} data-testid="template-delete" onClick={() => setConfirmDelete(true)}>
          Delete
        </Button>
      </div>
      {message ? (
        <p role={message.error ? "alert" : "status"} className={`text-sm ${message.error ? "text-red-700" : "text-emerald-700"}`} data-testid="template-action-message">
          {message.text}
        </p>
      ) : null}
      <ConfirmDialog
        open={confirmDelete}
        title="Delete report template"
        message={`Delete '${template.name}'? Its schedule stops; the run history is kept in the activity log.`}
        confirmLabel="Delete"
        variant="danger"
        busy={busy}
        testId="template-delete-confirm"
        onCancel={() => setConfirmDelete(false)}
        onConfirm={() =>
          void run(
            () => deleteReportTemplateAction({ id: template.id, version: template.version }),
            "Report template deleted",
            () => router.push("/report/schedule/list"),
          )
        }
      />
    </div>
  );
}
