// Conversion tracker (pixel) form (business.md 3 PIXEL, 4 pixel form, 5 Pixel,
// 9 pixel constants), shared by the form (zodResolver) and the server
// mutations, so both give the same messages on the same fields. Pure: safe in
// client components.
//
// The form works in what users type (strings, days, a duration value and
// unit); the database in seconds with -1 for "not applicable" / "no cap".
// PixelFormSchema checks the typed values; PixelInputSchema is the same schema
// followed by the conversion, for the server.
import { z } from "../validation/z";
import { nameMessages } from "../validation/name-messages";

export const PIXEL_TYPES = [
  { id: "VIEW_CONV", code: 0, name: "View Conversions" },
  { id: "CLICK_CONV", code: 1, name: "Click Conversions" },
  { id: "HYBRID_CONV", code: 2, name: "Hybrid" },
] as const;
export type PixelTypeId = (typeof PIXEL_TYPES)[number]["id"];
const PIXEL_TYPE_IDS: readonly string[] = PIXEL_TYPES.map((t) => t.id);

export function pixelTypeName(type: string): string {
  return PIXEL_TYPES.find((t) => t.id === type)?.name ?? type;
}

/** Which validity windows a type has: a view pixel has no click window, a click pixel no view window. */
export function windowsOf(type: string): { view: boolean; click: boolean } {
  return { view: type === "VIEW_CONV" || type === "HYBRID_CONV", click: type === "CLICK_CONV" || type === "HYBRID_CONV" };
}

export const DAY_SECONDS = 86_400;
/** business.md 9: stored default 5184000 s (60 days); the form proposes 45 days. */
export const DEFAULT_VALIDITY_SECONDS = 5_184_000;
export const FORM_DEFAULT_WINDOW_DAYS = 45;
/** Upper bound of a validity window, so no typed number can overflow the stored seconds. */
export const MAX_WINDOW_DAYS = 365;
/** business.md 9: count choices 1 to 45. */
export const MIN_COUNT = 1;
export const MAX_COUNT = 45;
export const COUNT_CHOICES: readonly number[] = Array.from({ length: MAX_COUNT }, (_, i) => i + 1);
/** Upper bound of the cap duration, whatever its unit. */
export const MAX_CAP_DAYS = 365;

/** business.md 9: duration units Minute(s), Hour(s), Day(s). */
export const FCAP_UNITS = [
  { id: "MINUTE", label: "Minute(s)", seconds: 60 },
  { id: "HOUR", label: "Hour(s)", seconds: 3_600 },
  { id: "DAY", label: "Day(s)", seconds: DAY_SECONDS },
] as const;
export type FcapUnit = (typeof FCAP_UNITS)[number]["id"];
const FCAP_UNIT_IDS: readonly string[] = FCAP_UNITS.map((u) => u.id);
/** business.md 9: default conversion cap duration 10 minutes. */
export const DEFAULT_CAP = { value: "10", unit: "MINUTE" as FcapUnit };

export const COUNT_MODES = [
  { id: "EVERY", label: "Count every conversion" },
  { id: "CAPPED", label: "Cap the count per user" },
] as const;
export type CountMode = (typeof COUNT_MODES)[number]["id"];

export const PIXEL_NAME = { min: 4, max: 256 } as const;

export const PIXEL_MESSAGES = {
  ...nameMessages(PIXEL_NAME),
  typeRequired: "Type is required",
  viewWindowRequired: "View validity window is required",
  clickWindowRequired: "Click validity window is required",
  windowMax: `Value must be at most ${MAX_WINDOW_DAYS} days`,
  countModeRequired: "Choose how conversions are counted",
  userFcapRequired: "Conversions per user is required",
  userFcapMax: `Value must be at most ${MAX_COUNT}`,
  durationRequired: "Duration is required",
  durationUnitRequired: "Duration unit is required",
  durationMax: `Duration must be at most ${MAX_CAP_DAYS} days`,
  digitsOnly: "Only digits are allowed, no special characters",
  min: `Value must be at least ${MIN_COUNT}`,
} as const;

/** What the form holds: numbers as typed. */
export interface PixelFormValues {
  name: string;
  type: PixelTypeId | "";
  viewWindowDays: string;
  clickWindowDays: string;
  countMode: CountMode;
  userFcap: string;
  fcapValue: string;
  fcapUnit: FcapUnit | "";
}

/** What the database stores (business.md 3 PIXEL). */
export interface PixelData {
  name: string;
  type: PixelTypeId;
  viewValidityWindow: number;
  clickValidityWindow: number;
  userFcap: number;
  fcapDuration: number;
}

export const NEW_PIXEL_VALUES: PixelFormValues = {
  name: "",
  type: "",
  viewWindowDays: String(FORM_DEFAULT_WINDOW_DAYS),
  clickWindowDays: String(FORM_DEFAULT_WINDOW_DAYS),
  countMode: "EVERY",
  userFcap: "",
  fcapValue: DEFAULT_CAP.value,
  fcapUnit: DEFAULT_CAP.unit,
};

/**
 * A count typed by the user: required, digits only, at least 1, at most `max`.
 * Returns the message of the first rule broken, or the number.
 */
function checkCount(raw: string, required: string, max: number, maxMessage: string): string | number {
  const value = raw.trim();
  if (value === "") return required;
  if (!/^\d+$/.test(value)) return PIXEL_MESSAGES.digitsOnly;
  const n = Number(value);
  if (n < MIN_COUNT) return PIXEL_MESSAGES.min;
  if (n > max) return maxMessage;
  return n;
}

const text = z.string().optional().default("");

/**
 * Every rule in one refinement over plain strings, so a failed submit shows
 * every message at once (an object schema skips its refinements while a field
 * fails). Rules of fields that do not apply (the click window of a view pixel,
 * the cap of 'count every conversion') are not checked.
 */
export const PixelFormSchema = z
  .object({
    name: text,
    type: text,
    viewWindowDays: text,
    clickWindowDays: text,
    countMode: text,
    userFcap: text,
    fcapValue: text,
    fcapUnit: text,
  })
  .superRefine((v, ctx) => {
    const issue = (path: keyof PixelFormValues, message: string) => ctx.addIssue({ code: "custom", path: [path], message });
    const name = v.name.trim();
    if (name === "") issue("name", PIXEL_MESSAGES.nameRequired);
    else if (name.length < PIXEL_NAME.min) issue("name", PIXEL_MESSAGES.nameTooShort);
    else if (name.length > PIXEL_NAME.max) issue("name", PIXEL_MESSAGES.nameTooLong);

    if (!PIXEL_TYPE_IDS.includes(v.type)) issue("type", PIXEL_MESSAGES.typeRequired);
    const windows = windowsOf(v.type);
    if (windows.view) {
      const r = checkCount(v.viewWindowDays, PIXEL_MESSAGES.viewWindowRequired, MAX_WINDOW_DAYS, PIXEL_MESSAGES.windowMax);
      if (typeof r === "string") issue("viewWindowDays", r);
    }
    if (windows.click) {
      const r = checkCount(v.clickWindowDays, PIXEL_MESSAGES.clickWindowRequired, MAX_WINDOW_DAYS, PIXEL_MESSAGES.windowMax);
      if (typeof r === "string") issue("clickWindowDays", r);
    }

    if (v.countMode !== "EVERY" && v.countMode !== "CAPPED") issue("countMode", PIXEL_MESSAGES.countModeRequired);
    if (v.countMode === "CAPPED") {
      const count = checkCount(v.userFcap, PIXEL_MESSAGES.userFcapRequired, MAX_COUNT, PIXEL_MESSAGES.userFcapMax);
      if (typeof count === "string") issue("userFcap", count);
      const unit = FCAP_UNITS.find((u) => u.id === v.fcapUnit);
      const maxValue = unit ? Math.floor((MAX_CAP_DAYS * DAY_SECONDS) / unit.seconds) : Number.MAX_SAFE_INTEGER;
      const duration = checkCount(v.fcapValue, PIXEL_MESSAGES.durationRequired, maxValue, PIXEL_MESSAGES.durationMax);
      if (typeof duration === "string") issue("fcapValue", duration);
      if (!FCAP_UNIT_IDS.includes(v.fcapUnit)) issue("fcapUnit", PIXEL_MESSAGES.durationUnitRequired);
    }
  })
  .transform((v) => v as PixelFormValues);

/** Checked form values → the stored fields. Windows and cap that do not apply become -1. */
export function pixelDataOf(values: PixelFormValues): PixelData {
  const type = values.type as PixelTypeId;
  const windows = windowsOf(type);
  const days = (raw: string) => Number(raw.trim()) * DAY_SECONDS;
  const capped = values.countMode === "CAPPED";
  const unit = FCAP_UNITS.find((u) => u.id === values.fcapUnit);
  return {
    name: values.name.trim(),
    type,
    viewValidityWindow: windows.view ? days(values.viewWindowDays) : -1,
    clickValidityWindow: windows.click ? days(values.clickWindowDays) : -1,
    userFcap: capped ? Number(values.userFcap.trim()) : -1,
    fcapDuration: capped && unit ? Number(values.fcapValue.trim()) * unit.seconds : -1,
  };
}

/** The server's schema: the form's rules, then the stored shape. */
export const PixelInputSchema = PixelFormSchema.transform(pixelDataOf);

/** A stored duration in seconds as the largest unit that divides it: 600 → 10 Minute(s). */
export function durationParts(seconds: number): { value: number; unit: (typeof FCAP_UNITS)[number] } {
  const unit = [...FCAP_UNITS].reverse().find((u) => seconds % u.seconds === 0) ?? FCAP_UNITS[0];
  return { value: Math.max(1, Math.round(seconds / unit.seconds)), unit };
}

/** "10 Minute(s)"; seconds that are not whole minutes are rounded to minutes. */
export function durationText(seconds: number): string {
  const { value, unit } = durationParts(seconds);
  return `${value} ${unit.label}`;
}

/** shell.md 3 pixel list: 'No Limit' when -1 or empty, else 'N every <duration>'. */
export function userFcapText(userFcap: number | null | undefined, fcapDuration: number | null | undefined): string {
  if (userFcap === null || userFcap === undefined || userFcap < 0) return "No Limit";
  if (fcapDuration === null || fcapDuration === undefined || fcapDuration <= 0) return `${userFcap}`;
  return `${userFcap} every ${durationText(fcapDuration)}`;
}

/** A validity window for display: "60 day(s)", or "Not applicable" for -1. */
export function windowText(seconds: number): string {
  if (seconds < 0) return "Not applicable";
  if (seconds % DAY_SECONDS === 0) return `${seconds / DAY_SECONDS} day(s)`;
  return durationText(seconds);
}

/**
 * The edit form's values of a stored pixel. A window that does not apply is
 * shown at the form default, so switching the type proposes 45 days; a stored
 * window that is not whole days is rounded to days (at least 1).
 */
export function pixelFormValues(pixel: Omit<PixelData, "type"> & { type: string }): PixelFormValues {
  const days = (seconds: number) => String(seconds > 0 ? Math.max(1, Math.round(seconds / DAY_SECONDS)) : FORM_DEFAULT_WINDOW_DAYS);
  const capped = pixel.userFcap > 0;
  const cap = capped && pixel.fcapDuration > 0 ? durationParts(pixel.fcapDuration) : null;
  return {
    name: pixel.name,
    type: PIXEL_TYPE_IDS.includes(pixel.type) ? (pixel.type as PixelTypeId) : "",
    viewWindowDays: days(pixel.viewValidityWindow),
    clickWindowDays: days(pixel.clickValidityWindow),
    countMode: capped ? "CAPPED" : "EVERY",
    userFcap: capped ? String(pixel.userFcap) : "",
    fcapValue: cap ? String(cap.value) : DEFAULT_CAP.value,
    fcapUnit: cap ? cap.unit.id : DEFAULT_CAP.unit,
  };
}
