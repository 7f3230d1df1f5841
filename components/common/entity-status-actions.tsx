"use client";
// Activate / Deactivate of one record on its details page (business.md 4)
// through the registry's one bulk status action: activate when inactive,
// deactivate when active, each after the 'Warning' question; the result shows
// for about 1.5 s and a success refreshes the page and the menus. A refusal
// the user can act on (an inactive parent, a missing privilege: a 409) shows
// the server's own words, not a generic failure. The texts are the lists'
// (lib/list/messages.ts) for one row, so a list and a details page say the same.
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { FlashMessage } from "@/components/common/flash-message";
import { useConfirmedAction } from "@/components/common/use-confirmed-action";
import { setActiveInBulkAction } from "@/lib/entities/actions";
import { bulkErrorFallback, bulkQuestion, bulkResultMessage } from "@/lib/list/messages";
import type { ListNames } from "@/lib/list/types";

export interface EntityStatusActionsProps {
  /** The registry's entity key ("campaign", "strategy"). */
  entity: string;
  /** "campaign" / "campaigns": the words of the question and the result. */
  names: ListNames;
  id: number;
  active: boolean;
  disabled: boolean;
  /** Prefix of the test ids: <prefix>-activate, <prefix>-deactivate, <prefix>-status-message. */
  testIdPrefix: string;
  /** Said after the deactivate question (a campaign's strategies become inactive too). */
  deactivateNote?: string;
}

/** The question, button label and result texts for activating (`activate`) or deactivating one record. */
export function statusTexts(names: ListNames, activate: boolean, deactivateNote?: string) {
  const question = bulkQuestion(names, activate, 1);
  return {
    label: activate ? "Activate" : "Deactivate",
    question: !activate && deactivateNote ? `${question} ${deactivateNote}` : question,
    success: bulkResultMessage(names, activate, 1),
    failure: bulkErrorFallback(names, activate),
  };
}

export function EntityStatusActions({ entity, names, id, active, disabled, testIdPrefix, deactivateNote }: EntityStatusActionsProps) {
  // The dialog only needs to know it is open: the question follows the record's status.
  const { asking, ask, busy, run, message } = useConfirmedAction<true>();
  const activate = !active;
  const texts = statusTexts(names, activate, deactivateNote);

  function confirm() {
    // A copy whose failure text the answer may replace: run() reads it once the answer is in.
    const text = { success: texts.success, failure: texts.failure };
    run(async () => {
      const result = await setActiveInBulkAction({ entity, ids: [id], active: activate }).catch(() => null);
      // 409: refused for a reason the user can fix (inactive parent, privilege, archived): say which.
      if (result && !result.ok && result.status === 409 && result.formError) text.failure = result.formError;
      return result;
    }, text);
  }

  return (
    <>
      <Button variant="primary" disabled={disabled || busy} onClick={() => ask(true)} data-testid={`${testIdPrefix}-${activate ? "activate" : "deactivate"}`}>
        {texts.label}
      </Button>
      <ConfirmDialog open={asking !== null} title="Warning" message={texts.question} busy={busy} onConfirm={confirm} onCancel={() => ask(null)} />
      <FlashMessage message={message} testId={`${testIdPrefix}-status-message`} />
    </>
  );
}
