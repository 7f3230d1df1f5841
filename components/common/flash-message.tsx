"use client";
// A message that shows in the top right corner for a moment after an action
// (account changes: 2500 ms, shell.md 9; status changes: about 1.5 s,
// business.md 4), then clears itself. Every new message restarts the timer.
import { useCallback, useEffect, useState } from "react";
import { LAYER } from "@/components/ui/layers";

/** How long the result of an activate / deactivate / archive shows (business.md 4: about 1.5 s). */
export const STATUS_MESSAGE_MS = 1500;

export type FlashValue = { kind: "success" | "error"; text: string };

export function useFlashMessage(ms: number) {
  const [message, setMessage] = useState<FlashValue | null>(null);
  useEffect(() => {
    if (!message) return;
    const timer = setTimeout(() => setMessage(null), ms);
    return () => clearTimeout(timer);
  }, [message, ms]);
  const show = useCallback((kind: FlashValue["kind"], text: string) => setMessage({ kind, text }), []);
  return { message, show };
}

export function FlashMessage({ message, testId, className }: { message: FlashValue | null; testId: string; className?: string }) {
  if (!message) return null;
  const error = message.kind === "error";
  return (
    <div
      role={error ? "alert" : "status"}
      data-testid={testId}
      className={`fixed top-4 right-4 ${LAYER.toast} ${className ? `${className} ` : ""}rounded-md border px-4 py-2 text-sm shadow-lg ${
        error ? "border-red-200 bg-red-50 text-red-700" : "border-emerald-200 bg-emerald-50 text-emerald-800"
      }`}
    >
      {message.text}
    </div>
  );
}
