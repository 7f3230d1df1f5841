"use client";
// Confirm-then-run for status changes (business.md 4): the caller asks first
// (a ConfirmDialog titled 'Warning' open while `asking` is set), then runs the
// action; the result shows as a flash message for about 1.5 s and a success
// refreshes the page's data and the menus (their status dots, archived items:
// business.md 4). A refused session signs out instead (shell.md 8). The
// advertiser, pixel and click destination status controls share it so they
// behave alike.
import { useState, useTransition } from "react";
import { useRouter } from "next/navigation";
import { expiredSession } from "@/components/account/session-events";
import { useInvalidateMenus } from "@/components/shell/menu-invalidation";
import { STATUS_MESSAGE_MS, useFlashMessage } from "./flash-message";

/** `T` is what the dialog is asking about (an action, a row). */
export function useConfirmedAction<T>() {
  const router = useRouter();
  const [asking, setAsking] = useState<T | null>(null);
  const [busy, startTransition] = useTransition();
  const flash = useFlashMessage(STATUS_MESSAGE_MS);
  const invalidateMenus = useInvalidateMenus();

  /**
   * Runs `action` and reports its result with `text`. An action that may throw
   * should be given with `.catch(() => null)` (reported as a failure); one that
   * is not lets the error reach the error boundary, as a bare await would.
   */
  function run(action: () => Promise<{ ok: boolean; status?: number } | null>, text: { success: string; failure: string }) {
    startTransition(async () => {
      const result = await action();
      setAsking(null);
      if (expiredSession(result)) return; // the sign-in page is loading
      flash.show(result?.ok ? "success" : "error", result?.ok ? text.success : text.failure);
      if (!result?.ok) return;
      invalidateMenus();
      router.refresh();
    });
  }

  return { asking, ask: setAsking, busy, run, message: flash.message, show: flash.show };
}
