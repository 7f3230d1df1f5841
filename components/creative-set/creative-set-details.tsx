// /creative_set/details/{id}: the header (status, Edit, Activate / Deactivate
// after the 'Warning' question), Reschedule, the set's delivery tiles over
// the user's date range, its fields by section, the connected strategies and
// what the page adds below (its creatives). Money is shown as stored (exact
// decimal text, grouped); an end of none reads 'Never Ending'.
import type { ReactNode } from "react";
import Link from "next/link";
import { creativeTypeText } from "@/lib/creatives/type-labels";
import type { CreativeSetDetails } from "@/lib/creative-sets/queries";
import { CREATIVE_SET_MESSAGES } from "@/lib/creative-sets/rules";
import type { NamedRecord } from "@/lib/creative-sets/page";
import { formatScheduleTime, type ScheduleZone } from "@/lib/campaigns/schedule-zone";
import { currencyPrefix, formatDate, formatDecimalText, NEVER_ENDING_TEXT } from "@/lib/format";
import type { MetricColumn } from "@/lib/metrics/home";
import { MetricTiles } from "@/components/charts/metric-tiles";
import { DetailsHeader } from "@/components/common/details-header";
import { DetailsSection } from "@/components/common/details-section";
import { DateRangePicker, type DateRangePickerProps } from "@/components/date-range/date-range-picker";
import { StatusDot } from "@/components/ui/status-dot";
import { WarningNote } from "@/components/ui/warning-note";

const NAMES = { singular: "creative set", plural: "creative sets" };
const yesNo = (v: boolean) => (v ? "Yes" : "No");

export interface CreativeSetDetailsViewProps {
  set: CreativeSetDetails;
  advertiser: NamedRecord & { currencyCode: string };
  clickDestination: NamedRecord | null;
  /** The set's own timezone and the one its schedule was typed in (the user's when it has none). */
  timezoneName: string;
  scheduleZone: ScheduleZone;
  strategies: NamedRecord[];
  tiles: Array<MetricColumn & { value: number | null }> | null;
  dateRange: DateRangePickerProps;
  canWrite: boolean;
  /** Beside Edit: Reschedule, Associate strategies. */
  actions: ReactNode;
  /** Below the fields: the set's creatives. */
  children?: ReactNode;
}

export function CreativeSetDetailsView(props: CreativeSetDetailsViewProps) {
  const { set: s, advertiser, clickDestination, timezoneName, scheduleZone, strategies, tiles, dateRange, canWrite, actions, children } = props;
  const budget = s.dailyMediaBudget === null ? "None" : `${currencyPrefix(advertiser.currencyCode)}${formatDecimalText(s.dailyMediaBudget)}`;
  return (
    <div className="space-y-4" data-testid="creative-set-details">
      <DetailsHeader
        record={s}
        parents={[{ name: advertiser.name, href: `/advertiser/details/${advertiser.id}`, testId: "creative-set-advertiser-link" }]}
        kind="Creative Set"
        editHref={`/creative_set/create/${s.id}`}
        canWrite={canWrite}
        testIdPrefix="creative-set"
        status={{ entity: "creative_set", names: NAMES }}
      />
      <div className="flex flex-wrap justify-end gap-2">{actions}</div>
      {/* Stored before the click destination was required (business.md 5): nothing chooses one for it. */}
      {s.clickDestinationId === null ? (
        <WarningNote testId="creative-set-click-destination-missing" emphasized>
          {CREATIVE_SET_MESSAGES.clickDestinationMissing}
        </WarningNote>
      ) : null}

      <section className="space-y-4" data-testid="creative-set-performance" aria-labelledby="creative-set-performance-title">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="creative-set-performance-title" className="text-base font-semibold text-slate-900">
            Performance
          </h2>
          <DateRangePicker {...dateRange} />
        </div>
        {tiles ? <MetricTiles tiles={tiles} currencyCode={advertiser.currencyCode} testIdPrefix="creative-set-tile" /> : null}
      </section>

      <div className="grid grid-cols-1 gap-4 xl:grid-cols-2">
        <DetailsSection
          title="Basic Details"
          testId="creative-set-basic"
          rows={[
            ["Name", s.name],
            ["Advertiser", advertiser.name],
            ["Type", creativeTypeText(s.type, s.dcoAd)],
            ["DCO ad", yesNo(s.dcoAd)],
            ["Click destination", clickDestination?.name ?? (s.clickDestinationId === null ? CREATIVE_SET_MESSAGES.clickDestinationMissingShort : null)],
            ["Timezone", timezoneName],
            ["Daily media budget", budget],
            ["Placebo set", yesNo(s.isPlacebo)],
            ["Created", formatDate(s.createdAt, scheduleZone.iana)],
          ]}
        />
        <DetailsSection
          title="Schedule"
          testId="creative-set-schedule"
          rows={[
            ["Start", s.startTime ? formatScheduleTime(s.startTime, scheduleZone) : "Not scheduled"],
            ["End", s.endTime === null ? NEVER_ENDING_TEXT : formatScheduleTime(s.endTime, scheduleZone)],
            ["Scheduled timezone", scheduleZone.name],
            ["Sizes", s.sizes.length ? s.sizes.join(", ") : null],
          ]}
        />
      </div>

      <section className="rounded-xl border border-slate-200 bg-white p-5 shadow-xs" data-testid="creative-set-strategies" aria-labelledby="creative-set-strategies-title">
        <h2 id="creative-set-strategies-title" className="text-sm font-semibold tracking-wide text-slate-800 uppercase">
          Connected strategies
        </h2>
        {strategies.length === 0 ? (
          <p className="mt-3 text-sm text-slate-500">This creative set is not connected to any strategy.</p>
        ) : (
          <ul className="mt-3 divide-y divide-slate-100">
            {strategies.map((st) => (
              <li key={st.id} className="flex items-center gap-2 py-2 text-sm">
                <StatusDot active={st.active} />
                <Link href={`/strategy/details/${st.id}`} className="font-medium text-primary hover:underline" data-testid="creative-set-strategy-link">
                  {st.name}
                </Link>
                <span className="text-xs text-slate-500">ID {st.id}</span>
              </li>
            ))}
          </ul>
        )}
      </section>

      {children}
    </div>
  );
}
