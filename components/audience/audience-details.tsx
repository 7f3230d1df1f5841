// /audience/details/{id}: the header (status, Edit, Activate / Deactivate
// after the 'Warning' question), the Activity Logs link, the audience's
// fields by section (Basic Settings, Upload Settings), its users per day over
// the user's date range, its rules as one sentence and group by group, and the
// strategies that target or block it.
import Link from "next/link";
import type { AudienceDetails, AudienceStrategy } from "@/lib/audiences/queries";
import type { AudienceChart } from "@/lib/audiences/chart/schema";
import type { NamedRecord } from "@/lib/creative-sets/page";
import { CONSENT_TYPE_LABELS, KIND_LABELS, osTypeLabel, SOURCE_LABELS } from "@/lib/audiences/labels";
import { metaFilter, metaOperator } from "@/lib/audiences/meta-rules";
import { rulesSentence } from "@/lib/audiences/sentence";
import { formatDate } from "@/lib/format";
import { DetailsHeader } from "@/components/common/details-header";
import { DetailsSection } from "@/components/common/details-section";
import { StatusDot } from "@/components/ui/status-dot";
import type { DateRangePickerProps } from "@/components/date-range/date-range-picker";
import { LookAlikePanel } from "./lookalike-panel";
import { CrmUploadPanel } from "./upload-crm-panel";
import { BackfillSection } from "./backfill-section";
import { AudienceUsersSection } from "./audience-users-section";

const NAMES = { singular: "audience", plural: "audiences" };
const count = (n: number) => n.toLocaleString("en-US");

export interface AudienceDetailsViewProps {
  audience: AudienceDetails;
  advertiser: NamedRecord;
  seed: NamedRecord | null;
  strategies: AudienceStrategy[];
  canWrite: boolean;
  /** The user's timezone (IANA), for the dates. */
  timeZone: string;
  /** The Activity Logs panel is offered (read-write users: shell.md 6). */
  activityLink: boolean;
  /** Total and new users per day of the user's date range, and what its picker shows. */
  usersChart: AudienceChart;
  dateRange: DateRangePickerProps;
}

/** A DMP audience's partner segment; one saved before the catalogue shows the free-text name it was saved with. */
function dmpRows(a: AudienceDetails) {
  const s = a.partnerSegment;
  if (!s) return [["DMP segment", a.dmpSegment ? `${a.dmpSegment} (free-text name, not in the partner catalogue)` : null] as const];
  return [
    ["DMP provider", s.provider] as const,
    ["DMP segment", <span key="segment" data-testid="audience-segment-name">{s.name}</span>] as const,
    ["Taxonomy", <span key="taxonomy" data-testid="audience-segment-taxonomy">{s.taxonomyPath}</span>] as const,
    ["Reach estimate", <span key="reach" data-testid="audience-reach-estimate">{`${count(a.reachEstimate ?? s.size)} users`}</span>] as const,
  ];
}

export function AudienceDetailsView({ audience: a, advertiser, seed, strategies, canWrite, timeZone, activityLink, usersChart, dateRange }: AudienceDetailsViewProps) {
  const bySource = [
    ...(a.source === "MOBILE" ? [["OS", osTypeLabel(a.osTypeId)] as const] : []),
    ...(a.source === "DMP" ? dmpRows(a) : []),
    ...(a.source === "LOOK_ALIKE"
      ? [
          ["Seed audience", seed ? <Link key="seed" href={`/audience/details/${seed.id}`} className="text-primary hover:underline">{seed.name}</Link> : null] as const,
          ["Look-alike status", a.lookAlikeStatus] as const,
        ]
      : []),
  ];
  return (
    <div className="space-y-4" data-testid="audience-details">
      <DetailsHeader
        record={a}
        parents={[{ name: advertiser.name, href: `/advertiser/details/${advertiser.id}`, testId: "audience-advertiser-link" }]}
        kind={`${SOURCE_LABELS[a.source]} Audience`}
        editHref={`/audience/create/${a.id}`}
        canWrite={canWrite}
        testIdPrefix="audience"
        status={{ entity: "audience", names: NAMES }}
        actions={
          activityLink ? (
            <Link href={`/audience/details/${a.id}?panel=activity`} className="text-sm text-primary hover:underline" data-testid="audience-activity-link">
              Activity Logs
            </Link>
          ) : null
        }
      />
      <div className="grid grid-cols-1 gap-4 xl:grid-cols-2">
        <DetailsSection
          title="Basic Settings"
          testId="audience-basic"
          rows={[
            ["Name", a.name],
            ["Description", a.description],
            ["Advertiser", advertiser.name],
            ["Source", SOURCE_LABELS[a.source]],
            ["Type", KIND_LABELS[a.kind]],
            ...bySource,
            ["Created", formatDate(a.createdAt, timeZone)],
            ["Modified", formatDate(a.updatedAt, timeZone)],
          ]}
        />
        <DetailsSection
          title="Upload Settings"
          testId="audience-upload"
          rows={[
            ["Device identifier", a.deviceIdentifier],
            ["Consent type", CONSENT_TYPE_LABELS[a.consentType]],
            ["User expiry", `${a.userExpiryDays} days`],
            ["Total unique users", count(a.totalUU)],
            ["Daily unique users", count(a.dailyUU)],
            ["Backfilled unique users", count(a.backfilledUU)],
          ]}
        />
      </div>

      <AudienceUsersSection chart={usersChart} dateRange={dateRange} />

      {a.kind === "CRM" ? <CrmUploadPanel audienceId={a.id} canWrite={canWrite && !a.isArchived} timeZone={timeZone} /> : null}

      {a.source === "LOOK_ALIKE" ? <LookAlikePanel audience={a} canWrite={canWrite} timeZone={timeZone} /> : null}

      {a.source === "WEBSITE" || a.source === "MOBILE" ? (
        <BackfillSection audienceId={a.id} audience={{ source: a.source, kind: a.kind }} canWrite={canWrite && !a.isArchived} timeZone={timeZone} />
      ) : null}

      {a.ruleGroups.length > 0 ? (
        <section className="rounded-xl border border-slate-200 bg-white p-5 shadow-xs" data-testid="audience-rules" aria-labelledby="audience-rules-title">
          <h2 id="audience-rules-title" className="text-sm font-semibold tracking-wide text-slate-800 uppercase">
            Rules
          </h2>
          <p className="mt-3 text-sm text-slate-900" data-testid="audience-rules-sentence">
            {rulesSentence(a.ruleGroups)}
          </p>
          <ol className="mt-3 space-y-2 text-sm">
            {a.ruleGroups.map((g, gi) => (
              <li key={gi} className="rounded-md bg-slate-50 px-3 py-2" data-testid={`audience-rule-group-${gi}`}>
                <span className="font-medium text-slate-600">{gi === 0 ? "Group 1" : `OR group ${gi + 1}`}: </span>
                {g.map((r, ri) => (
                  <span key={ri}>
                    {ri > 0 ? " AND " : ""}
                    {metaFilter(r.filterId)?.label ?? `filter ${r.filterId}`} {metaOperator(r.operatorId)?.label ?? `operator ${r.operatorId}`} {r.value} ({r.duration}{" "}
                    {r.durationUnit === "HOUR" ? "hours" : "days"})
                  </span>
                ))}
              </li>
            ))}
          </ol>
        </section>
      ) : null}

      <section className="rounded-xl border border-slate-200 bg-white p-5 shadow-xs" data-testid="audience-strategies" aria-labelledby="audience-strategies-title">
        <h2 id="audience-strategies-title" className="text-sm font-semibold tracking-wide text-slate-800 uppercase">
          Strategies
        </h2>
        {strategies.length === 0 ? (
          <p className="mt-3 text-sm text-slate-500">No strategy targets or blocks this audience.</p>
        ) : (
          <ul className="mt-3 divide-y divide-slate-100">
            {strategies.map((st) => (
              <li key={st.id} className="flex items-center gap-2 py-2 text-sm" data-testid="audience-strategy">
                <StatusDot active={st.active} />
                <Link href={`/strategy/details/${st.id}`} className="font-medium text-primary hover:underline">
                  {st.name}
                </Link>
                <span className="text-xs text-slate-500">ID {st.id}</span>
                <span className={`ml-auto rounded px-2 py-0.5 text-xs font-medium ${st.use === "TARGET" ? "bg-emerald-50 text-emerald-700" : "bg-red-50 text-red-700"}`}>
                  {st.use === "TARGET" ? "Targeted" : "Blocked"}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
