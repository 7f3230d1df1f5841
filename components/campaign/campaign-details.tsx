// /campaign/details/{id}: every stored field grouped by the form's sections
// (business.md 2), a header with the status, Edit and Activate / Deactivate.
// Budgets left blank read 'Unlimited', an end of none 'Never Ending'; money is
// shown as stored (exact decimal text, grouped), never through a float.
import type { ReactNode } from "react";
import Link from "next/link";
import type { PacingOptionKey } from "@/lib/campaigns/budget";
import { PACING_OPTIONS } from "@/lib/campaigns/budget";
import { LIFETIME_FCAP_DAYS } from "@/lib/campaigns/rules";
import { currencyPrefix, formatDate, formatMarginPricing, isNeverEnding } from "@/lib/format";
import { formatDecimalText } from "@/lib/format";
import { DetailsHeader } from "@/components/common/details-header";
import { DetailsSection as Section, type DetailRow } from "@/components/common/details-section";
import { CAMPAIGN_SECTIONS, formatScheduleTime, NEVER_ENDING_TEXT, OBJECTIVE_LABELS, PRICING_TYPE_LABELS, type ScheduleZone } from "./campaign-text";

/** What the details page shows: the stored campaign (lib/campaigns/queries.ts CampaignDetails) plus names. */
export interface CampaignDetailsData {
  id: number;
  name: string;
  objective: string;
  isRetargeting: boolean;
  startTime: string;
  endTime: string | null;
  pricingType: string;
  pricingValue: string;
  lifetimeBudget: string | null;
  lifetimeDeliveryCap: number | null;
  dailyBudget: string | null;
  deltaDaily: string | null;
  dailyDeliveryCap: number | null;
  dailyAdvSpendBudget: string | null;
  dailyFcap: number | null;
  dailyFcapHours: number | null;
  lifetimeUserFcap: number | null;
  attributionRatio: string | null;
  cpaTarget: string | null;
  cpiTarget: string | null;
  roiTarget: string | null;
  budgetPacing: boolean;
  budgetSpends: number | null;
  coolingPeriod: number | null;
  placeboAds: boolean;
  skadTarget: boolean;
  incrementalityTest: boolean;
  currencyCode: string;
  active: boolean;
  isArchived: boolean;
  createdAt: string;
}

type Row = DetailRow;

export const UNLIMITED_TEXT = "Unlimited";
const CAMPAIGN_NAMES = { singular: "campaign", plural: "campaigns" };
const NO_CAP_TEXT = "No cap";
const yesNo = (v: boolean) => (v ? "Yes" : "No");


export function CampaignDetailsView({
  campaign: c,
  advertiser,
  pixel,
  pacingOption,
  canWrite,
  zone,
  children,
}: {
  campaign: CampaignDetailsData;
  advertiser: { id: number; name: string };
  pixel: { id: number; name: string } | null;
  pacingOption: PacingOptionKey | null;
  canWrite: boolean;
  /** The user's timezone: the schedule is shown on its wall clock. */
  zone: ScheduleZone;
  /** Shown between the header and the fields (the campaign's delivery and strategies). */
  children?: ReactNode;
}) {
  const money = (text: string | null, blank: string = UNLIMITED_TEXT) => (text === null ? blank : `${currencyPrefix(c.currencyCode)}${formatDecimalText(text)}`);
  const cap = (n: number | null) => (n ? n.toLocaleString("en-US") : NO_CAP_TEXT);
  const pacing = PACING_OPTIONS.find((o) => o.key === pacingOption);

  return (
    <div className="space-y-4" data-testid="campaign-details">
      <DetailsHeader
        record={c}
        parents={[{ name: advertiser.name, href: `/advertiser/details/${advertiser.id}`, testId: "campaign-advertiser-link" }]}
        kind="Campaign"
        editHref={`/campaign/create/${c.id}`}
        canWrite={canWrite}
        testIdPrefix="campaign"
        status={{ entity: "campaign", names: CAMPAIGN_NAMES, deactivateNote: "All its strategies will become inactive." }}
      />

      {children}

      <div className="grid grid-cols-1 gap-4 xl:grid-cols-2">
        <Section
          title={CAMPAIGN_SECTIONS.basic}
          testId="campaign-basic"
          rows={[
            ["Name", c.name],
            ["Advertiser", advertiser.name],
            ["Objective", OBJECTIVE_LABELS[c.objective] ?? c.objective],
            ["Retargeting", yesNo(c.isRetargeting)],
            [
              "Pixel",
              pixel ? (
                <Link href={`/advertiser/${advertiser.id}/pixel/details/${pixel.id}`} className="text-primary hover:underline">
                  {pixel.name}
                </Link>
              ) : null,
            ],
            ["Created", formatDate(c.createdAt)],
          ]}
        />
        <Section
          title={CAMPAIGN_SECTIONS.schedule}
          testId="campaign-schedule"
          rows={[
            ["Start", formatScheduleTime(c.startTime, zone)],
            ["End", c.endTime === null || isNeverEnding(c.endTime) ? NEVER_ENDING_TEXT : formatScheduleTime(c.endTime, zone)],
            ["Timezone", zone.name],
          ]}
        />
        <Section
          title={CAMPAIGN_SECTIONS.pricing}
          testId="campaign-pricing"
          rows={[
            ["Pricing type", PRICING_TYPE_LABELS[c.pricingType] ?? c.pricingType],
            [c.pricingType === "MARGIN" ? "Margin" : "Pricing value", c.pricingType === "MARGIN" ? formatMarginPricing(c.pricingValue) : money(c.pricingValue)],
            ["Currency", c.currencyCode],
            ["Lifetime media budget", money(c.lifetimeBudget)],
            ["Lifetime delivery cap", cap(c.lifetimeDeliveryCap)],
            ["Daily media budget", money(c.dailyBudget)],
            ["Delta daily", money(c.deltaDaily, "-")],
            ["Daily delivery cap", cap(c.dailyDeliveryCap)],
            ["Daily advertiser spend budget", money(c.dailyAdvSpendBudget)],
          ]}
        />
        <Section
          title={CAMPAIGN_SECTIONS.advanced}
          testId="campaign-advanced"
          rows={[
            ["Default daily frequency cap", c.dailyFcap ? `${c.dailyFcap} every ${c.dailyFcapHours ?? "-"} hour(s)` : NO_CAP_TEXT],
            ["Lifetime frequency cap", c.lifetimeUserFcap ? `${c.lifetimeUserFcap} over ${LIFETIME_FCAP_DAYS} days` : NO_CAP_TEXT],
            ["Attribution ratio", c.attributionRatio === null ? null : `${c.attributionRatio}%`],
            ["CPA target", money(c.cpaTarget, "-")],
            ["CPI target", money(c.cpiTarget, "-")],
            ["ROI target", c.roiTarget],
            ["Budget pacing", c.budgetPacing ? (pacing ? `${pacing.budget}: ${pacing.label}` : "On") : "Off"],
            ...(c.budgetPacing
              ? ([
                  ["Budget spends", c.budgetSpends],
                  ["Cooling period", c.coolingPeriod],
                ] satisfies Row[])
              : []),
            ["Placebo ads", yesNo(c.placeboAds)],
            ["SKAD target", yesNo(c.skadTarget)],
            ["Incrementality test", yesNo(c.incrementalityTest)],
          ]}
        />
      </div>
    </div>
  );
}
