"use client";
// Saving one setting from its form: unchanged values are 'No changes detected'
// without a call; otherwise the update call (key, type, value as text) and its
// answer turned into field errors beside the fields, a warning, or a success
// line; a failed call is 'Failed to update advertiser settings' (business.md 8).
import { useState } from "react";
import { useRouter } from "next/navigation";
import type { FieldValues, Path, UseFormSetError } from "react-hook-form";
import { expiredSession } from "@/components/account/session-events";
import { updateAdvertiserSettingAction } from "@/lib/advertiser-settings/actions";
import { encodeSettingValue, settingDefinition, type SettingDefinition } from "@/lib/advertiser-settings/definitions";
import type { SettingView } from "@/lib/advertiser-settings/views";
import { SETTING_MESSAGES } from "@/lib/advertiser-settings/schema";
import type { SettingNotice } from "./ui";

export function useSettingSave<F extends FieldValues>(advertiserId: number, setting: SettingView, setError: UseFormSetError<F>) {
  const router = useRouter();
  const [notice, setNotice] = useState<SettingNotice | null>(null);
  // What this form last stored: a second save must not wait for the refreshed
  // page to learn the new version, or it would be refused as a conflict.
  const [saved, setSaved] = useState<{ version: number | null; value: unknown } | null>(null);
  const def = settingDefinition(setting.key) as SettingDefinition;
  const current =
    saved && (saved.version ?? -1) >= (setting.version ?? -1) ? { isSet: true, ...saved } : { isSet: setting.isSet, version: setting.version, value: setting.value };

  /** Returns true when the value was stored (the form then takes it as its new starting point). */
  async function save(value: unknown): Promise<boolean> {
    setNotice(null);
    const text = encodeSettingValue(def, value);
    if (current.isSet && text === encodeSettingValue(def, current.value)) {
      setNotice({ kind: "warning", text: SETTING_MESSAGES.noChanges });
      return false;
    }
    try {
      const result = await updateAdvertiserSettingAction(advertiserId, current.version, { key: def.key, type: def.type, value: text });
      if (result.ok) {
        if (!result.data.changed) {
          setNotice({ kind: "warning", text: SETTING_MESSAGES.noChanges });
          return false;
        }
        setNotice({ kind: "success", text: result.data.message });
        setSaved({ version: result.data.version, value });
        router.refresh(); // the new version and "set" state come with the page
        return true;
      }
      if (expiredSession(result)) return false; // the sign-in page is loading
      // Messages of the value go beside its fields; anything else (key, type, conflict, role) above Save.
      const fieldErrors = Object.entries(result.fieldErrors ?? {});
      const own = fieldErrors.filter(([path]) => path === "value" || path.startsWith("value."));
      for (const [path, message] of own) setError(path as Path<F>, { message });
      const other = fieldErrors.find(([path]) => !own.some(([p]) => p === path));
      if (result.status >= 500) setNotice({ kind: "error", text: SETTING_MESSAGES.updateFailed });
      else if (other) setNotice({ kind: "error", text: other[1] });
      else if (own.length === 0) setNotice({ kind: "error", text: result.formError ?? SETTING_MESSAGES.updateFailed });
      return false;
    } catch {
      setNotice({ kind: "error", text: SETTING_MESSAGES.updateFailed });
      return false;
    }
  }

  return { save, notice, setNotice };
}
