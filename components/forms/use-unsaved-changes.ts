"use client";
// The browser's unsaved-changes warning (business.md 4, shell.md 8) while a
// form holds changes: leaving the page (reload, closing the tab, typing
// another address) asks first. Browsers show their own wording; the spec's
// text is what the event carries for those that show it.
import { useEffect } from "react";

export const UNSAVED_CHANGES_MESSAGE = "WARNING: Changes that you made may not be saved.";

export function useUnsavedChangesWarning(active: boolean): void {
  useEffect(() => {
    if (!active) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = UNSAVED_CHANGES_MESSAGE;
      return UNSAVED_CHANGES_MESSAGE;
    };
    window.addEventListener("beforeunload", onBeforeUnload);
    return () => window.removeEventListener("beforeunload", onBeforeUnload);
  }, [active]);
}
