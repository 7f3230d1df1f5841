"use client";
// The result of a list action (shell.md 8: "success alert or error alert,
// cleared after 2500 ms").
import { useEffect } from "react";

export const ALERT_CLEAR_MS = 2500;

export interface ListAlertState {
  /** Changes with every alert, so a repeated message restarts the timer. */
  id: number;
  kind: "success" | "error";
  message: string;
}

export function ListAlert({ alert, onClear, testId = "list-alert" }: { alert: ListAlertState | null; onClear: () => void; testId?: string }) {
  useEffect(() => {
    if (!alert) return;
    const timer = setTimeout(onClear, ALERT_CLEAR_MS);
    return () => clearTimeout(timer);
  }, [alert, onClear]);

  if (!alert) return null;
  const success = alert.kind === "success";
  return (
    <div
      role={success ? "status" : "alert"}
      data-testid={testId}
      data-kind={alert.kind}
      className={`rounded-md border px-4 py-2.5 text-sm font-medium ${
        success ? "border-emerald-200 bg-emerald-50 text-emerald-800" : "border-red-200 bg-red-50 text-red-800"
      }`}
    >
      {alert.message}
    </div>
  );
}
