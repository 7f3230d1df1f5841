"use client";
// The look-alike's size on the audience form: the share of the advertiser's
// other users the model keeps (1 to 10 %). Changing it on a saved look-alike
// computes the model again.
import { get, useFormContext } from "react-hook-form";
import { LOOKALIKE_SIZE, type AudienceFormInput } from "@/lib/audiences/schema";
import { InputField } from "@/components/ui/field";

export function LookAlikeSizeField({ mode }: { mode: "create" | "edit" }) {
  const { register, formState } = useFormContext<AudienceFormInput>();
  const error = (get(formState.errors, "lookAlikeSize") as { message?: string } | undefined)?.message;
  const range = `${LOOKALIKE_SIZE.min} to ${LOOKALIKE_SIZE.max} % of the advertiser's other users, the most similar to the seed.`;
  return (
    <InputField
      id="audience-lookAlikeSize"
      label="Look-alike size (%)"
      required
      inputMode="numeric"
      autoComplete="off"
      hint={mode === "edit" ? `${range} A new size computes the look-alike again.` : range}
      error={error}
      {...register("lookAlikeSize")}
    />
  );
}
