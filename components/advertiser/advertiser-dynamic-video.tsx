"use client";
// Dynamic video ads block of the advertiser form. Turning it off asks first and
// then clears every one of its settings (business.md 4).
import { useState } from "react";
import { useFormContext, useWatch } from "react-hook-form";
import { DYNAMIC_VIDEO_DEFAULTS } from "@/lib/advertisers/dynamic-video";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { FormSection } from "@/components/ui/field";
import { TextInput } from "./advertiser-form-sections";
import type { AdvertiserFormValues } from "@/lib/advertisers/form-values";

export const DYNAMIC_VIDEO_OFF_QUESTION = "Turning off dynamic video ads removes all dynamic video settings. Do you want to continue?";

export function DynamicVideoSection() {
  const { control, setValue } = useFormContext<AdvertiserFormValues>();
  const enabled = useWatch({ control, name: "dynamicVideoEnabled" });
  const [asking, setAsking] = useState(false);

  function toggle(next: boolean) {
    if (next) setValue("dynamicVideoEnabled", true, { shouldDirty: true });
    else setAsking(true);
  }

  function turnOff() {
    setValue("dynamicVideoEnabled", false, { shouldDirty: true });
    setValue("dynamicVideo", { ...DYNAMIC_VIDEO_DEFAULTS }, { shouldDirty: true });
    setAsking(false);
  }

  return (
    <FormSection
      title="Dynamic Video Ads"
      actions={
        <label className="flex items-center gap-2 text-sm text-slate-700">
          <input
            type="checkbox"
            checked={!!enabled}
            onChange={(e) => toggle(e.target.checked)}
            className="h-4 w-4"
            data-testid="adv-dynamicVideoEnabled"
          />
          Dynamic video ads
        </label>
      }
    >
      {enabled ? (
        <>
          <TextInput name="dynamicVideo.templateId" label="Template id" required />
          <TextInput name="dynamicVideo.logo" label="Logo URL" />
          <TextInput name="dynamicVideo.cta" label="Call to action" required />
          <TextInput name="dynamicVideo.titleLength" label="Title length" required />
          <TextInput name="dynamicVideo.salePricePrefix" label="Sale price prefix" />
          <TextInput name="dynamicVideo.originalPricePrefix" label="Original price prefix" />
          <TextInput name="dynamicVideo.discountSuffix" label="Discount suffix" />
          <TextInput name="dynamicVideo.font" label="Font" />
          <TextInput name="dynamicVideo.roundPrice" label="Round price (decimals)" required />
          <TextInput name="dynamicVideo.musicFile" label="Music file URL" />
          <TextInput name="dynamicVideo.videoFile" label="Video file URL" />
        </>
      ) : (
        <p className="text-sm text-slate-500">Dynamic video ads are off for this advertiser.</p>
      )}
      <ConfirmDialog open={asking} title="Warning" message={DYNAMIC_VIDEO_OFF_QUESTION} onConfirm={turnOff} onCancel={() => setAsking(false)} />
    </FormSection>
  );
}
