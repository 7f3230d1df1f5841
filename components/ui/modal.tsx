"use client";
// The one dialog shell of the console (Radix Dialog): a centred modal or a
// side sheet sliding in from the right, with its title, a close button, the
// overlay and focus trapping. Escape, the close button and (unless
// `dismissible` is "explicit") a click outside close it; `closable={false}`
// removes every way out (a forced password change). Widths follow the spec
// (change password 40%, switcher 500 px, activity 60%, notifications 450 px).
import type { ReactNode } from "react";
import * as Dialog from "@radix-ui/react-dialog";
import { LAYER } from "./layers";

/** Marks an open popover inside a dialog: Escape then closes the popover, not the dialog. */
export const POPOVER_OPEN_ATTR = "data-panel-popover-open";

export interface ModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  /** A line under the title, read by screen readers as the dialog's description. */
  description?: ReactNode;
  /** A CSS width ("40%", "500px", "min(92vw,420px)"); the default fits a form. */
  width?: string;
  /** A CSS height for tall content ("70vh"); the body scrolls inside it. */
  height?: string;
  placement?: "center" | "right";
  /** "outside": Escape, close button and outside click; "explicit": an outside click does not close (typed data would be lost). */
  dismissible?: "outside" | "explicit";
  /** false: no close button and no way to close (the caller closes it when the task is done). */
  closable?: boolean;
  testId?: string;
  /** Beside the title (filters, counters). */
  headerExtra?: ReactNode;
  /** Buttons at the bottom, kept visible while the body scrolls. */
  footer?: ReactNode;
  children: ReactNode;
}

const PANEL = {
  center: "top-1/2 left-1/2 max-h-[92vh] -translate-x-1/2 -translate-y-1/2 rounded-xl",
  right: "top-0 right-0 h-full min-w-[min(100vw,320px)]",
} as const;

export function Modal({
  open,
  onOpenChange,
  title,
  description,
  width = "min(92vw, 560px)",
  height,
  placement = "center",
  dismissible = "outside",
  closable = true,
  testId,
  headerExtra,
  footer,
  children,
}: ModalProps) {
  const keepOpen = (e: Event) => e.preventDefault();
  return (
    <Dialog.Root open={open} onOpenChange={(next) => (next || closable) && onOpenChange(next)}>
      <Dialog.Portal>
        <Dialog.Overlay className={`fixed inset-0 ${LAYER.overlay} bg-slate-900/40`} />
        <Dialog.Content
          data-testid={testId}
          // Without a description Radix would warn; the title names the dialog.
          {...(description ? {} : { "aria-describedby": undefined })}
          style={{ width, height }}
          onEscapeKeyDown={(e) => {
            if (!closable || document.querySelector(`[${POPOVER_OPEN_ATTR}]`)) e.preventDefault();
          }}
          onPointerDownOutside={dismissible === "explicit" || !closable ? keepOpen : undefined}
          onInteractOutside={dismissible === "explicit" || !closable ? keepOpen : undefined}
          className={`fixed ${LAYER.overlay} flex max-w-full flex-col bg-white shadow-2xl focus:outline-none ${PANEL[placement]}`}
        >
          <div className="flex items-center gap-3 border-b border-slate-200 px-5 py-3">
            <div className="min-w-0">
              <Dialog.Title className="text-base font-semibold text-slate-900">{title}</Dialog.Title>
              {description ? <Dialog.Description className="mt-1 text-sm text-slate-600">{description}</Dialog.Description> : null}
            </div>
            <div className="ml-auto flex items-center gap-3">{headerExtra}</div>
            {closable ? (
              <Dialog.Close
                aria-label="Close"
                className="rounded-md p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-800 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
              >
                <svg viewBox="0 0 20 20" className="h-5 w-5" aria-hidden="true">
                  <path d="M5 5l10 10M15 5L5 15" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
                </svg>
              </Dialog.Close>
            ) : null}
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto">{children}</div>
          {footer ? <div className="flex justify-end gap-2 border-t border-slate-200 px-5 py-3">{footer}</div> : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
