"use client";
// Change-password dialog (shell.md 2.3, 5, 8). Rules are checked 500 ms after
// the last keystroke, on the fields typed so far; Save stays disabled until
// the whole form is valid. When the change is forced it cannot be closed:
// 'Sign out' replaces Cancel, and Escape or a click outside do nothing.
import { useEffect, useRef, useState } from "react";
import * as Dialog from "@radix-ui/react-dialog";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { changePasswordAction } from "@/lib/account/actions";
import { SERVER_ERROR_MESSAGE } from "@/lib/data/action-result";
import {
  ChangePasswordSchema,
  PASSWORD_VALIDATION_DEBOUNCE_MS,
  type ChangePasswordInput,
} from "@/lib/account/password-policy";
import { PasswordField } from "./password-field";
import { PRIMARY_BUTTON, SECONDARY_BUTTON } from "./confirm-dialog";
import { adoptSession, broadcastSessionEvent, expiredSession, signOutAllTabs } from "./session-events";

export interface ChangePasswordDialogProps {
  open: boolean;
  /** false when the change is forced: no Cancel, no Escape, no outside click. */
  closable: boolean;
  onClose: () => void;
  /** After a successful change, with the server's message. */
  onChanged: (message: string) => void;
}

export function ChangePasswordDialog({ open, closable, onClose, onChanged }: ChangePasswordDialogProps) {
  const keepOpen = (e: Event) => {
    if (!closable) e.preventDefault();
  };
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && closable && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/40" />
        <Dialog.Content
          data-testid="change-password-dialog"
          onEscapeKeyDown={keepOpen}
          onPointerDownOutside={keepOpen}
          onInteractOutside={keepOpen}
          className="fixed top-1/2 left-1/2 z-50 w-[40%] min-w-[min(92vw,360px)] -translate-x-1/2 -translate-y-1/2 rounded-xl bg-white p-6 shadow-xl focus:outline-none"
        >
          <Dialog.Title className="text-lg font-semibold text-slate-900">Change Password</Dialog.Title>
          <Dialog.Description className="sr-only">Enter your old password and a new password twice.</Dialog.Description>
          <p className="mt-1 text-sm text-slate-600" data-testid="change-password-keys-note">
            This also revokes your API keys.
          </p>
          {/* Mounted only while open, so every opening starts empty. */}
          <ChangePasswordForm closable={closable} onCancel={onClose} onChanged={onChanged} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
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
  const [formError, setFormError] = useState<string | null>(null);
  const typed = useRef(new Set<Field>());
  const {
    register,
    handleSubmit,
    trigger,
    getValues,
    setError,
    subscribe,
    formState: { errors, isSubmitting },
  } = useForm<ChangePasswordInput>({
    resolver: zodResolver(ChangePasswordSchema),
    defaultValues: { oldPassword: "", newPassword: "", confirmPassword: "" },
    mode: "onSubmit",
    reValidateMode: "onSubmit",
  });

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

  const save = async (values: ChangePasswordInput) => {
    setFormError(null);
    const result = await changePasswordAction(values);
    if (result.ok) {
      if (!(await adoptSession(result.data.ticket))) return;
      broadcastSessionEvent({ type: "refresh" });
      onChanged(result.data.message);
      return;
    }
    if (expiredSession(result)) return;
    const fieldErrors = Object.entries(result.fieldErrors ?? {});
    for (const [name, message] of fieldErrors) {
      setError(name as Field, { message });
      typed.current.delete(name as Field); // kept until that field is edited again
    }
    if (fieldErrors.length === 0) setFormError(result.formError ?? SERVER_ERROR_MESSAGE);
    setValid(false);
  };

  return (
    <form
      noValidate
      aria-label="Change Password"
      className="mt-4 space-y-4"
      onSubmit={(e) => {
        handleSubmit(save)(e).catch(() => setFormError(SERVER_ERROR_MESSAGE));
      }}
    >
      {formError && (
        <div role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700">
          {formError}
        </div>
      )}
      <PasswordField
        id="old-password"
        label="Old Password"
        autoComplete="current-password"
        autoFocus
        error={errors.oldPassword?.message}
        {...register("oldPassword")}
      />
      <PasswordField
        id="new-password"
        label="New Password"
        autoComplete="new-password"
        error={errors.newPassword?.message}
        {...register("newPassword")}
      />
      <PasswordField
        id="confirm-password"
        label="Confirmation Password"
        autoComplete="new-password"
        error={errors.confirmPassword?.message}
        {...register("confirmPassword")}
      />
      <div className="flex items-center justify-end gap-2 pt-2">
        {isSubmitting && (
          <span role="status" className="mr-auto text-xs text-slate-500">
            Changing password ...
          </span>
        )}
        {closable ? (
          <button type="button" onClick={onCancel} className={SECONDARY_BUTTON}>
            Cancel
          </button>
        ) : (
          <button type="button" onClick={() => void signOutAllTabs()} className={SECONDARY_BUTTON}>
            Sign out
          </button>
        )}
        <button type="submit" disabled={!valid || isSubmitting} className={PRIMARY_BUTTON}>
          Save
        </button>
      </div>
    </form>
  );
}
