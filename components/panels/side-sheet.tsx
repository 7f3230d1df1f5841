"use client";
// A side panel of the shell (shell.md 2.10, 2.11): a Radix dialog sliding in
// from the right, as wide as the spec says. Escape, the close button or a
// click on the overlay close it (the caller drops ?panel= from the URL).
import type { ReactNode } from "react";
import * as Dialog from "@radix-ui/react-dialog";

/** Marks an open popover inside a panel: Escape then closes the popover, not the panel. */
export const POPOVER_OPEN_ATTR = "data-panel-popover-open";

export function SideSheet({
  title,
  width,
  testId,
  onClose,
  headerExtra,
  children,
}: {
  title: string;
  /** A CSS width: "60%", "450px". */
  width: string;
  testId: string;
  onClose: () => void;
  headerExtra?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/30" />
        <Dialog.Content
          data-testid={testId}
          aria-describedby={undefined}
          onEscapeKeyDown={(e) => {
            if (document.querySelector(`[${POPOVER_OPEN_ATTR}]`)) e.preventDefault();
          }}
          style={{ width }}
          className="fixed top-0 right-0 z-50 flex h-full max-w-full min-w-[min(100vw,320px)] flex-col bg-white shadow-2xl focus:outline-none"
        >
          <div className="flex items-center gap-3 border-b border-slate-200 px-5 py-3">
            <Dialog.Title className="text-base font-semibold text-slate-900">{title}</Dialog.Title>
            <div className="ml-auto flex items-center gap-3">{headerExtra}</div>
            <Dialog.Close
              aria-label="Close"
              className="rounded-md p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-800 focus:ring-2 focus:ring-ring focus:outline-none"
            >
              <svg viewBox="0 0 20 20" className="h-5 w-5" aria-hidden="true">
                <path d="M5 5l10 10M15 5L5 15" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
              </svg>
            </Dialog.Close>
          </div>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** The thin bar under a panel's header while a page loads. */
export function ProgressBar({ active }: { active: boolean }) {
  return (
    <div className="h-1 w-full overflow-hidden bg-transparent" role={active ? "progressbar" : undefined} aria-label={active ? "Loading" : undefined}>
      {active && <div className="h-full w-full animate-pulse bg-primary" />}
    </div>
  );
}
