"use client";
// Creative set create and edit form (business.md 3 CREATIVE SET, 4, 5, 8).
// The one schema of lib/creative-sets/schema.ts validates here and again in
// the server action; both answers land beside the same fields. The advertiser
// and type are fixed once saved. Choosing an advertiser loads its click
// destinations and its creatives' sizes. Read-only and demo users see the
// values with every control disabled and no Save. A save refused because
// someone else saved first keeps what was typed and offers the latest version.
import { useEffect, useMemo, useState } from "react";
import { FormProvider } from "react-hook-form";
import { createCreativeSetAction, creativeSetAdvertiserOptionsAction, updateCreativeSetAction } from "@/lib/creative-sets/actions";
import type { AdvertiserSetOptions, TimezoneChoice } from "@/lib/creative-sets/options";
import { COMMON_SIZES, creativeSetSchema, type CreativeSetFormInput } from "@/lib/creative-sets/schema";
import type { MenuItem } from "@/lib/menu/types";
import { useEntityForm } from "@/components/forms/use-entity-form";
import { FormAdvertiserField } from "@/components/picker/advertiser-picker-field";
import { FormSection } from "@/components/ui/field";
import { clockedSchema } from "@/components/forms/clocked-schema";
import { EntityFormFrame } from "@/components/forms/entity-form-frame";
import { savedSchedule } from "./saved-schedule";
import { DetailsFields, fieldId, ScheduleFields, SizesField, useFieldError } from "./creative-set-fields";

export interface CreativeSetFormProps {
  mode: "create" | "edit";
  setId?: number;
  version?: number;
  initial: CreativeSetFormInput;
  /** Edit: the stored schedule (ISO), which may stay in the past when left unchanged. */
  saved?: { startTime: string | null; endTime: string | null };
  advertiser: MenuItem | null;
  /** The advertiser's click destinations and sizes when it is known on load (edit, or a preset advertiser). */
  advertiserOptions: AdvertiserSetOptions | null;
  timezones: TimezoneChoice[];
  canWrite: boolean;
  readOnlyReason?: string;
}

function AdvertiserField({ mode, advertiser, onChange }: { mode: "create" | "edit"; advertiser: MenuItem | null; onChange(row: MenuItem): void }) {
  return (
    <FormAdvertiserField
      id={fieldId("advertiserId")}
      advertiser={advertiser}
      error={useFieldError("advertiserId")}
      lockedHint={mode === "edit" ? "A set stays with the advertiser it was created under." : undefined}
      onChange={onChange}
    />
  );
}

export function CreativeSetForm(props: CreativeSetFormProps) {
  const { mode, setId, version, initial, saved, timezones, canWrite, readOnlyReason } = props;
  const [advertiser, setAdvertiser] = useState<MenuItem | null>(props.advertiser);
  const [options, setOptions] = useState<AdvertiserSetOptions | null>(props.advertiserOptions);
  // The schema's rules without its storage step (what the action takes).
  const schema = useMemo(() => clockedSchema((now) => creativeSetSchema({ mode, now, saved: saved ? savedSchedule(saved) : undefined }).in), [mode, saved]);
  const { form, frame } = useEntityForm<CreativeSetFormInput, { id: number }>({
    mode,
    schema,
    initial,
    canWrite,
    create: createCreativeSetAction,
    update: (values) => updateCreativeSetAction({ id: setId!, version: version!, ...values }),
    detailsHref: (id) => `/creative_set/details/${id}`,
  });

  // A set stored before the click destination was required opens with the field's message: it cannot be saved without one.
  const { trigger } = form;
  const lacksClickDestination = mode === "edit" && canWrite && initial.clickDestinationId === "";
  useEffect(() => {
    if (lacksClickDestination) void trigger("clickDestinationId");
  }, [lacksClickDestination, trigger]);

  // A newly chosen advertiser: its click destinations and sizes (the old choice of destination is another advertiser's).
  const advertiserId = advertiser?.id ?? null;
  const [loadedFor, setLoadedFor] = useState<number | null>(props.advertiserOptions ? advertiserId : null);
  useEffect(() => {
    if (advertiserId === null || advertiserId === loadedFor) return;
    let cancelled = false;
    creativeSetAdvertiserOptionsAction({ advertiserId }).then((result) => {
      if (cancelled) return;
      setLoadedFor(advertiserId);
      setOptions(result.ok ? result.data : { clickDestinations: [], sizes: [...COMMON_SIZES] });
    });
    return () => {
      cancelled = true;
    };
  }, [advertiserId, loadedFor]);

  const title = mode === "create" ? "New Creative Set" : "Edit Creative Set";
  return (
    <FormProvider {...form}>
      <EntityFormFrame
        {...frame}
        title={title}
        testId="creative-set"
        cancelHref={setId ? `/creative_set/details/${setId}` : "/creative_set"}
        canWrite={canWrite}
        readOnlyReason={readOnlyReason}
      >
        <FormSection title="Basic Details">
          <AdvertiserField
            mode={mode}
            advertiser={advertiser}
            onChange={(row) => {
              if (row.id !== advertiser?.id) form.setValue("clickDestinationId", "", { shouldDirty: true });
              setAdvertiser(row);
            }}
          />
          <DetailsFields mode={mode} clickDestinations={advertiserId !== null && loadedFor === advertiserId ? (options?.clickDestinations ?? []) : null} timezones={timezones} />
        </FormSection>
        <ScheduleFields timezones={timezones} />
        <SizesField offered={options?.sizes ?? [...COMMON_SIZES]} />
      </EntityFormFrame>
    </FormProvider>
  );
}
