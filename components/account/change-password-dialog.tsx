"use client";
// Change-password dialog (shell.md 2.3, 5, 8). Rules are checked 500 ms after
// the last keystroke, on the fields typed so far; Save stays disabled until
// the whole form is valid. When the change is forced it cannot be closed:
// 'Sign out' replaces Cancel, and Escape or a click outside do nothing.
import { useEffect, useRef, useState } from "react";
import { changePasswordAction } from "@/lib/account/actions";
import {
  ChangePasswordSchema,
  PASSWORD_VALIDATION_DEBOUNCE_MS,
  type ChangePasswordInput,
} from "@/lib/account/password-policy";
import { PasswordField } from "@/components/ui/password-input";
import { Button } from "@/components/ui/button";
import { Modal } from "@/components/ui/modal";
import { FormError } from "@/components/ui/field";
import { useActionForm } from "@/components/forms/use-action-form";
import { adoptSession, broadcastSessionEvent, signOutAllTabs } from "./session-events";

/** The form's fields in order; the first one takes the focus. */
const PASSWORD_FIELDS = [
  { name: "oldPassword", id: "old-password", label: "Old Password", autoComplete: "current-password" },
  { name: "newPassword", id: "new-password", label: "New Password", autoComplete: "new-password" },
  { name: "confirmPassword", id: "confirm-password", label: "Confirmation Password", autoComplete: "new-password" },
] as const;

export interface ChangePasswordDialogProps {
  open: boolean;
  /** false when the change is forced: no Cancel, no Escape, no outside click. */
  closable: boolean;
  onClose: () => void;
  /** After a successful change, with the server's message. */
  onChanged: (message: string) => void;
}

export function ChangePasswordDialog({ open, closable, onClose, onChanged }: ChangePasswordDialogProps) {
  return (
    <Modal
      open={open}
      onOpenChange={(next) => !next && onClose()}
      title="Change Password"
      description="Enter your old password and a new password twice."
      hideDescription
      closable={closable}
      width="max(40%, min(92vw, 360px))"
      testId="change-password-dialog"
    >
      <div className="px-5 py-4">
        <p className="text-sm text-slate-600" data-testid="change-password-keys-note">
          This also revokes your API keys.
        </p>
        {/* Mounted only while open, so every opening starts empty. */}
        <ChangePasswordForm closable={closable} onCancel={onClose} onChanged={onChanged} />
      </div>
    </Modal>
  );
}

type Field = keyof ChangePasswordInput;

function ChangePasswordForm({
  closable,
  onCancel,
  onChanged,
}: {
  closable: boolean;
  onCancel: () => void;
  onChanged: (message: string) => void;
}) {
  const [valid, setValid] = useState(false);
  const typed = useRef(new Set<Field>());
  const { form, formError, onSubmit, submitting } = useActionForm<ChangePasswordInput, { ticket: string; message: string }>({
    schema: ChangePasswordSchema,
    defaultValues: { oldPassword: "", newPassword: "", confirmPassword: "" },
    // Checked 500 ms after the last keystroke (below), not on every change.
    reValidateMode: "onSubmit",
    action: (values) => changePasswordAction(values),
    onSuccess: async (result) => {
      if (!(await adoptSession(result.ticket))) return;
      broadcastSessionEvent({ type: "refresh" });
      onChanged(result.message);
    },
    onFailure: (failure) => {
      // A server message stays until its field is edited again.
      for (const name of Object.keys(failure.fieldErrors ?? {})) typed.current.delete(name as Field);
      setValid(false);
    },
  });
  const {
    register,
    trigger,
    getValues,
    subscribe,
    formState: { errors },
  } = form;

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const unsubscribe = subscribe({
      formState: { values: true },
      callback: ({ name }) => {
        if (name) typed.current.add(name as Field);
        setValid(false);
        clearTimeout(timer);
        timer = setTimeout(() => {
          // Messages only for fields the user has typed in; validity for the whole form.
          void trigger([...typed.current]);
          setValid(ChangePasswordSchema.safeParse(getValues()).success);
        }, PASSWORD_VALIDATION_DEBOUNCE_MS);
      },
    });
    return () => {
      unsubscribe();
      clearTimeout(timer);
    };
  }, [subscribe, trigger, getValues]);

  return (
    <form noValidate aria-label="Change Password" className="mt-4 space-y-4" onSubmit={(e) => void onSubmit(e)}>
      <FormError message={formError} testId="change-password-error" />
      {PASSWORD_FIELDS.map(({ name, ...field }, index) => (
        <PasswordField key={name} {...field} autoFocus={index === 0} error={errors[name]?.message} {...register(name)} />
      ))}
      <div className="flex items-center justify-end gap-2 pt-2">
        {submitting && (
          <span role="status" className="mr-auto text-xs text-slate-500">
            Changing password ...
          </span>
        )}
        {closable ? (
          <Button onClick={onCancel}>Cancel</Button>
        ) : (
          <Button onClick={() => void signOutAllTabs()}>Sign out</Button>
        )}
        <Button type="submit" variant="primary" disabled={!valid || submitting}>
          Save
        </Button>
      </div>
    </form>
  );
}
