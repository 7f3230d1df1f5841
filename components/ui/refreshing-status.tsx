// 'Refreshing data...' (shell.md 8's loading texts): shown while data already
// on screen is read again (a table's new page, sort or refresh, a report run
// again, the page re-read for a new date range), as a polite status so screen
// readers announce it too. "floating": a pill over the top of a table whose
// stale rows stay in place (no layout shift); "inline": text beside a control.
import { LAYER } from "./layers";

export const REFRESHING_DATA_TEXT = "Refreshing data...";

const LOOK = {
  floating: `pointer-events-none absolute top-12 left-1/2 -translate-x-1/2 ${LAYER.sticky} rounded-full border border-slate-200 bg-white px-3 py-1 text-xs font-medium text-slate-700 shadow-sm`,
  inline: "text-sm text-slate-600",
} as const;

export function RefreshingStatus({ active, look = "inline", testId = "refreshing-status" }: { active: boolean; look?: keyof typeof LOOK; testId?: string }) {
  if (!active) return null;
  return (
    <p role="status" data-testid={testId} className={LOOK[look]}>
      {REFRESHING_DATA_TEXT}
    </p>
  );
}
