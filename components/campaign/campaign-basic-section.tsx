"use client";
// Basic Details of the campaign form: advertiser (entity picker; fixed once
// the campaign exists, as the server keeps it), name, objective, retargeting
// and pixel (the pixel picker, whose 'Add a new Pixel' opens the pixel form
// dialog). Pixels belong to one advertiser: choosing another advertiser
// clears the pixel.
import { useState } from "react";
import { useController, useFormContext, useWatch } from "react-hook-form";
import type { MenuItem } from "@/lib/menu/types";
import type { WriteControls } from "@/lib/list/types";
import { CAMPAIGN_NAME, CAMPAIGN_OBJECTIVES, type CampaignFormInput } from "@/lib/campaigns/schema";
import { AdvertiserPickerField } from "@/components/picker/advertiser-picker-field";
import { PixelPicker } from "@/components/picker/pixel-picker";
import { FormSection } from "@/components/ui/field";
import { CheckboxInput, fieldId, SelectInput, TextInput, useFieldError } from "./campaign-fields";
import { CAMPAIGN_SECTIONS, OBJECTIVE_LABELS } from "./campaign-text";
import { PickerField } from "./picker-field";

const OBJECTIVE_OPTIONS = CAMPAIGN_OBJECTIVES.map((o) => [o, OBJECTIVE_LABELS[o] ?? o] as const);

export interface BasicSectionProps {
  mode: "create" | "edit";
  advertiser: MenuItem | null;
  onAdvertiserChange: (advertiser: MenuItem) => void;
  initialPixel: MenuItem | null;
  /** The role's create rights for the pixel dialog (shell.md 6). */
  pixelCreateMode: WriteControls;
}

function AdvertiserField({ mode, advertiser, onAdvertiserChange }: Pick<BasicSectionProps, "mode" | "advertiser" | "onAdvertiserChange">) {
  const { control, setValue } = useFormContext<CampaignFormInput>();
  const { field } = useController({ control, name: "advertiserId" });
  return (
    <AdvertiserPickerField
      id={fieldId("advertiserId")}
      advertiser={advertiser}
      error={useFieldError("advertiserId")}
      lockedHint={mode === "edit" ? "A campaign stays with the advertiser it was created under." : undefined}
      fieldRef={field.ref}
      onPick={(row) => {
        // Pixels belong to one advertiser.
        if (row.id !== advertiser?.id) setValue("pixelId", null, { shouldDirty: true });
        field.onChange(row.id);
        onAdvertiserChange(row);
      }}
    />
  );
}

function PixelField({ advertiserId, initialPixel, createMode }: { advertiserId: number | null; initialPixel: MenuItem | null; createMode: WriteControls }) {
  const { control } = useFormContext<CampaignFormInput>();
  const { field } = useController({ control, name: "pixelId" });
  const error = useFieldError("pixelId");
  const pricingType = useWatch({ control, name: "pricingType" });
  const [open, setOpen] = useState(false);
  // The chosen pixel's name: the form holds only its id.
  const [chosen, setChosen] = useState<MenuItem | null>(initialPixel);
  const pixel = chosen && chosen.id === field.value ? chosen : null;
  return (
    <>
      <PickerField
        id={fieldId("pixelId")}
        label="Pixel"
        entity="Pixel"
        required
        value={pixel}
        error={error}
        disabled={advertiserId === null}
        hint={advertiserId === null ? "Choose the advertiser first." : pricingType === "CPA" ? "Mandatory for CPA pricing." : undefined}
        onOpen={() => setOpen(true)}
        buttonRef={field.ref}
      />
      {advertiserId !== null ? (
        <PixelPicker
          open={open}
          onOpenChange={setOpen}
          advertiserId={advertiserId}
          selected={pixel}
          createMode={createMode}
          onDone={(row) => {
            setChosen(row);
            field.onChange(row.id);
          }}
        />
      ) : null}
    </>
  );
}

export function CampaignBasicSection({ mode, advertiser, onAdvertiserChange, initialPixel, pixelCreateMode }: BasicSectionProps) {
  return (
    <FormSection title={CAMPAIGN_SECTIONS.basic}>
      <AdvertiserField mode={mode} advertiser={advertiser} onAdvertiserChange={onAdvertiserChange} />
      <TextInput name="name" label="Name" required inputMode="text" maxLength={CAMPAIGN_NAME.max * 2} hint={`${CAMPAIGN_NAME.min} to ${CAMPAIGN_NAME.max} characters`} />
      <SelectInput name="objective" label="Objective" required options={OBJECTIVE_OPTIONS} />
      <PixelField advertiserId={advertiser?.id ?? null} initialPixel={initialPixel} createMode={pixelCreateMode} />
      <CheckboxInput name="isRetargeting" label="Retargeting campaign" hint="Reaches users who already interacted with the advertiser." />
    </FormSection>
  );
}
