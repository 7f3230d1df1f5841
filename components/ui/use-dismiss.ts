"use client";
// Closes a popover on a press outside it or on Escape (focus returns to its
// trigger). A press inside a modal dialog layered above the popover (a
// question the popover's menu asked) is not "outside": the popover stays open
// behind it.
import { useEffect, type RefObject } from "react";
import { MODAL_ATTR } from "./layers";

export function useDismiss(
  container: RefObject<HTMLElement | null>,
  open: boolean,
  onClose: () => void,
  trigger?: RefObject<HTMLElement | null>,
) {
  useEffect(() => {
    if (!open) return;
    const onPointer = (e: PointerEvent) => {
      const target = e.target as Element | null;
      const root = container.current;
      if (!target || root?.contains(target)) return;
      const modal = target.closest?.(`[${MODAL_ATTR}]`);
      if (modal && root && !modal.contains(root)) return;
      onClose();
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== "Escape") return;
      onClose();
      trigger?.current?.focus();
    };
    document.addEventListener("pointerdown", onPointer);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("pointerdown", onPointer);
      document.removeEventListener("keydown", onKey);
    };
  }, [container, open, onClose, trigger]);
}
