// Click destination form (business.md 3 CLICK DESTINATION: belongs to an
// advertiser, has MMP parameters), shared by the dialog form and the server
// mutations. The MMP parameter rules depend on the advertiser's MMP, so the
// schema is built for it. Pure: safe in client components.
import { z } from "../validation/z";
import { knownMmp, mmpParameters, type MmpParameter } from "./mmp";

export const CLICK_DESTINATION_MESSAGES = {
  nameRequired: "Name is required",
  nameTooLong: "Name must be at most 255 characters",
  urlRequired: "URL is required",
  urlInvalid: "Enter a valid URL starting with http:// or https://",
  urlTooLong: "URL must be at most 2048 characters",
  paramKeyRequired: "Parameter key is required",
  paramKeyInvalid: "Parameter key must not contain spaces or the characters & = ? #",
  paramKeyDuplicate: "This parameter is already set",
  paramValueTooLong: "Value must be at most 1024 characters",
  tooManyParams: "At most 50 parameters",
  paramRequired: (param: MmpParameter, mmp: string) => `${param.label} (${param.key}) is required for ${mmp}`,
  // business.md 8
  empty: "No Click Destinations for the selected Advertiser",
} as const;

export const MAX_PARAMS = 50;

export function isHttpUrl(value: string): boolean {
  if (/\s/.test(value)) return false;
  try {
    const u = new URL(value);
    return (u.protocol === "http:" || u.protocol === "https:") && u.hostname.length > 0;
  } catch {
    return false;
  }
}

const PARAM_KEY_RE = /^[^\s&=?#]+$/;

export interface MmpParam {
  key: string;
  value: string;
}

/**
 * name, url and the key/value rows of MMP parameters. Rows with neither key
 * nor value, and optional parameters left empty, are dropped; a required
 * parameter of the advertiser's MMP needs a value (on its row, or on the
 * list when the row is missing).
 */
export function clickDestinationSchema(mmp: string | null | undefined) {
  const mmpName = knownMmp(mmp);
  const standard = mmpParameters(mmp);
  return z
    .object({
      name: z
        .string({ error: CLICK_DESTINATION_MESSAGES.nameRequired })
        .trim()
        .min(1, CLICK_DESTINATION_MESSAGES.nameRequired)
        .max(255, CLICK_DESTINATION_MESSAGES.nameTooLong),
      url: z
        .string({ error: CLICK_DESTINATION_MESSAGES.urlRequired })
        .trim()
        .min(1, CLICK_DESTINATION_MESSAGES.urlRequired)
        .max(2048, CLICK_DESTINATION_MESSAGES.urlTooLong)
        .refine(isHttpUrl, CLICK_DESTINATION_MESSAGES.urlInvalid),
      mmpParams: z
        .array(
          z.object({
            key: z.string().trim().max(255),
            value: z.string().trim().max(1024, CLICK_DESTINATION_MESSAGES.paramValueTooLong),
          }),
        )
        .max(MAX_PARAMS, CLICK_DESTINATION_MESSAGES.tooManyParams)
        .default([]),
    })
    .superRefine((v, c) => {
      const seen = new Set<string>();
      v.mmpParams.forEach((row, i) => {
        const path = (field: "key" | "value") => ["mmpParams", i, field];
        if (row.key === "") {
          if (row.value !== "") c.addIssue({ code: "custom", path: path("key"), message: CLICK_DESTINATION_MESSAGES.paramKeyRequired });
          return;
        }
        if (!PARAM_KEY_RE.test(row.key)) c.addIssue({ code: "custom", path: path("key"), message: CLICK_DESTINATION_MESSAGES.paramKeyInvalid });
        else if (seen.has(row.key)) c.addIssue({ code: "custom", path: path("key"), message: CLICK_DESTINATION_MESSAGES.paramKeyDuplicate });
        seen.add(row.key);
        const param = standard.find((s) => s.key === row.key);
        if (param?.required && row.value === "" && mmpName) {
          c.addIssue({ code: "custom", path: path("value"), message: CLICK_DESTINATION_MESSAGES.paramRequired(param, mmpName) });
        }
      });
      for (const param of standard) {
        if (param.required && mmpName && !v.mmpParams.some((r) => r.key === param.key)) {
          c.addIssue({ code: "custom", path: ["mmpParams"], message: CLICK_DESTINATION_MESSAGES.paramRequired(param, mmpName) });
        }
      }
    })
    .transform((v) => ({ ...v, mmpParams: v.mmpParams.filter((r) => r.key !== "" && r.value !== "") }));
}

export type ClickDestinationInput = z.input<ReturnType<typeof clickDestinationSchema>>;
export type ClickDestinationValues = z.output<ReturnType<typeof clickDestinationSchema>>;

/**
 * The form's rows: the MMP's standard parameters first (in the dictionary's
 * order, with their stored values), then any other stored parameter.
 */
export function formParamRows(mmp: string | null | undefined, stored: readonly MmpParam[]): { rows: MmpParam[]; standardCount: number } {
  const standard = mmpParameters(mmp);
  const rows = standard.map((s) => ({ key: s.key, value: stored.find((r) => r.key === s.key)?.value ?? "" }));
  const extra = stored.filter((r) => !standard.some((s) => s.key === r.key)).map((r) => ({ key: r.key, value: r.value }));
  return { rows: [...rows, ...extra], standardCount: rows.length };
}

/** Stored JSON → rows; anything that is not a list of {key, value} strings is skipped. */
export function parseStoredParams(json: unknown): MmpParam[] {
  if (!Array.isArray(json)) return [];
  return json.flatMap((r) =>
    r && typeof r === "object" && typeof (r as MmpParam).key === "string"
      ? [{ key: (r as MmpParam).key, value: String((r as MmpParam).value ?? "") }]
      : [],
  );
}

/** "pid=dsp_int, c={campaign_name}" for the list; "-" when none. */
export function summarizeParams(params: readonly MmpParam[]): string {
  return params.length ? params.map((r) => `${r.key}=${r.value}`).join(", ") : "-";
}
