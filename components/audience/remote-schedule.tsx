"use client";
// The remote upload schedule section of a CRM audience's details page: where
// the file is fetched from and how often, the last sync (time and what it
// said, a failure included), the next run; 'Add schedule' / 'Edit schedule'
// (the dialog of remote-schedule-form.tsx) and 'Sync now' (queued for the job
// system; the outcome shows here and a failure in the notifications).
import { useEffect, useState } from "react";
import { remoteScheduleAction, syncRemoteNowAction } from "@/lib/audiences/remote/actions";
import type { RemoteScheduleView } from "@/lib/audiences/remote/schema";
import { formatDate } from "@/lib/format";
import { Button } from "@/components/ui/button";
import { RemoteScheduleDialog } from "./remote-schedule-form";
import { ENCODING_LABELS } from "./upload-crm-file";

export function RemoteScheduleSection({ audienceId, canWrite, timeZone }: { audienceId: number; canWrite: boolean; timeZone: string }) {
  const [schedule, setSchedule] = useState<RemoteScheduleView | null | undefined>(undefined);
  const [editing, setEditing] = useState(false);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [syncing, setSyncing] = useState(false);

  useEffect(() => {
    let cancelled = false;
    remoteScheduleAction({ id: audienceId }).then((r) => {
      if (!cancelled) setSchedule(r.ok ? r.data : null);
    });
    return () => {
      cancelled = true;
    };
  }, [audienceId]);

  async function syncNow() {
    setSyncing(true);
    const result = await syncRemoteNowAction({ id: audienceId });
    setSyncing(false);
    setMessage(result.ok ? { ok: true, text: result.data.message } : { ok: false, text: result.formError ?? Object.values(result.fieldErrors ?? {})[0] ?? "The sync could not be started" });
  }

  const when = (iso: string | null) => (iso ? formatDate(iso, timeZone) : "—");
  return (
    <div className="space-y-3" data-testid="remote-schedule">
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="text-sm font-semibold text-slate-800">Remote upload schedule</h3>
        {canWrite && schedule !== undefined ? (
          <div className="ml-auto flex gap-2">
            {schedule ? (
              <Button size="sm" onClick={syncNow} busy={syncing} data-testid="remote-sync-now">
                Sync now
              </Button>
            ) : null}
            <Button size="sm" variant="primary" onClick={() => setEditing(true)} data-testid="remote-edit">
              {schedule ? "Edit schedule" : "Add schedule"}
            </Button>
          </div>
        ) : null}
      </div>
      {schedule === undefined ? <p className="text-sm text-slate-500">Loading…</p> : null}
      {schedule === null ? <p className="text-sm text-slate-500">No remote upload schedule: files are only uploaded by hand.</p> : null}
      {schedule ? (
        <dl className="grid grid-cols-1 gap-x-6 gap-y-1 text-sm sm:grid-cols-2" data-testid="remote-schedule-summary">
          <Row label="Source" value={`${schedule.protocol} ${schedule.url}`} />
          <Row label="Encoding" value={ENCODING_LABELS[schedule.encoding]} />
          <Row label="Compression" value={schedule.compression} />
          <Row label="Every" value={`${schedule.frequencyValue} ${schedule.frequencyUnit === "HOUR" ? "hour(s)" : "day(s)"}`} />
          <Row label="Username" value={schedule.username || "—"} />
          <Row label="Last sync" value={when(schedule.lastSyncAt)} />
          <Row label="Last status" value={schedule.lastSyncStatus ?? "—"} testId="remote-last-status" />
          <Row label="Next run" value={when(schedule.nextRunAt)} />
        </dl>
      ) : null}
      {message ? (
        <p className={`text-sm ${message.ok ? "text-emerald-700" : "text-red-600"}`} role="status" data-testid="remote-sync-message">
          {message.text}
        </p>
      ) : null}
      {editing ? (
        <RemoteScheduleDialog
          audienceId={audienceId}
          schedule={schedule ?? null}
          open
          onOpenChange={setEditing}
          onSaved={(saved) => {
            setSchedule(saved);
            setEditing(false);
            setMessage({ ok: true, text: "Remote upload schedule saved" });
          }}
        />
      ) : null}
    </div>
  );
}

function Row({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div className="flex gap-2">
      <dt className="w-28 shrink-0 text-slate-500">{label}</dt>
      <dd className="text-slate-900" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}
