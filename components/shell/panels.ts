"use client";
// Side panels of the shell (activity logs, notifications, account preferences)
// open through the URL (?panel=...), so any control can open one, the browser's
// back button closes it, and a link can point at an open panel.
import { useCallback } from "react";
import { usePathname, useRouter, useSearchParams } from "next/navigation";

export const PANELS = ["activity", "notifications", "preferences"] as const;
export type PanelName = (typeof PANELS)[number];

export function usePanel() {
  const router = useRouter();
  const pathname = usePathname();
  const params = useSearchParams();
  const raw = params.get("panel");
  const current = (PANELS as readonly string[]).includes(raw ?? "") ? (raw as PanelName) : null;

  const go = useCallback(
    (panel: PanelName | null) => {
      const next = new URLSearchParams(params.toString());
      if (panel) next.set("panel", panel);
      else next.delete("panel");
      const query = next.toString();
      router.push(query ? `${pathname}?${query}` : pathname, { scroll: false });
    },
    [params, pathname, router],
  );

  return { current, open: (panel: PanelName) => go(panel), close: () => go(null) };
}
