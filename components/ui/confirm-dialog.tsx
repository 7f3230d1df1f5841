"use client";
// The question before a destructive or status change (business.md 4: title
// 'Warning'). Cancel and Escape answer no; while the answer runs, both
// buttons wait. `children` adds controls to the question (a password field
// before turning the second factor off).
import type { ReactNode } from "react";
import { Button } from "./button";
import { Modal } from "./modal";

export interface ConfirmDialogProps {
  open: boolean;
  message: ReactNode;
  title?: string;
  confirmLabel?: string;
  cancelLabel?: string;
  busy?: boolean;
  /** An error of the last answer, shown above the buttons. */
  error?: string | null;
  variant?: "primary" | "danger";
  onConfirm: () => void;
  onCancel: () => void;
  children?: ReactNode;
  testId?: string;
}

export function ConfirmDialog({
  open,
  message,
  title = "Warning",
  confirmLabel = "Yes",
  cancelLabel = "Cancel",
  busy = false,
  error,
  variant = "primary",
  onConfirm,
  onCancel,
  children,
  testId = "confirm-dialog",
}: ConfirmDialogProps) {
  return (
    <Modal
      open={open}
      onOpenChange={(next) => !next && !busy && onCancel()}
      title={title}
      description={message}
      width="min(92vw, 440px)"
      testId={testId}
      footer={
        <>
          <Button onClick={onCancel} disabled={busy}>
            {cancelLabel}
          </Button>
          <Button variant={variant} onClick={onConfirm} busy={busy} data-testid="confirm-yes">
            {confirmLabel}
          </Button>
        </>
      }
    >
      {children || error ? (
        <div className="space-y-3 px-5 py-4">
          {children}
          {error ? (
            <p role="alert" className="text-sm text-red-600">
              {error}
            </p>
          ) : null}
        </div>
      ) : null}
    </Modal>
  );
}
