"use client";
// The Backfill section of a website or mobile audience's details: the active
// backfill rule as a sentence, its schedule and last run (status, time, users
// it matched), the backfilled unique users, and for read-write users the
// Backfill dialog. After a rule is added its run is a background job: the
// section asks for the status every few seconds until the run finished, then
// says 'Audience successfully backfilled' or 'Failed to backfill the audience'
// and reloads the page's counters.
import { useCallback, useEffect, useState } from "react";
import { useRouter } from "next/navigation";
import { backfillStatusAction } from "@/lib/audiences/backfill/actions";
import { BACKFILL_MESSAGES as M, type BackfillAudience } from "@/lib/audiences/backfill/query";
import type { BackfillStatus } from "@/lib/audiences/backfill/service";
import { formatDate } from "@/lib/format";
import { Button } from "@/components/ui/button";
import { BackfillDialog } from "./backfill-dialog";

const POLL_MS = 2000;
const STATUS_LABELS = { QUEUED: "Queued", RUNNING: "Running", SUCCEEDED: "Succeeded", FAILED: "Failed" } as const;
const STATUS_STYLE = { QUEUED: "bg-slate-100 text-slate-700", RUNNING: "bg-amber-50 text-amber-800", SUCCEEDED: "bg-emerald-50 text-emerald-700", FAILED: "bg-red-50 text-red-700" } as const;

export interface BackfillSectionProps {
  audienceId: number;
  audience: BackfillAudience;
  canWrite: boolean;
  timeZone: string;
}

export function BackfillSection({ audienceId, audience, canWrite, timeZone }: BackfillSectionProps) {
  const router = useRouter();
  const [status, setStatus] = useState<BackfillStatus | null>(null);
  const [open, setOpen] = useState(false);
  const [watching, setWatching] = useState(false);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const rule = status?.rule ?? null;
  const pending = rule !== null && (rule.runStatus === "QUEUED" || rule.runStatus === "RUNNING");

  const load = useCallback(async () => {
    const result = await backfillStatusAction({ audienceId });
    if (result.ok) setStatus(result.data);
    return result.ok ? result.data : null;
  }, [audienceId]);

  useEffect(() => {
    let live = true;
    void backfillStatusAction({ audienceId }).then((result) => {
      if (live && result.ok) setStatus(result.data);
    });
    return () => {
      live = false;
    };
  }, [audienceId]);

  // While a run is queued or running: ask again until it finished.
  useEffect(() => {
    if (!pending) return;
    const timer = setInterval(async () => {
      const next = await load();
      const run = next?.rule?.runStatus;
      if (watching && (run === "SUCCEEDED" || run === "FAILED")) {
        setWatching(false);
        setOutcome(run === "SUCCEEDED" ? { ok: true, text: M.backfilled } : { ok: false, text: M.failed });
        router.refresh();
      }
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [pending, watching, load, router]);

  return (
    <section className="rounded-xl border border-slate-200 bg-white p-5 shadow-xs" data-testid="backfill-section" aria-labelledby="backfill-title">
      <div className="flex flex-wrap items-center gap-3">
        <h2 id="backfill-title" className="text-sm font-semibold tracking-wide text-slate-800 uppercase">
          Backfill
        </h2>
        {rule ? (
          <span className={`rounded px-2 py-0.5 text-xs font-medium ${STATUS_STYLE[rule.runStatus]}`} data-testid="backfill-run-status">
            {STATUS_LABELS[rule.runStatus]}
          </span>
        ) : null}
        {canWrite ? (
          <Button size="sm" className="ml-auto" disabled={pending} onClick={() => setOpen(true)} data-testid="backfill-open">
            Backfill
          </Button>
        ) : null}
      </div>
      {outcome ? (
        <p role="status" className={`mt-3 rounded-md px-3 py-2 text-sm ${outcome.ok ? "bg-emerald-50 text-emerald-800" : "bg-red-50 text-red-800"}`} data-testid="backfill-outcome">
          {outcome.text}
        </p>
      ) : null}
      {status === null ? (
        <p className="mt-3 text-sm text-slate-500">Loading…</p>
      ) : (
        <dl className="mt-3 grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-3">
          <div className="sm:col-span-3">
            <dt className="text-slate-500">Query</dt>
            <dd data-testid="backfill-sentence">{rule ? rule.sentence : "Never backfilled"}</dd>
          </div>
          <div>
            <dt className="text-slate-500">Schedule</dt>
            <dd>{rule ? rule.scheduleLabel : "-"}</dd>
          </div>
          <div>
            <dt className="text-slate-500">Last run</dt>
            <dd>{rule?.lastRunAt ? formatDate(rule.lastRunAt, timeZone) : pending ? "Waiting for the background job" : "-"}</dd>
          </div>
          <div>
            <dt className="text-slate-500">Backfilled unique users</dt>
            <dd data-testid="backfill-users">{status.backfilledUU.toLocaleString("en-US")}</dd>
          </div>
          {rule?.runStatus === "FAILED" && rule.lastRunError ? (
            <div className="sm:col-span-3">
              <dt className="text-slate-500">Why the last run failed</dt>
              <dd className="text-red-700">{rule.lastRunError}</dd>
            </div>
          ) : null}
        </dl>
      )}
      {canWrite ? (
        <BackfillDialog
          key={open ? "open" : "closed"}
          audienceId={audienceId}
          audience={audience}
          open={open}
          onClose={() => setOpen(false)}
          onQueued={(next) => {
            setOpen(false);
            setStatus(next);
            setOutcome(null);
            setWatching(true);
          }}
        />
      ) : null}
    </section>
  );
}
