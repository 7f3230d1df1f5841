"use client";
// A short message after an account action (shell.md 9: alerts clear after 2500 ms).
import { useCallback, useEffect, useState } from "react";

export const NOTICE_MS = 2500;

export type NoticeValue = { kind: "success" | "error"; text: string };

export function useNotice() {
  const [notice, setNotice] = useState<NoticeValue | null>(null);
  useEffect(() => {
    if (!notice) return;
    const timer = setTimeout(() => setNotice(null), NOTICE_MS);
    return () => clearTimeout(timer);
  }, [notice]);
  const show = useCallback((kind: NoticeValue["kind"], text: string) => setNotice({ kind, text }), []);
  return { notice, show };
}

export function Notice({ notice }: { notice: NoticeValue | null }) {
  if (!notice) return null;
  return (
    <div
      role={notice.kind === "error" ? "alert" : "status"}
      data-testid="account-notice"
      className={`fixed top-4 right-4 z-[70] max-w-sm rounded-md border px-4 py-2 text-sm shadow-lg ${
        notice.kind === "error" ? "border-red-200 bg-red-50 text-red-700" : "border-emerald-200 bg-emerald-50 text-emerald-800"
      }`}
    >
      {notice.text}
    </div>
  );
}
