// The strategy details page's warning when every creative it serves (its
// own and its sets') is rejected on an exchange it targets: it cannot
// deliver there until a creative is approved or another one is added.
import type { RejectedExchangeWarning } from "@/lib/creatives/reviews";
import { WarningNote } from "@/components/ui/warning-note";

export function ReviewWarning({ warnings }: { warnings: RejectedExchangeWarning[] }) {
  if (warnings.length === 0) return null;
  const names = warnings.map((w) => w.aggregatorName).join(", ");
  return (
    <WarningNote testId="strategy-review-warning" emphasized>
      All creatives of this strategy are rejected on {warnings.length === 1 ? "the exchange" : "the exchanges"} {names}: it cannot deliver there.
    </WarningNote>
  );
}
