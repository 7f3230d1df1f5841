"use client";
// The advertiser's logo (required). A new advertiser starts with the shared
// default logo; once it exists, its own logos are uploaded and chosen in its
// image library.
import { get, useFormContext, useWatch } from "react-hook-form";
import { FormSection } from "@/components/forms/field";
import type { AdvertiserFormValues } from "@/lib/advertisers/form-values";

export function LogoField({ advertiserId }: { advertiserId?: number }) {
  const {
    control,
    formState: { errors },
  } = useFormContext<AdvertiserFormValues>();
  const logoUrl = useWatch({ control, name: "logoUrl" });
  const error = (get(errors, "logoUrl") as { message?: string } | undefined)?.message;
  return (
    <FormSection title="Logo">
      <div className="flex items-center gap-4" aria-invalid={!!error}>
        {logoUrl ? (
          // eslint-disable-next-line @next/next/no-img-element -- served by our own route
          <img src={logoUrl} alt="Advertiser logo" data-testid="adv-logo-preview" className="h-20 w-20 rounded-md border border-slate-200 object-cover" />
        ) : null}
        <div className="text-sm text-slate-600">
          {advertiserId ? null : <p>New advertisers start with the default logo; upload their own after saving.</p>}
          {error ? (
            <p data-testid="adv-logoUrl-error" className="mt-1 text-xs text-red-600">
              {error}
            </p>
          ) : null}
        </div>
      </div>
    </FormSection>
  );
}
