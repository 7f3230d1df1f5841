"use client";
// Sections of the advertiser form. Each reads the form from context, so the
// form component stays a short list of sections.
import { get, useFormContext, useWatch } from "react-hook-form";
import {
  ADVERTISER_CATEGORIES,
  ADVERTISER_REGIONS,
  CREATIVE_LANGUAGES,
  MMP_NAMES,
} from "@/lib/advertisers/options";
import type { TimezoneOption } from "@/lib/preferences/queries";
import { TimezoneField } from "@/components/preferences/timezone-select";
import { Field, FormSection, inputClass } from "@/components/ui/field";
import type { AdvertiserFormValues } from "@/lib/advertisers/form-values";

type Name = Parameters<ReturnType<typeof useFormContext<AdvertiserFormValues>>["register"]>[0];

/** The form's register and the message of `name`, if any. */
function useBoundField(name: Name) {
  const {
    register,
    formState: { errors },
  } = useFormContext<AdvertiserFormValues>();
  return { register, error: (get(errors, name) as { message?: string } | undefined)?.message };
}

/** A text input bound to `name`, with its label and message. */
export function TextInput({ name, label, required, placeholder, type = "text" }: { name: Name; label: string; required?: boolean; placeholder?: string; type?: string }) {
  const { register, error } = useBoundField(name);
  const id = `adv-${name.replace(/\./g, "-")}`;
  return (
    <Field id={id} label={label} error={error} required={required}>
      <input
        id={id}
        type={type}
        placeholder={placeholder}
        {...register(name)}
        aria-invalid={!!error}
        aria-describedby={error ? `${id}-error` : undefined}
        className={inputClass(!!error)}
      />
    </Field>
  );
}

function SelectInput({ name, label, options, required }: { name: Name; label: string; options: readonly (string | [string, string])[]; required?: boolean }) {
  const { register, error } = useBoundField(name);
  const id = `adv-${name}`;
  return (
    <Field id={id} label={label} error={error} required={required}>
      <select id={id} {...register(name)} aria-invalid={!!error} className={`${inputClass(!!error)} bg-white`}>
        <option value="">Select</option>
        {options.map((o) => {
          const [value, text] = typeof o === "string" ? [o, o] : o;
          return (
            <option key={value} value={value}>
              {text}
            </option>
          );
        })}
      </select>
    </Field>
  );
}

export function BasicSection({ timezones, currencies }: { timezones: TimezoneOption[]; currencies: string[] }) {
  const {
    control,
    register,
    formState: { errors },
  } = useFormContext<AdvertiserFormValues>();
  const category = useWatch({ control, name: "category" });
  const subCategories = ADVERTISER_CATEGORIES[category ?? ""] ?? [];
  return (
    <FormSection title="Basic Details">
      <TextInput name="name" label="Name" required />
      <TextInput name="domain" label="Domain" required placeholder="example.com" />
      <SelectInput name="category" label="Category" required options={Object.keys(ADVERTISER_CATEGORIES)} />
      <SelectInput name="subCategory" label="Sub-category" options={subCategories} />
      <SelectInput name="region" label="Region" required options={ADVERTISER_REGIONS} />
      <TimezoneField id="adv-timezoneId" label="Timezone" required control={control} name="timezoneId" options={timezones} error={errors.timezoneId?.message} />
      <SelectInput name="currencyCode" label="Currency" required options={currencies} />
      <SelectInput name="language" label="Default creative language" required options={Object.entries(CREATIVE_LANGUAGES)} />
      <SelectInput name="mmp" label="MMP" required options={MMP_NAMES} />
      <div className="flex items-center gap-2 pt-6">
        <input id="adv-isDirect" type="checkbox" {...register("isDirect")} className="h-4 w-4" />
        <label htmlFor="adv-isDirect" className="text-sm text-slate-700">
          Direct advertiser (not through an agency)
        </label>
      </div>
    </FormSection>
  );
}

export function ContactSection() {
  return (
    <FormSection title="Contact">
      <TextInput name="contactEmail" label="Contact email" required type="email" />
      <TextInput name="contactAddress" label="Contact address" required />
    </FormSection>
  );
}

export function AppsSection() {
  return (
    <FormSection title="Apps and Websites">
      <TextInput name="androidPhoneBundle" label="Android package name" placeholder="com.example.app" />
      <TextInput name="declaredAndroidUrl" label="Declared Android URL" placeholder="https://play.google.com/store/apps/details?id=..." />
      <TextInput name="androidDeeplink" label="Default Android deeplink" placeholder="myapp://open" />
      <TextInput name="iosPhoneBundle" label="iOS app id" placeholder="id123456789" />
      <TextInput name="declaredIosUrl" label="Declared iOS URL" placeholder="https://apps.apple.com/app/id123456789" />
      <TextInput name="iosDeeplink" label="Default iOS deeplink" placeholder="myapp://open" />
      <TextInput name="declaredWebUrl" label="Declared web URL" placeholder="https://example.com" />
    </FormSection>
  );
}

export function CohortSection({ currencies }: { currencies: string[] }) {
  const { control, register } = useFormContext<AdvertiserFormValues>();
  const enabled = useWatch({ control, name: "cohortEnabled" });
  return (
    <FormSection
      title="Cohort"
      actions={
        <label className="flex items-center gap-2 text-sm text-slate-700">
          <input type="checkbox" {...register("cohortEnabled")} className="h-4 w-4" data-testid="adv-cohortEnabled" />
          Cohort enabled
        </label>
      }
    >
      {enabled ? (
        <>
          <TextInput name="exchangeRate" label="Exchange rate" required />
          <SelectInput name="cohortCurrencyCode" label="Cohort currency" required options={currencies} />
        </>
      ) : (
        <p className="text-sm text-slate-500">Cohort reporting is off for this advertiser.</p>
      )}
    </FormSection>
  );
}
