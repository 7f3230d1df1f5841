"use client";
// The two-factor switch of the user menu (shell.md 4, 8): flipping it asks for
// confirmation; Cancel flips it back after 200 ms; on success the server's
// message shows and the flag is kept. Turning it OFF also asks for the
// current password: a missing or wrong one is answered beside the field and
// the question stays open (nothing changed); Cancel still reverts.
import { useState } from "react";
import { setTwoFactorAction } from "@/lib/account/actions";
import { SERVER_ERROR_MESSAGE } from "@/lib/data/action-result";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { PasswordField } from "./password-field";
import { expiredSession } from "./session-events";

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
  const [busy, setBusy] = useState(false);
  const [password, setPassword] = useState("");
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const wanted = !enabled;

  function closeQuestion() {
    setAsking(false);
    setPassword("");
    setPasswordError(null);
  }

  async function confirm() {
    setBusy(true);
    try {
      const result = await setTwoFactorAction(wanted, wanted ? undefined : password);
      if (result.ok) {
        closeQuestion();
        onSaved(result.data.enabled);
        onMessage("success", result.data.message);
      } else if (result.fieldErrors?.password) {
        setPasswordError(result.fieldErrors.password); // try again, or Cancel
      } else {
        closeQuestion();
        setShown(enabled);
        if (!expiredSession(result)) onMessage("error", result.formError ?? SERVER_ERROR_MESSAGE);
      }
    } catch {
      closeQuestion();
      setShown(enabled);
      onMessage("error", SERVER_ERROR_MESSAGE);
    } finally {
      setBusy(false);
    }
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
        onConfirm={() => void confirm()}
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
              if (!busy) void confirm();
            }}
          >
            <PasswordField
              id="two-factor-password"
              label="Current Password"
              autoComplete="current-password"
              autoFocus
              value={password}
              error={passwordError ?? undefined}
              onChange={(e) => {
                setPassword(e.target.value);
                setPasswordError(null);
              }}
            />
          </form>
        )}
      </ConfirmDialog>
    </>
  );
}
