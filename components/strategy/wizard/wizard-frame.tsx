"use client";
// The wizard's frame around the steps: the notices above them (why the page
// is read-only, a draft restored with the way to discard it, a campaign whose
// context could not be read, a save refused because someone else saved
// first) and the buttons under them (Back, Next, Save on the review step).
import { STRATEGY_STEPS } from "@/lib/strategies/options";
import { Button } from "@/components/ui/button";
import { ConflictNotice } from "@/components/forms/conflict-notice";
import { WarningNote } from "@/components/ui/warning-note";

const timeOf = (ms: number) => new Date(ms).toLocaleString("en-GB", { day: "numeric", month: "short", hour: "2-digit", minute: "2-digit" });

export function WizardNotices({
  readOnlyReason,
  restoredAt,
  onDiscard,
  loadError,
  conflict,
  onReload,
}: {
  readOnlyReason?: string;
  restoredAt: number | null;
  onDiscard(): void;
  loadError: string | null;
  conflict: boolean;
  onReload(): void;
}) {
  return (
    <>
      {readOnlyReason ? <WarningNote testId="wizard-read-only">{readOnlyReason}</WarningNote> : null}
      {restoredAt !== null ? (
        <div role="status" className="flex flex-wrap items-center gap-3 rounded-md border border-sky-200 bg-sky-50 px-3 py-2 text-sm text-sky-900" data-testid="wizard-draft-restored">
          <span>Your unsaved changes from {timeOf(restoredAt)} were restored.</span>
          <Button size="xs" variant="link" onClick={onDiscard} data-testid="wizard-draft-discard">
            Discard them
          </Button>
        </div>
      ) : null}
      {loadError ? <WarningNote testId="wizard-load-error">{loadError}</WarningNote> : null}
      <ConflictNotice conflict={conflict} onReload={onReload} testId="wizard" />
    </>
  );
}

export function WizardFooter({ current, onBack, onNext, onSave, submitting }: { current: number; onBack(): void; onNext(): void; onSave(): void; submitting: boolean }) {
  const last = current === STRATEGY_STEPS.length - 1;
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-200 pt-4">
      <Button onClick={onBack} disabled={current === 0} data-testid="wizard-back">
        Back
      </Button>
      {last ? (
        // A plain button: the save first checks every step (the form's own submit moves on instead).
        <Button variant="primary" busy={submitting} onClick={onSave} data-testid="wizard-save">
          {submitting ? "Saving..." : "Save"}
        </Button>
      ) : (
        <Button variant="primary" onClick={onNext} data-testid="wizard-next">
          Next: {STRATEGY_STEPS[current + 1].title}
        </Button>
      )}
    </div>
  );
}
