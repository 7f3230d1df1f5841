"use client";
// Advertiser create and edit form (business.md 3 and 5). The zod schema of
// lib/advertisers/schema.ts validates here and again in the server action; the
// action's field errors land beside the same fields.
import { useState } from "react";
import { useRouter } from "next/navigation";
import { FormProvider, useForm, type Resolver } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { AdvertiserUpdateSchema } from "@/lib/advertisers/schema";
import type { AdvertiserFormValues } from "@/lib/advertisers/form-values";
import { createAdvertiserAction, updateAdvertiserAction } from "@/lib/advertisers/actions";
import { SERVER_ERROR_MESSAGE } from "@/lib/data/action-result";
import type { TimezoneOption } from "@/lib/preferences/queries";
import { PRIMARY_BUTTON, SECONDARY_BUTTON } from "@/components/account/confirm-dialog";
import { expiredSession } from "@/components/account/session-events";
import { BasicSection, AppsSection, ContactSection, CohortSection } from "./advertiser-form-sections";
import { DynamicVideoSection } from "./advertiser-dynamic-video";
import { LogoField } from "./advertiser-logo-field";

const schemaResolver = zodResolver(AdvertiserUpdateSchema);

// The dynamic video block is validated only while it is on: off, it is dropped.
const resolver: Resolver<AdvertiserFormValues> = (values, context, options) =>
  schemaResolver(
    { ...values, dynamicVideo: values.dynamicVideoEnabled ? values.dynamicVideo : null },
    context,
    options as never,
  ) as never;

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
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<AdvertiserFormValues>({ resolver, defaultValues: initial, mode: "onTouched" });
  const {
    handleSubmit,
    setError,
    formState: { isSubmitting },
  } = form;

  const submit = handleSubmit(async (values) => {
    setFormError(null);
    const payload = payloadOf(values);
    const result =
      mode === "create" ? await createAdvertiserAction(payload) : await updateAdvertiserAction(advertiserId!, version!, payload);
    if (result.ok) {
      router.push(`/advertiser/details/${result.data.id}`);
      router.refresh();
      return;
    }
    if (expiredSession(result)) return;
    const fields = Object.entries(result.fieldErrors ?? {});
    for (const [field, message] of fields) setError(field as never, { message });
    setFormError(fields.length ? result.formError ?? null : result.formError ?? SERVER_ERROR_MESSAGE);
    document.querySelector("[aria-invalid='true']")?.scrollIntoView({ block: "center" });
  }, () => {
    // Client-side failure: show the first problem (business.md 5 asks for a message beside each field).
    requestAnimationFrame(() => document.querySelector("[aria-invalid='true']")?.scrollIntoView({ block: "center" }));
  });

  return (
    <FormProvider {...form}>
      <form onSubmit={submit} noValidate data-testid="advertiser-form" className="space-y-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h1 className="text-xl font-semibold text-slate-900">{mode === "create" ? "New Advertiser" : "Edit Advertiser"}</h1>
          <div className="flex gap-2">
            <button
              type="button"
              className={SECONDARY_BUTTON}
              onClick={() => router.push(advertiserId ? `/advertiser/details/${advertiserId}` : "/advertiser")}
            >
              Cancel
            </button>
            <button type="submit" disabled={isSubmitting} className={PRIMARY_BUTTON} data-testid="advertiser-save">
              {isSubmitting ? "Saving..." : "Save"}
            </button>
          </div>
        </div>
        {formError ? (
          <p role="alert" data-testid="advertiser-form-error" className="rounded-md border border-red-200 bg-red-50 px-4 py-2 text-sm text-red-700">
            {formError}
          </p>
        ) : null}
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
