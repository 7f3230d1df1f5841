// Pacing of a campaign or strategy (lib/delivery/pacing-load.ts): for the
// lifetime and the daily budget, the spend so far against the budget, a bar,
// and the on-track / under / over indicator with what was expected by now.
import { currencyPrefix } from "@/lib/format";
import { PACING_STATUS_TEXT, type Pacing, type PacingStatus } from "@/lib/delivery/pacing";
import { fromScaled, roundScaled, toScaled } from "@/lib/campaigns/budget";
import { formatDecimalText } from "@/lib/format";

const TONE: Record<PacingStatus, string> = {
  ON_TRACK: "bg-emerald-100 text-emerald-800",
  UNDER: "bg-amber-100 text-amber-900",
  OVER: "bg-red-100 text-red-800",
  NOT_STARTED: "bg-slate-100 text-slate-700",
  ENDED: "bg-slate-100 text-slate-700",
  NO_BUDGET: "bg-slate-100 text-slate-700",
};
const BAR: Record<PacingStatus, string> = { ON_TRACK: "bg-emerald-500", UNDER: "bg-amber-500", OVER: "bg-red-500", NOT_STARTED: "bg-slate-400", ENDED: "bg-slate-400", NO_BUDGET: "bg-slate-400" };

/** Exact decimal text rounded half-up to cents for display (the stored value keeps its 6 places). */
function cents(text: string): string {
  const scaled = toScaled(text, 6);
  return scaled === null ? text : fromScaled(roundScaled(scaled, 6, 2), 2, 2);
}

function PacingRow({ title, pacing, currencyCode, testId }: { title: string; pacing: Pacing; currencyCode: string; testId: string }) {
  const money = (text: string) => `${currencyPrefix(currencyCode)}${formatDecimalText(cents(text))}`;
  const percent = pacing.percentOfBudget === null ? 0 : Math.min(100, Number(pacing.percentOfBudget));
  return (
    <div className="space-y-2" data-testid={testId} data-status={pacing.status}>
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <span className="font-medium text-slate-700">{title}</span>
        <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${TONE[pacing.status]}`} data-testid={`${testId}-status`}>
          {PACING_STATUS_TEXT[pacing.status]}
        </span>
      </div>
      <p className="text-sm text-slate-900" data-testid={`${testId}-spent`}>
        {money(pacing.spent)} {pacing.budget === null ? "spent (no budget)" : `of ${money(pacing.budget)} (${pacing.percentOfBudget}%)`}
      </p>
      {pacing.budget !== null ? (
        <div className="h-2 w-full overflow-hidden rounded-full bg-slate-100" role="img" aria-label={`${pacing.percentOfBudget}% of the budget spent`}>
          <div className={`h-full ${BAR[pacing.status]}`} style={{ width: `${percent}%` }} />
        </div>
      ) : null}
      {pacing.expected !== null ? <p className="text-xs text-slate-600">Expected by now: {money(pacing.expected)}</p> : null}
    </div>
  );
}

export interface PacingViewProps {
  lifetime: Pacing;
  daily: Pacing;
  currencyCode: string;
  /** "Pacing (media spend)": which spend the budgets are compared with. */
  title: string;
  lifetimeTitle?: string;
  dailyTitle?: string;
  /** The section's test id ("campaign-pacing"). */
  testId: string;
}

export function PacingView({ lifetime, daily, currencyCode, title, lifetimeTitle = "Lifetime budget", dailyTitle = "Daily budget (today)", testId }: PacingViewProps) {
  return (
    <section className="rounded-xl border border-slate-200 bg-white p-5 shadow-xs" aria-labelledby={`${testId}-title`} data-testid={testId}>
      <h2 id={`${testId}-title`} className="mb-3 text-base font-semibold text-slate-900">
        {title}
      </h2>
      <div className="grid grid-cols-1 gap-6 md:grid-cols-2">
        <PacingRow title={lifetimeTitle} pacing={lifetime} currencyCode={currencyCode} testId="pacing-lifetime" />
        <PacingRow title={dailyTitle} pacing={daily} currencyCode={currencyCode} testId="pacing-daily" />
      </div>
    </section>
  );
}
