"use client";
// Audience create and edit form (business.md 2 sections Basic Settings and
// Upload Settings, 3 AUDIENCE, 4, 5). The one schema of
// lib/audiences/schema.ts validates here and again in the server action;
// both answers land beside the same fields. The advertiser, source and type
// are fixed once saved. The fields follow the source: OS for mobile, the
// catalogue segment for DMP (picked, ./partner-segment-field.tsx), the seed audience for a look-alike, the rule builder for
// rule-based website and mobile audiences. Read-only and demo users see the
// values with every control disabled and no Save. A save refused because
// someone else saved first keeps what was typed and offers the latest version.
import { useEffect, useState } from "react";
import { FormProvider, get, useFormContext, useWatch, type FieldPath } from "react-hook-form";
import { audienceSeedOptionsAction, createAudienceAction, updateAudienceAction } from "@/lib/audiences/actions";
import {
  AUDIENCE_KINDS,
  AUDIENCE_SOURCES,
  CONSENT_TYPE_LABELS,
  CONSENT_TYPES,
  DEVICE_IDENTIFIERS,
  KIND_LABELS,
  OS_TYPES,
  SOURCE_LABELS,
  type AudienceSourceValue,
} from "@/lib/audiences/labels";
import { audienceSchema, hasRules, USER_EXPIRY, type AudienceFormInput } from "@/lib/audiences/schema";
import type { MenuItem } from "@/lib/menu/types";
import { useEntityForm } from "@/components/forms/use-entity-form";
import { EntityFormFrame } from "@/components/forms/entity-form-frame";
import { FormAdvertiserField } from "@/components/picker/advertiser-picker-field";
import { FormSection, InputField, SelectField, TextareaField } from "@/components/ui/field";
import { DMP_ACCESS_MESSAGES } from "@/lib/audiences/dmp/messages";
import { useDmpAccess } from "./dmp-access";
import { LookAlikeSizeField } from "./lookalike-size-field";
import { PartnerSegmentField } from "./partner-segment-field";
import type { PartnerSegmentView } from "@/lib/partner-segments/schema";
import { newRule, RuleBuilder } from "./rule-builder";

const schema = audienceSchema().in;

export interface AudienceFormProps {
  mode: "create" | "edit";
  audienceId?: number;
  version?: number;
  initial: AudienceFormInput;
  advertiser: MenuItem | null;
  canWrite: boolean;
  readOnlyReason?: string;
  /** A stored DMP audience's catalogue segment, and the free-text name it may have been saved with before the catalogue. */
  segment?: { partnerSegment: PartnerSegmentView | null; legacyName: string | null };
}

type Name = FieldPath<AudienceFormInput>;
/** The id of a field's control ("audience-name"): its label, message and tests use it. */
const fieldId = (name: Name) => `audience-${name}`;

function useFieldError(name: Name): string | undefined {
  const { formState } = useFormContext<AudienceFormInput>();
  return (get(formState.errors, name) as { message?: string } | undefined)?.message;
}

/** The advertiser's audiences a look-alike may grow from, loaded when the advertiser is known. */
function useSeedOptions(advertiserId: number | null, wanted: boolean) {
  const [options, setOptions] = useState<{ for: number; rows: Array<{ id: number; name: string }> } | null>(null);
  useEffect(() => {
    if (!wanted || advertiserId === null || options?.for === advertiserId) return;
    let cancelled = false;
    audienceSeedOptionsAction({ advertiserId }).then((r) => {
      if (!cancelled) setOptions({ for: advertiserId, rows: r.ok ? r.data : [] });
    });
    return () => {
      cancelled = true;
    };
  }, [advertiserId, wanted, options]);
  return options?.for === advertiserId ? options.rows : null;
}

interface BasicSettingsProps extends Pick<AudienceFormProps, "mode" | "segment"> {
  advertiser: MenuItem | null;
  setAdvertiser(row: MenuItem): void;
}

function BasicSettings({ mode, advertiser, setAdvertiser, segment }: BasicSettingsProps) {
  const { register, control, setValue, getValues } = useFormContext<AudienceFormInput>();
  const err = useFieldError;
  const source = useWatch({ control, name: "source" }) as AudienceSourceValue | "" | null | undefined;
  const seeds = useSeedOptions(advertiser?.id ?? null, source === "LOOK_ALIKE");
  // The DMP source is offered only to an advertiser with partner-data access (the server checks again).
  const noDmpAccess = useDmpAccess(advertiser?.id ?? null, mode === "create") === false;
  const fixed = mode === "edit" ? "Fixed once the audience is saved." : undefined;
  return (
    <FormSection title="Basic Settings">
      <FormAdvertiserField
        id={fieldId("advertiserId")}
        advertiser={advertiser}
        error={err("advertiserId")}
        lockedHint={mode === "edit" ? "An audience stays with the advertiser it was created under." : undefined}
        onChange={(row) => {
          if (row.id !== advertiser?.id) setValue("seedAudienceId", "", { shouldDirty: true });
          setAdvertiser(row);
        }}
      />
      <InputField id={fieldId("name")} label="Name" required autoComplete="off" error={err("name")} {...register("name")} />
      <TextareaField id={fieldId("description")} label="Description" rows={2} className="md:col-span-2" error={err("description")} {...register("description")} />
      <SelectField
        id={fieldId("source")}
        label="Source"
        required
        disabled={mode === "edit"}
        hint={fixed}
        error={err("source")}
        {...register("source", {
          // A rule-based website or mobile audience starts with one empty rule to fill in.
          onChange: (e: { target: { value: string } }) => {
            const groups = getValues("ruleGroups") ?? [];
            if (hasRules(e.target.value as AudienceSourceValue, getValues("kind") as never) && groups.length === 0) setValue("ruleGroups", [{ rules: [newRule()] }]);
          },
        })}
      >
        <option value="">Select</option>
        {AUDIENCE_SOURCES.map((s) => (
          <option key={s} value={s} disabled={s === "DMP" && noDmpAccess}>
            {SOURCE_LABELS[s]}
            {s === "DMP" && noDmpAccess ? ` (${DMP_ACCESS_MESSAGES.noAccess})` : ""}
          </option>
        ))}
      </SelectField>
      <SelectField
        id={fieldId("kind")}
        label="Type"
        required
        disabled={mode === "edit"}
        hint={fixed}
        error={err("kind")}
        {...register("kind", {
          onChange: (e: { target: { value: string } }) => {
            // IP backfill audiences are keyed by IP (business.md 3).
            if (e.target.value === "IP_BACKFILL") setValue("deviceIdentifier", "IP");
          },
        })}
      >
        {AUDIENCE_KINDS.map((k) => (
          <option key={k} value={k}>
            {KIND_LABELS[k]}
          </option>
        ))}
      </SelectField>
      {source === "MOBILE" ? (
        <SelectField id={fieldId("osTypeId")} label="OS" required error={err("osTypeId")} {...register("osTypeId")}>
          <option value="">Select</option>
          {OS_TYPES.map((o) => (
            <option key={o.id} value={o.id}>
              {o.label}
            </option>
          ))}
        </SelectField>
      ) : null}
      {source === "DMP" ? (
        <PartnerSegmentField id={fieldId("partnerSegmentId")} error={err("partnerSegmentId")} segment={segment?.partnerSegment ?? null} legacyName={segment?.legacyName ?? null} />
      ) : null}
      {source === "LOOK_ALIKE" ? (
        <SelectField
          id={fieldId("seedAudienceId")}
          label="Seed audience"
          required
          disabled={seeds === null}
          hint={advertiser === null ? "Choose the advertiser first." : "The look-alike grows from this audience's users."}
          error={err("seedAudienceId")}
          {...register("seedAudienceId")}
        >
          <option value="">Select</option>
          {(seeds ?? []).map((a) => (
            <option key={a.id} value={a.id}>
              {a.name}
            </option>
          ))}
        </SelectField>
      ) : null}
      {source === "LOOK_ALIKE" ? <LookAlikeSizeField mode={mode} /> : null}
    </FormSection>
  );
}

function UploadSettings() {
  const { register, control } = useFormContext<AudienceFormInput>();
  const err = useFieldError;
  const [source, kind] = useWatch({ control, name: ["source", "kind"] });
  const max = kind === "IP_BACKFILL" ? USER_EXPIRY.ipBackfillMax : USER_EXPIRY.max;
  return (
    <FormSection title="Upload Settings">
      <SelectField id={fieldId("deviceIdentifier")} label="Device identifier" required error={err("deviceIdentifier")} {...register("deviceIdentifier")}>
        {DEVICE_IDENTIFIERS.map((d) => (
          <option key={d} value={d}>
            {d}
          </option>
        ))}
      </SelectField>
      <SelectField id={fieldId("consentType")} label="Consent type" required error={err("consentType")} {...register("consentType")}>
        {CONSENT_TYPES.map((c) => (
          <option key={c} value={c}>
            {CONSENT_TYPE_LABELS[c]}
          </option>
        ))}
      </SelectField>
      <InputField
        id={fieldId("userExpiryDays")}
        label="User expiry (days)"
        required
        inputMode="numeric"
        autoComplete="off"
        hint={`${USER_EXPIRY.min} to ${max} days.`}
        error={err("userExpiryDays")}
        {...register("userExpiryDays")}
      />
      {hasRules(source as AudienceSourceValue, kind as never) ? <RuleBuilder source={source as AudienceSourceValue} /> : null}
    </FormSection>
  );
}

export function AudienceForm({ mode, audienceId, version, initial, canWrite, readOnlyReason, segment, ...props }: AudienceFormProps) {
  const [advertiser, setAdvertiser] = useState<MenuItem | null>(props.advertiser);
  const { form, frame } = useEntityForm<AudienceFormInput, { id: number }>({
    mode,
    schema,
    initial,
    canWrite,
    create: (values) => createAudienceAction(values),
    update: (values) => updateAudienceAction({ id: audienceId!, version: version!, ...values }),
    detailsHref: (id) => `/audience/details/${id}`,
  });
  return (
    <FormProvider {...form}>
      <EntityFormFrame
        {...frame}
        title={mode === "create" ? "New Audience" : "Edit Audience"}
        testId="audience"
        cancelHref={audienceId ? `/audience/details/${audienceId}` : "/audience"}
        canWrite={canWrite}
        readOnlyReason={readOnlyReason}
      >
        <BasicSettings mode={mode} advertiser={advertiser} setAdvertiser={setAdvertiser} segment={segment} />
        <UploadSettings />
      </EntityFormFrame>
    </FormProvider>
  );
}
