"use client";
// Campaign create and edit form (business.md 2 sections Basic Details,
// Schedule, Pricing & Budget, Advanced Settings; 3 CAMPAIGN; 5 Campaign). The
// one schema of lib/campaigns/schema.ts validates here, as the user types
// after a first save, and again in the server action; both answers land
// beside the same fields, and a failed save scrolls to the first one.
// Read-only and demo users see the values with every control disabled and no
// Save. A save refused because someone else saved first keeps what was typed
// and offers to reload the latest version.
import { useMemo, useState } from "react";
import { FormProvider } from "react-hook-form";
import { createCampaignAction, updateCampaignAction } from "@/lib/campaigns/actions";
import { campaignSchema, type CampaignFormInput, type CampaignSchemaOptions } from "@/lib/campaigns/schema";
import { currencySymbol } from "@/lib/format";
import type { WriteControls } from "@/lib/list/types";
import type { MenuItem } from "@/lib/menu/types";
import { clockedSchema } from "@/components/forms/clocked-schema";
import { EntityFormFrame } from "@/components/forms/entity-form-frame";
import { useEntityForm } from "@/components/forms/use-entity-form";
import { CampaignAdvancedSection } from "./campaign-advanced-section";
import { CampaignBasicSection } from "./campaign-basic-section";
import { CampaignPricingSection } from "./campaign-pricing-section";
import { CampaignScheduleSection } from "./campaign-schedule-section";
import type { ScheduleZone } from "./campaign-text";

/**
 * The schema's field and cross-field rules without its storage step (what the
 * server action takes: a margin stays a percentage, times epoch seconds),
 * rebuilt on each check so "in the future" reads the clock of that moment,
 * not of the page's opening.
 */
export function campaignFormSchema(options: Omit<CampaignSchemaOptions, "now">) {
  return clockedSchema((now) => campaignSchema({ ...options, now }).in);
}

export interface CampaignFormAdvertiser extends MenuItem {
  currencyCode: string;
}

export interface CampaignFormProps {
  mode: "create" | "edit";
  campaignId?: number;
  version?: number;
  initial: CampaignFormInput;
  /** Edit: the stored schedule (ISO), which may stay in the past when left unchanged. */
  saved?: { startTime: string; endTime: string | null };
  advertiser: CampaignFormAdvertiser | null;
  pixel: MenuItem | null;
  /** Create: the currency of each advertiser the picker may return, by id. */
  advertiserCurrencies?: Record<number, string>;
  skadAllowed: boolean;
  /** Read-write role and, on edit, the campaign not archived. */
  canWrite: boolean;
  /** Why the form is read only, shown above it (role or archived). */
  readOnlyReason?: string;
  /** The role's create rights for 'Add a new Pixel' (shell.md 6). */
  pixelCreateMode: WriteControls;
  /** The user's timezone: schedule times are typed in it. */
  zone: ScheduleZone;
}

export function CampaignForm(props: CampaignFormProps) {
  const { mode, campaignId, version, initial, saved, pixel, advertiserCurrencies, skadAllowed, canWrite, readOnlyReason, pixelCreateMode, zone } = props;
  const [advertiser, setAdvertiser] = useState<CampaignFormAdvertiser | null>(props.advertiser);
  const schema = useMemo(
    () =>
      campaignFormSchema({
        mode,
        saved: saved ? { startTime: new Date(saved.startTime), endTime: saved.endTime ? new Date(saved.endTime) : null } : undefined,
        skadAllowed,
      }),
    [mode, saved, skadAllowed],
  );

  const { form, frame } = useEntityForm<CampaignFormInput, { id: number }>({
    mode,
    schema,
    initial,
    canWrite,
    create: createCampaignAction,
    update: (values) => updateCampaignAction({ id: campaignId!, version: version!, ...values }),
    detailsHref: (id) => `/campaign/details/${id}`,
  });

  const currencyCode = advertiser ? (advertiserCurrencies?.[advertiser.id] ?? advertiser.currencyCode) : null;
  const symbol = currencyCode ? currencySymbol(currencyCode) : undefined;
  const title = mode === "create" ? "New Campaign" : "Edit Campaign";

  return (
    <FormProvider {...form}>
      <EntityFormFrame
        {...frame}
        title={title}
        testId="campaign"
        cancelHref={campaignId ? `/campaign/details/${campaignId}` : "/campaign"}
        canWrite={canWrite}
        readOnlyReason={readOnlyReason}
      >
        <CampaignBasicSection
          mode={mode}
          advertiser={advertiser}
          onAdvertiserChange={(row) => setAdvertiser({ ...row, currencyCode: advertiserCurrencies?.[row.id] ?? "" })}
          initialPixel={pixel}
          pixelCreateMode={pixelCreateMode}
        />
        <CampaignScheduleSection zone={zone} />
        <CampaignPricingSection currencyCode={currencyCode || null} symbol={symbol || undefined} />
        <CampaignAdvancedSection symbol={symbol || undefined} skadAllowed={skadAllowed} />
      </EntityFormFrame>
    </FormProvider>
  );
}
