// Preference preset validation (shell.md 5 "Preferences"), one schema for the
// preset form (client, via @hookform/resolvers) and the server mutations.
// Free of server imports. Name uniqueness needs the names already taken, so
// the schema is built per use: the form passes the names of the presets it
// lists, the server the names in the database.
import { z } from "../validation/z";
import type { Role } from "../auth/roles";
import { allowedColumnIds, getMetric, getSetupColumn } from "../metrics/catalogue";
import { ROW_LIMITS } from "./defaults";

export const NAME_MIN = 4;
export const NAME_MAX = 25;

export const PRESET_MESSAGES = {
  nameRequired: "Name is required",
  nameLength: `Name should be ${NAME_MIN} to ${NAME_MAX} characters long`,
  nameTaken: (name: string) => `Preference with name ${name} already exists`,
  rowLimit: "Please select a grid row limit",
  timezone: "Please select a timezone",
  metricsRequired: "Please select atleast 1 Grid metric",
  metricsForbidden: "Some of the selected metrics are not available for your role",
  deleteSelected: "You can't delete a preference that is selected",
} as const;

/** Names compare trimmed and case-insensitively: 'Default' and 'default ' are the same name. */
export function sameName(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

export interface PresetSchemaOptions {
  role: Role;
  /** Names of every preset the user can see (system and own), the edited preset's own name left out. */
  takenNames: readonly string[];
}

export function presetSchema({ role, takenNames }: PresetSchemaOptions) {
  return z.object({
    name: z
      .string({ error: PRESET_MESSAGES.nameRequired })
      .trim()
      .min(1, PRESET_MESSAGES.nameRequired)
      .superRefine((name, ctx) => {
        if (!name) return;
        if (name.length < NAME_MIN || name.length > NAME_MAX) ctx.addIssue({ code: "custom", message: PRESET_MESSAGES.nameLength });
        else if (takenNames.some((t) => sameName(t, name))) ctx.addIssue({ code: "custom", message: PRESET_MESSAGES.nameTaken(name) });
      }),
    rowLimit: z.coerce
      .number({ error: PRESET_MESSAGES.rowLimit })
      .refine((n) => (ROW_LIMITS as readonly number[]).includes(n), PRESET_MESSAGES.rowLimit),
    timezoneId: z.coerce.number({ error: PRESET_MESSAGES.timezone }).int(PRESET_MESSAGES.timezone).positive(PRESET_MESSAGES.timezone),
    columns: z
      .array(z.string(), { error: PRESET_MESSAGES.metricsRequired })
      .min(1, PRESET_MESSAGES.metricsRequired)
      .superRefine((ids, ctx) => {
        const unknown = ids.some((id) => !getMetric(id) && !getSetupColumn(id));
        const allowed = allowedColumnIds(role, ids);
        if (unknown || allowed.length !== new Set(ids).size) ctx.addIssue({ code: "custom", message: PRESET_MESSAGES.metricsForbidden });
      })
      .transform((ids) => [...new Set(ids)]),
  });
}

export type PresetInput = z.input<ReturnType<typeof presetSchema>>;
export type PresetValues = z.output<ReturnType<typeof presetSchema>>;
