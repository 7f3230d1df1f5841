"use client";
// Search-as-you-type for menus and breadcrumbs: the server is asked 350 ms
// after the last keystroke (shell.md 2.6, 2.7); answers to older texts are
// dropped. A refused session signs out (shell.md 8).
import { useEffect, useState } from "react";
import { expiredSession } from "@/components/account/session-events";
import type { ActionResult } from "@/lib/actions/result";
import { MENU_SEARCH_DEBOUNCE_MS } from "@/lib/menu/constants";

export interface DebouncedSearch<T> {
  items: T[];
  /** True from a keystroke until the answer for the current text is in. */
  pending: boolean;
  failed: boolean;
}

/**
 * `search` must be stable (useCallback). While `enabled` is false nothing is
 * asked. With `immediateWhenEmpty`, an empty text is asked without waiting
 * (the first list of a dropdown that just opened).
 */
export function useDebouncedSearch<T>(
  text: string,
  search: (text: string) => Promise<ActionResult<T[]>>,
  { enabled = true, immediateWhenEmpty = false }: { enabled?: boolean; immediateWhenEmpty?: boolean } = {},
): DebouncedSearch<T> {
  const [answer, setAnswer] = useState<{ text: string; items: T[]; failed: boolean } | null>(null);

  useEffect(() => {
    if (!enabled) return;
    let live = true;
    const delay = immediateWhenEmpty && text.trim() === "" ? 0 : MENU_SEARCH_DEBOUNCE_MS;
    const timer = setTimeout(() => {
      search(text).then(
        (result) => {
          if (expiredSession(result)) return; // the sign-in page is loading
          if (live) setAnswer({ text, items: result.ok ? result.data : [], failed: !result.ok });
        },
        () => {
          if (live) setAnswer({ text, items: [], failed: true });
        },
      );
    }, delay);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [text, search, enabled, immediateWhenEmpty]);

  const current = answer?.text === text ? answer : null;
  return { items: current?.items ?? [], pending: enabled && !current, failed: current?.failed ?? false };
}
