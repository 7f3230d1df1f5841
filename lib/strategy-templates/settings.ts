// What a strategy template carries (business.md 2 'Save as strategy
// template', 7 templates list): the strategy wizard's values (the one
// strategy schema's input, lib/strategies/form.ts) minus everything that
// belongs to one campaign, one advertiser or one moment. Pure: safe in client
// components.
//
// Left out, and why:
// - campaignId, name: the new strategy picks its own.
// - startTime, endTime, deltaMediaBudget, resetTimeDeltaMediaBudget: a
//   schedule (and the budget delta that resets at a time) is one flight's.
// - pixelIds, creativeIds, creativeSetIds and the four audience segment lists
//   (app, web, DMP, look-alike): ids of one advertiser's records.
// Everything else (type, frequency caps, SKAd and SKOverlay, inventory,
// targeting, pricing, bids, budgets, pacing, product feed categories) is
// carried as the wizard holds it. The template's goal is its pricing type.
import { z } from "../validation/z";
import { newStrategyFormValues, type StrategyFormInput } from "../strategies/form";
import { STEP_SHAPES } from "../strategies/steps";

export const TEMPLATE_EXCLUDED_FIELDS = [
  "campaignId",
  "name",
  "startTime",
  "endTime",
  "deltaMediaBudget",
  "resetTimeDeltaMediaBudget",
  "pixelIds",
  "creativeIds",
  "creativeSetIds",
  "targetAppSegments",
  "targetWebSegments",
  "targetDmpSegments",
  "targetLalSegments",
] as const;

const EXCLUDED = new Set<string>(TEMPLATE_EXCLUDED_FIELDS);

/** Every field of the wizard, by name, with the schema its step parses it with. */
const FIELD_SCHEMAS: Record<string, z.ZodType> = Object.assign({}, ...Object.values(STEP_SHAPES));

/** The fields a template carries, in the wizard's order. */
export const TEMPLATE_FIELDS = Object.keys(FIELD_SCHEMAS).filter((k) => !EXCLUDED.has(k));

/** The stored settings of a template: a part of the wizard's values. */
export type TemplateSettings = Partial<Omit<StrategyFormInput, (typeof TEMPLATE_EXCLUDED_FIELDS)[number]>>;

/** Goal = the pricing type (shell.md 7 'All strategy templates ... filtered client-side by goal'). */
export const goalOf = (settings: TemplateSettings): string => (typeof settings.pricingType === "string" ? settings.pricingType : "CPM");

/**
 * The settings a template keeps from a strategy's wizard values: the carried
 * fields whose value is given (undefined means "all" in the wizard).
 */
export function templateSettingsOf(values: Partial<StrategyFormInput>): TemplateSettings {
  const source = values as Record<string, unknown>;
  return Object.fromEntries(TEMPLATE_FIELDS.filter((k) => source[k] !== undefined).map((k) => [k, source[k]])) as TemplateSettings;
}

/**
 * Stored settings read back: each carried field kept only when its own
 * step schema still accepts it, so a template written under older rules
 * pre-fills what is still valid and the wizard asks for the rest.
 */
export function readTemplateSettings(stored: unknown): TemplateSettings {
  if (typeof stored !== "object" || stored === null || Array.isArray(stored)) return {};
  const source = stored as Record<string, unknown>;
  const kept = TEMPLATE_FIELDS.filter((k) => source[k] !== undefined && FIELD_SCHEMAS[k].safeParse(source[k]).success);
  return Object.fromEntries(kept.map((k) => [k, source[k]])) as TemplateSettings;
}

/**
 * The wizard's starting values for a strategy made from a template: a new
 * strategy's values (under the chosen campaign, if any) with the template's
 * settings over them. The wizard and the server then apply the whole strategy
 * schema as for any typed value.
 */
export function templateFormValues(settings: TemplateSettings, campaignId: number | null = null): StrategyFormInput {
  return { ...newStrategyFormValues(campaignId), ...settings } as StrategyFormInput;
}

/** The description as the templates list shows it (shell.md 3: cut at 100 characters). */
export function descriptionPreview(description: string | null, max = 100): string {
  if (!description) return "";
  const chars = Array.from(description);
  return chars.length > max ? `${chars.slice(0, max).join("")}…` : description;
}
