"use client";
// One setting's form (business.md 7: update one setting): useActionForm with
// the setting's zod schema (the server runs the same one). Unchanged values
// are 'No changes detected' without a call; otherwise the update call (key,
// type, value as text): messages about the value land beside its fields, any
// other refusal (key, type, conflict, role) in the line beside Save, and a
// failed call says 'Failed to update advertiser settings' (business.md 8). A
// stored value becomes the form's new starting point.
import { useState } from "react";
import { useRouter } from "next/navigation";
import type { z } from "@/lib/validation/z";
import { updateAdvertiserSettingAction } from "@/lib/advertiser-settings/actions";
import type { SettingUpdateResult } from "@/lib/advertiser-settings/mutations";
import { encodeSettingValue, settingDefinition, type SettingDefinition } from "@/lib/advertiser-settings/definitions";
import type { SettingView } from "@/lib/advertiser-settings/views";
import { SETTING_MESSAGES, type SettingUpdateInput } from "@/lib/advertiser-settings/schema";
import type { ActionResult } from "@/lib/actions/result";
import { useActionForm } from "@/components/forms/use-action-form";
import type { SettingNotice } from "./ui";

const noChanges = (): ActionResult<Pick<SettingUpdateResult, "changed" | "version" | "message">> => ({
  ok: true,
  data: { changed: false, version: null, message: SETTING_MESSAGES.noChanges },
});

/** The form of one setting: memoize `schema` (it is the setting's zod schema around `{ value }`). */
export function useSettingForm<V>(advertiserId: number, setting: SettingView & { value: V }, schema: z.ZodType<{ value: V }, { value: V }>) {
  const router = useRouter();
  const [success, setSuccess] = useState<SettingNotice | null>(null);
  // What this form last stored: a second save must not wait for the refreshed
  // page to learn the new version, or it would be refused as a conflict.
  const [saved, setSaved] = useState<{ version: number | null; value: unknown } | null>(null);
  const def = settingDefinition(setting.key) as SettingDefinition;
  const current =
    saved && (saved.version ?? -1) >= (setting.version ?? -1) ? { isSet: true, ...saved } : { isSet: setting.isSet, version: setting.version, value: setting.value };

  const { form, formError, onSubmit } = useActionForm<{ value: V }, Pick<SettingUpdateResult, "changed" | "version" | "message">>({
    schema,
    defaultValues: { value: setting.value } as never,
    failureMessage: SETTING_MESSAGES.updateFailed,
    action: async ({ value }) => {
      setSuccess(null);
      const text = encodeSettingValue(def, value);
      if (current.isSet && text === encodeSettingValue(def, current.value)) return noChanges();
      return updateAdvertiserSettingAction({ advertiserId, version: current.version, key: def.key as SettingUpdateInput["key"], type: def.type, value: text });
    },
    onSuccess: (result, { value }) => {
      if (!result.changed) return setSuccess({ kind: "warning", text: SETTING_MESSAGES.noChanges });
      setSuccess({ kind: "success", text: result.message });
      setSaved({ version: result.version, value });
      form.reset({ value } as never);
      router.refresh(); // the new version and "set" state come with the page
    },
  });
  // With the value's own messages beside its fields, the line beside Save says nothing more.
  const refusal = formError && !form.formState.errors.value ? formError : null;
  const notice: SettingNotice | null = refusal ? { kind: "error", text: refusal } : success;
  return { form, notice, onSubmit };
}
