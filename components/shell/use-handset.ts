"use client";
// Handset layout at a width of 768 px or less (shell.md 9). Layout switches
// use CSS (`min-[769px]:`); this hook is for the few things that must exist
// in only one place, such as the user menu (top bar or handset menu).
import { useSyncExternalStore } from "react";

const QUERY = "(max-width: 768px)";

function subscribe(onChange: () => void) {
  const list = window.matchMedia(QUERY);
  list.addEventListener("change", onChange);
  return () => list.removeEventListener("change", onChange);
}

export function useIsHandset(): boolean {
  // The server renders the desktop layout; the browser corrects it after hydration.
  return useSyncExternalStore(subscribe, () => window.matchMedia(QUERY).matches, () => false);
}
