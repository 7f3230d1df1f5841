"use client";
// false during the server render and hydration, true once React owns the page.
// Controls whose state lives in React (row selection) stay disabled until then:
// a click on the server-rendered HTML would tick the box without selecting anything.
import { useSyncExternalStore } from "react";

const subscribeToNothing = () => () => {};

export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
}
