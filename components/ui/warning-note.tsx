// A standing warning above a list or form, why it is read-only or incomplete
// (an archived advertiser, missing required settings): amber, and a status so
// screen readers announce it when it appears.
import type { ReactNode } from "react";

export function WarningNote({ children, testId, emphasized = false }: { children: ReactNode; testId?: string; emphasized?: boolean }) {
  const weight = emphasized ? "font-medium " : "";
  return (
    <p role="status" data-testid={testId} className={`rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm ${weight}text-amber-800`}>
      {children}
    </p>
  );
}
