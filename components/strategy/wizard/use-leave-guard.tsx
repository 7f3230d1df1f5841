"use client";
// 'WARNING: Changes that you made may not be saved.' (business.md 4) before
// the wizard is left with unsaved changes: the browser's own question when
// the page unloads (reload, closing the tab, another address), and the
// console's 'Warning' question for a link of the console (menu, breadcrumb)
// or the wizard's Cancel, which navigate inside the app without unloading.
import { useCallback, useEffect, useRef, useState } from "react";
import { useRouter } from "next/navigation";
import { UNSAVED_CHANGES_WARNING } from "@/lib/strategies/options";
import { useUnsavedChangesWarning } from "@/components/forms/use-unsaved-changes";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";

/** The in-app destination of a click on a link, when it leaves this page; null otherwise. */
export function leavingHref(event: MouseEvent): string | null {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  const anchor = (event.target as Element | null)?.closest?.("a[href]") as HTMLAnchorElement | null;
  if (!anchor || anchor.target === "_blank" || anchor.hasAttribute("download")) return null;
  const url = new URL(anchor.href, window.location.href);
  if (url.origin !== window.location.origin) return null;
  if (url.pathname === window.location.pathname && url.search === window.location.search) return null;
  return url.pathname + url.search + url.hash;
}

/**
 * While `active`, warns before leaving; returns the question to render and
 * `leave(href)` for the wizard's own ways out. `onLeave` runs when the user
 * chooses to leave (the changes are given up).
 */
export function useLeaveGuard(active: boolean, onLeave?: () => void) {
  const router = useRouter();
  const [pending, setPending] = useState<string | null>(null);
  const leaving = useRef(false);
  useUnsavedChangesWarning(active);

  useEffect(() => {
    if (!active) return;
    const onClick = (event: MouseEvent) => {
      if (leaving.current) return;
      const href = leavingHref(event);
      if (!href) return;
      // Before Next's link handler (bubbling, on React's root): the navigation waits for the answer.
      event.preventDefault();
      event.stopPropagation();
      setPending(href);
    };
    document.addEventListener("click", onClick, true);
    return () => document.removeEventListener("click", onClick, true);
  }, [active]);

  const go = useCallback(
    (href: string) => {
      leaving.current = true;
      router.push(href);
    },
    [router],
  );
  const leave = useCallback((href: string) => (active ? setPending(href) : go(href)), [active, go]);

  const question = (
    <ConfirmDialog
      open={pending !== null}
      message={UNSAVED_CHANGES_WARNING}
      confirmLabel="Leave"
      cancelLabel="Stay"
      testId="leave-warning"
      onCancel={() => setPending(null)}
      onConfirm={() => {
        const href = pending;
        setPending(null);
        onLeave?.();
        if (href) go(href);
      }}
    />
  );
  return { question, leave };
}
