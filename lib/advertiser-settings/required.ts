// Required advertiser settings that have no value (business.md 5: feed key, date
// format, SKU chars, transaction currency and creative name format are required).
// A new advertiser has no settings rows, and some required keys default to
// empty (FEED_KEY), so the save-time rule alone never flags them: the SETTINGS
// tab lists them instead. Pure: computed on the server, shown by the view.
import type { SettingView } from "./views";

/** True when a setting's effective value (stored, else its default) is blank. */
function isBlank(setting: SettingView): boolean {
  switch (setting.kind) {
    case "string":
      return setting.value.trim() === "";
    case "currency":
      return setting.value.currency.trim() === "";
    // An on/off value is always a value; click signing is not required.
    case "boolean":
    case "clickSigning":
      return false;
  }
}

/** Keys of the required settings without a value, in the tab's order. */
export function missingRequiredSettings(settings: readonly SettingView[]): string[] {
  return settings.filter((s) => s.required && isBlank(s)).map((s) => s.key);
}

/** The summary line at the top of the tab; null when nothing is missing. */
export function missingRequiredSummary(count: number): string | null {
  if (count === 0) return null;
  return count === 1 ? "1 required setting is not set" : `${count} required settings are not set`;
}

/** The warning beside one such setting. */
export const REQUIRED_NOT_SET = "Required: not set";
