"use client";
// The advertiser's logo (required). A new advertiser starts with the shared
// default logo; once it exists, its own logos are uploaded and chosen in its
// image library (shell.md 2.9), opened here as a single-choice picker.
import { useState } from "react";
import { get, useFormContext, useWatch } from "react-hook-form";
import { FormSection } from "@/components/ui/field";
import { Button } from "@/components/ui/button";
import { ImageLibraryDialog } from "@/components/images/image-library";
import type { AdvertiserFormValues } from "@/lib/advertisers/form-values";

export function LogoField({ advertiserId }: { advertiserId?: number }) {
  const {
    control,
    setValue,
    formState: { errors },
  } = useFormContext<AdvertiserFormValues>();
  const logoUrl = useWatch({ control, name: "logoUrl" });
  const [picking, setPicking] = useState(false);
  const error = (get(errors, "logoUrl") as { message?: string } | undefined)?.message;
  return (
    <FormSection title="Logo">
      <div className="flex items-center gap-4 md:col-span-2" aria-invalid={!!error}>
        {logoUrl ? (
          // eslint-disable-next-line @next/next/no-img-element -- served by our own route
          <img src={logoUrl} alt="Advertiser logo" data-testid="adv-logo-preview" className="h-20 w-20 rounded-md border border-slate-200 object-cover" />
        ) : null}
        <div className="text-sm text-slate-600">
          {advertiserId ? (
            <Button onClick={() => setPicking(true)} data-testid="adv-logo-choose">
              Choose logo
            </Button>
          ) : (
            <p>New advertisers start with the default logo; upload their own after saving.</p>
          )}
          {error ? (
            <p data-testid="adv-logoUrl-error" className="mt-1 text-xs text-red-600">
              {error}
            </p>
          ) : null}
        </div>
      </div>
      {advertiserId ? (
        <ImageLibraryDialog
          open={picking}
          onOpenChange={setPicking}
          advertiserId={advertiserId}
          kind="LOGO"
          canWrite
          role="RW"
          selectable="single"
          onDone={([logo]) => logo && setValue("logoUrl", logo.url, { shouldDirty: true, shouldValidate: true })}
        />
      ) : null}
    </FormSection>
  );
}
