"use client";
// The two-factor switch of the user menu (shell.md 4, 8): flipping it asks for
// confirmation; Cancel flips it back after 200 ms; on success the server's
// message shows and the flag is kept. Turning it OFF also asks for the
// current password: a missing or wrong one is answered beside the field and
// the question stays open (nothing changed); Cancel still reverts.
import { useState } from "react";
import { z } from "@/lib/validation/z";
import { setTwoFactorAction } from "@/lib/account/actions";
import { SERVER_ERROR_MESSAGE } from "@/lib/actions/result";
import { useActionForm } from "@/components/forms/use-action-form";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { PasswordField } from "@/components/ui/password-input";

// Whether a password is needed and right is the server's answer (beside the field).
const PasswordSchema = z.object({ password: z.string() });

export const TWO_FACTOR_REVERT_MS = 200;

export function TwoFactorToggle({
  enabled,
  itemRole,
  className,
  onSaved,
  onMessage,
}: {
  enabled: boolean;
  /** A checkbox item in the dropdown menu, a switch in the handset list. */
  itemRole: "menuitemcheckbox" | "switch";
  className: string;
  onSaved: (enabled: boolean) => void;
  onMessage: (kind: "success" | "error", text: string) => void;
}) {
  // What the switch shows: flips at once, reverts if the change is not made.
  const [shown, setShown] = useState(enabled);
  const [asking, setAsking] = useState(false);
  const wanted = !enabled;
  const { form, onSubmit, submitting: busy, errorOf } = useActionForm<{ password: string }, { enabled: boolean; message: string }>({
    schema: PasswordSchema,
    defaultValues: { password: "" },
    // Unreachable is answered like any refusal: the question closes with the message.
    action: ({ password }) =>
      setTwoFactorAction({ enabled: wanted, password: wanted ? undefined : password }).catch(() => ({ ok: false as const, status: 500 })),
    onSuccess: (result) => {
      closeQuestion();
      onSaved(result.enabled);
      onMessage("success", result.message);
    },
    onFailure: (result) => {
      if (result.fieldErrors?.password) return; // beside the field: try again, or Cancel
      closeQuestion();
      setShown(enabled);
      // Told as a message, like success; an expired session is signing out instead.
      if (result.status !== 401) onMessage("error", result.status >= 500 || !result.formError ? SERVER_ERROR_MESSAGE : result.formError);
    },
  });

  function closeQuestion() {
    setAsking(false);
    form.reset({ password: "" });
  }

  return (
    <>
      <button
        type="button"
        role={itemRole}
        aria-checked={shown}
        data-testid="two-factor-toggle"
        onClick={() => {
          setShown(wanted);
          setAsking(true);
        }}
        className={className}
      >
        Two-factor authentication
        <span
          aria-hidden="true"
          className={`relative inline-flex h-5 w-9 shrink-0 rounded-full transition ${shown ? "bg-primary" : "bg-slate-300"}`}
        >
          <span className={`absolute top-0.5 h-4 w-4 rounded-full bg-white shadow transition-all ${shown ? "left-4.5" : "left-0.5"}`} />
        </span>
      </button>
      <ConfirmDialog
        open={asking}
        busy={busy}
        title="Two-factor authentication"
        message={
          wanted
            ? "Do you want to enable two-factor authentication? A verification code will be sent to your e-mail at each sign-in."
            : "Do you want to disable two-factor authentication?"
        }
        onConfirm={() => void onSubmit()}
        onCancel={() => {
          closeQuestion();
          setTimeout(() => setShown(enabled), TWO_FACTOR_REVERT_MS);
        }}
      >
        {!wanted && (
          // A form of its own, so Enter in the field answers Yes.
          <form
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              if (!busy) void onSubmit();
            }}
          >
            <PasswordField
              id="two-factor-password"
              label="Current Password"
              autoComplete="current-password"
              autoFocus
              error={errorOf("password")}
              {...form.register("password", { onChange: () => form.clearErrors("password") })}
            />
          </form>
        )}
      </ConfirmDialog>
    </>
  );
}
