"use client";
// The look-alike panel of the audience details: the model's status
// (IN_PROCESSING, LIVE, FAILED with its reason), its size and when it was
// last computed, and Refresh / Recreate after the 'Warning' question. While
// the background job computes, the page reloads its data every few seconds
// until the status changes.
import { useEffect, useState } from "react";
import { useRouter } from "next/navigation";
import { rebuildLookAlikeAction } from "@/lib/audiences/lookalike/actions";
import type { LookAlikeRebuildMode } from "@/lib/audiences/lookalike/api-schema";
import type { AudienceDetails } from "@/lib/audiences/queries";
import { formatDate } from "@/lib/format";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";

const POLL_MS = 3000;
const STATUS_STYLE: Record<string, string> = {
  IN_PROCESSING: "bg-amber-50 text-amber-800",
  LIVE: "bg-emerald-50 text-emerald-700",
  FAILED: "bg-red-50 text-red-700",
};
const QUESTION: Record<LookAlikeRebuildMode, string> = {
  refresh: "Compute this look-alike again from the latest stored events? Its current users stay until the new model is ready.",
  recreate: "Recreate this look-alike? Its current users are removed now and the model is computed again.",
};

type Props = {
  audience: Pick<AudienceDetails, "id" | "lookAlikeStatus" | "lookAlikeSize" | "lookAlikeReason" | "lookAlikeBuiltAt" | "totalUU">;
  canWrite: boolean;
  timeZone: string;
};

export function LookAlikePanel({ audience: a, canWrite, timeZone }: Props) {
  const router = useRouter();
  const [asking, setAsking] = useState<LookAlikeRebuildMode | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const processing = a.lookAlikeStatus === "IN_PROCESSING";

  useEffect(() => {
    if (!processing) return;
    const timer = setInterval(() => router.refresh(), POLL_MS);
    return () => clearInterval(timer);
  }, [processing, router]);

  async function confirm() {
    if (!asking) return;
    setBusy(true);
    const result = await rebuildLookAlikeAction({ id: a.id, mode: asking });
    setBusy(false);
    if (!result.ok) return setError(result.formError ?? "The look-alike could not be computed again");
    setAsking(null);
    setError(null);
    router.refresh();
  }

  return (
    <section className="rounded-xl border border-slate-200 bg-white p-5 shadow-xs" data-testid="lookalike-panel" aria-labelledby="lookalike-title">
      <div className="flex flex-wrap items-center gap-3">
        <h2 id="lookalike-title" className="text-sm font-semibold tracking-wide text-slate-800 uppercase">
          Look-alike model
        </h2>
        <span className={`rounded px-2 py-0.5 text-xs font-medium ${STATUS_STYLE[a.lookAlikeStatus ?? ""] ?? ""}`} data-testid="lookalike-status">
          {a.lookAlikeStatus ?? "—"}
        </span>
        {canWrite ? (
          <div className="ml-auto flex gap-2">
            <Button size="sm" disabled={processing} onClick={() => setAsking("refresh")} data-testid="lookalike-refresh">
              Refresh
            </Button>
            <Button size="sm" variant="danger-outline" disabled={processing} onClick={() => setAsking("recreate")} data-testid="lookalike-recreate">
              Recreate
            </Button>
          </div>
        ) : null}
      </div>
      <dl className="mt-3 grid grid-cols-1 gap-x-6 gap-y-1 text-sm sm:grid-cols-3">
        <div>
          <dt className="text-slate-500">Size</dt>
          <dd data-testid="lookalike-size">{a.lookAlikeSize === null ? "—" : `${a.lookAlikeSize}% of the advertiser's other users`}</dd>
        </div>
        <div>
          <dt className="text-slate-500">Users</dt>
          <dd data-testid="lookalike-users">{a.totalUU.toLocaleString("en-US")}</dd>
        </div>
        <div>
          <dt className="text-slate-500">Last computed</dt>
          <dd>{a.lookAlikeBuiltAt ? formatDate(a.lookAlikeBuiltAt, timeZone) : "Not yet"}</dd>
        </div>
      </dl>
      {processing ? <p className="mt-3 text-sm text-slate-600">The model is being computed in the background; this page updates when it is done.</p> : null}
      {a.lookAlikeStatus === "FAILED" && a.lookAlikeReason ? (
        <p className="mt-3 rounded-md bg-red-50 px-3 py-2 text-sm text-red-800" data-testid="lookalike-reason">
          {a.lookAlikeReason}
        </p>
      ) : null}
      <ConfirmDialog
        open={asking !== null}
        message={asking ? QUESTION[asking] : ""}
        confirmLabel={asking === "recreate" ? "Recreate" : "Refresh"}
        variant={asking === "recreate" ? "danger" : "primary"}
        busy={busy}
        error={error}
        onConfirm={confirm}
        onCancel={() => {
          setAsking(null);
          setError(null);
        }}
        testId="lookalike-confirm"
      />
    </section>
  );
}
