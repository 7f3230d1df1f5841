"use client";
// The one dialog shell of the console (Radix Dialog): a centred modal or a
// sheet sliding in from the right (side panels, drawers) or the left (the
// handset menu), with its title, a close button, the overlay and focus
// trapping. Escape, the close button and (unless `dismissible` is
// "explicit") a click outside close it; `closable={false}` removes every way
// out (a forced password change). Escape while a popover inside is open
// closes the popover only. Widths follow the spec (change password 40%,
// switcher 500 px, activity 60%, notifications 450 px).
import { useEffect, useRef, type ReactNode } from "react";
import * as Dialog from "@radix-ui/react-dialog";
import { LAYER, MODAL_ATTR, POPOVER_OPEN_ATTR } from "./layers";

export interface ModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  /** A line under the title, read by screen readers as the dialog's description. */
  description?: ReactNode;
  /** The description for screen readers only. */
  hideDescription?: boolean;
  /** A CSS width ("40%", "500px", "min(92vw,420px)"); the default fits a form. */
  width?: string;
  /** A CSS height for tall content ("70vh"); the body scrolls inside it. */
  height?: string;
  placement?: "center" | "right" | "left";
  /** "outside": Escape, close button and outside click; "explicit": an outside click does not close (typed data would be lost). */
  dismissible?: "outside" | "explicit";
  /** false: no close button and no way to close (the caller closes it when the task is done). */
  closable?: boolean;
  /** false: no ✕ in the header (the dialog has its own Close or Done button); Escape still closes. */
  closeButton?: boolean;
  /** The accessible name of the ✕ ("Close"). */
  closeLabel?: string;
  /** false: no header bar; the title is for screen readers (the content shows its own heading and buttons). */
  header?: boolean;
  testId?: string;
  /** Beside the title (filters, counters, drawer actions). */
  headerExtra?: ReactNode;
  /** Buttons at the bottom, kept visible while the body scrolls. */
  footer?: ReactNode;
  /** The body (none for a message that the description says in full). */
  children?: ReactNode;
}

const PANEL = {
  center: "top-1/2 left-1/2 max-h-[92vh] -translate-x-1/2 -translate-y-1/2 rounded-xl",
  right: "top-0 right-0 h-full min-w-[min(100vw,320px)]",
  left: "top-0 left-0 h-full",
} as const;

export function Modal({
  open,
  onOpenChange,
  title,
  description,
  hideDescription = false,
  width = "min(92vw, 560px)",
  height,
  placement = "center",
  dismissible = "outside",
  closable = true,
  closeButton = true,
  closeLabel = "Close",
  header = true,
  testId,
  headerExtra,
  footer,
  children,
}: ModalProps) {
  const content = useRef<HTMLDivElement>(null);
  const keepOpen = (e: Event) => e.preventDefault();
  const outsideCloses = dismissible === "outside" && closable;
  const descriptionNode = description ? (
    <Dialog.Description className={hideDescription ? "sr-only" : "mt-1 text-sm text-slate-600"}>{description}</Dialog.Description>
  ) : null;
  return (
    <Dialog.Root open={open} onOpenChange={(next) => (next || closable) && onOpenChange(next)}>
      <Dialog.Portal>
        <Dialog.Overlay className={`fixed inset-0 ${LAYER.overlay} bg-slate-900/40`} />
        <Dialog.Content
          ref={content}
          data-testid={testId}
          {...{ [MODAL_ATTR]: "" }}
          // Without a description Radix would warn; the title names the dialog.
          {...(description ? {} : { "aria-describedby": undefined })}
          style={{ width, height }}
          onEscapeKeyDown={(e) => {
            if (!closable || content.current?.querySelector(`[${POPOVER_OPEN_ATTR}]`)) e.preventDefault();
          }}
          onPointerDownOutside={outsideCloses ? undefined : keepOpen}
          onInteractOutside={outsideCloses ? undefined : keepOpen}
          className={`fixed ${LAYER.overlay} flex max-w-full flex-col bg-white shadow-2xl focus:outline-none ${PANEL[placement]}`}
        >
          {header ? (
            <div className="flex items-center gap-3 border-b border-slate-200 px-5 py-3">
              <div className="min-w-0">
                <Dialog.Title className="text-base font-semibold break-words text-slate-900">{title}</Dialog.Title>
                {descriptionNode}
              </div>
              <div className="ml-auto flex items-center gap-3">{headerExtra}</div>
              {closable && closeButton ? (
                <Dialog.Close
                  aria-label={closeLabel}
                  className="rounded-md p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-800 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                >
                  <svg viewBox="0 0 20 20" className="h-5 w-5" aria-hidden="true">
                    <path d="M5 5l10 10M15 5L5 15" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
                  </svg>
                </Dialog.Close>
              ) : null}
            </div>
          ) : (
            <>
              <Dialog.Title className="sr-only">{title}</Dialog.Title>
              {descriptionNode}
            </>
          )}
          {children ? <ModalBody>{children}</ModalBody> : null}
          {footer ? <div className={`flex justify-end gap-2 px-5 py-3 ${children ? "border-t border-slate-200" : ""}`}>{footer}</div> : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/**
 * The dialog's scrolling body. While its content overflows (a long list of
 * sign-ins) it is a tab stop, so keyboard users can scroll it too; otherwise
 * it adds none.
 */
function ModalBody({ children }: { children: ReactNode }) {
  const body = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = body.current;
    if (!element || typeof ResizeObserver === "undefined") return;
    const update = () => {
      if (element.scrollHeight > element.clientHeight + 1) element.tabIndex = 0;
      else element.removeAttribute("tabindex");
    };
    update();
    const resized = new ResizeObserver(update);
    resized.observe(element);
    const changed = new MutationObserver(update);
    changed.observe(element, { childList: true, subtree: true });
    return () => {
      resized.disconnect();
      changed.disconnect();
    };
  }, []);
  return (
    <div ref={body} className="flex min-h-0 flex-1 flex-col overflow-y-auto focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none focus-visible:ring-inset">
      {children}
    </div>
  );
}

/** A button that closes the dialog around it (a footer's Close or Done). */
export const ModalClose = Dialog.Close;
