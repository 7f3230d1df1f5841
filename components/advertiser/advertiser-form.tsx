"use client";
// Advertiser create and edit form (business.md 3 and 5). The zod schema of
// lib/advertisers/schema.ts validates here and again in the server action; the
// action's field errors land beside the same fields.
import { useRouter } from "next/navigation";
import { FormProvider } from "react-hook-form";
import { AdvertiserUpdateSchema } from "@/lib/advertisers/schema";
import type { AdvertiserFormValues } from "@/lib/advertisers/form-values";
import { createAdvertiserAction, updateAdvertiserAction } from "@/lib/advertisers/actions";
import type { TimezoneOption } from "@/lib/preferences/queries";
import { Button, SubmitButton } from "@/components/ui/button";
import { FormError } from "@/components/ui/field";
import { useEntityForm } from "@/components/forms/use-entity-form";
import { BasicSection, AppsSection, ContactSection, CohortSection } from "./advertiser-form-sections";
import { DynamicVideoSection } from "./advertiser-dynamic-video";
import { LogoField } from "./advertiser-logo-field";

// The dynamic video block is validated and sent only while it is on: off, it is dropped.
export function payloadOf(values: AdvertiserFormValues) {
  return { ...values, dynamicVideo: values.dynamicVideoEnabled ? values.dynamicVideo : null };
}

export function AdvertiserForm({
  mode,
  advertiserId,
  version,
  initial,
  timezones,
  currencies,
}: {
  mode: "create" | "edit";
  advertiserId?: number;
  version?: number;
  initial: AdvertiserFormValues;
  timezones: TimezoneOption[];
  currencies: string[];
}) {
  const router = useRouter();
  // Only read-write users get this form (the pages show the others a notice). Leaving this page with changes does not ask first.
  const { form, formError, onSubmit, submitting } = useEntityForm<AdvertiserFormValues, { id: number }>({
    mode,
    schema: AdvertiserUpdateSchema,
    initial,
    canWrite: true,
    warnUnsaved: false,
    validateOn: "onTouched",
    prepare: payloadOf,
    create: createAdvertiserAction,
    update: (values) => updateAdvertiserAction({ id: advertiserId!, version: version!, ...values }),
    detailsHref: (id) => `/advertiser/details/${id}`,
  });

  return (
    <FormProvider {...form}>
      <form onSubmit={onSubmit} noValidate data-testid="advertiser-form" className="space-y-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h1 className="text-xl font-semibold text-slate-900">{mode === "create" ? "New Advertiser" : "Edit Advertiser"}</h1>
          <div className="flex gap-2">
            <Button onClick={() => router.push(advertiserId ? `/advertiser/details/${advertiserId}` : "/advertiser")}>Cancel</Button>
            <SubmitButton submitting={submitting} disabled={submitting} data-testid="advertiser-save" />
          </div>
        </div>
        <FormError message={formError} testId="advertiser-form-error" />
        <BasicSection timezones={timezones} currencies={currencies} />
        <ContactSection />
        <AppsSection />
        <LogoField advertiserId={advertiserId} />
        <CohortSection currencies={currencies} />
        <DynamicVideoSection />
      </form>
    </FormProvider>
  );
}
