"use client";
// Start, pause, resume and stop of an experiment (its STATUS_TRANSITIONS),
// each after the 'Warning' question. A change refused because someone else
// changed the experiment first says so in the dialog ('This experiment was
// changed by someone else'); the page then shows the latest version.
import { useState } from "react";
import { useRouter } from "next/navigation";
import { setExperimentStatusAction } from "@/lib/experiments/actions";
import { STATUS_TRANSITIONS, transitionLabel, type ExperimentStatus } from "@/lib/experiments/rules";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";

const QUESTIONS: Record<string, string> = {
  Start: "Start this experiment? Its arms then serve with the traffic split.",
  Pause: "Pause this experiment?",
  Resume: "Resume this experiment?",
  Stop: "Stop this experiment for good? A stopped experiment cannot be started again, and its strategies return to the ordinary strategy lists.",
};

export function ExperimentStatusActions({ id, version, status, disabled }: { id: number; version: number; status: ExperimentStatus; disabled: boolean }) {
  const router = useRouter();
  const [asked, setAsked] = useState<ExperimentStatus | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const label = asked ? transitionLabel(status, asked) : "";

  async function confirm() {
    if (!asked) return;
    setBusy(true);
    setError(null);
    const result = await setExperimentStatusAction({ id, version, status: asked }).catch(() => null);
    setBusy(false);
    if (result?.ok) {
      setAsked(null);
      router.refresh();
      return;
    }
    setError(result ? (result.formError ?? Object.values(result.fieldErrors ?? {})[0] ?? "Something went wrong") : "Something went wrong");
    if (result?.status === 409) router.refresh();
  }

  return (
    <>
      {STATUS_TRANSITIONS[status].map((to) => {
        const text = transitionLabel(status, to);
        return (
          <Button
            key={to}
            variant={to === "COMPLETED" ? "danger-outline" : to === "RUNNING" ? "primary" : "secondary"}
            disabled={disabled}
            onClick={() => {
              setError(null);
              setAsked(to);
            }}
            data-testid={`experiment-${text.toLowerCase()}`}
          >
            {text}
          </Button>
        );
      })}
      <ConfirmDialog
        open={asked !== null}
        message={QUESTIONS[label] ?? ""}
        confirmLabel={label || "Yes"}
        variant={asked === "COMPLETED" ? "danger" : "primary"}
        busy={busy}
        error={error}
        onConfirm={() => void confirm()}
        onCancel={() => setAsked(null)}
        testId="experiment-status-dialog"
      />
    </>
  );
}
