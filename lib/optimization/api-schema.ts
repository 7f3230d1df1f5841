// The shapes of the optimization rules screen's REST operations (./rest.ts)
// as the OpenAPI document describes them. The operations parse bodies with
// the screen's own schema (./rule-form.ts ruleSchema, text or numbers); these
// describe them for callers. Client-safe: schemas only.
import { z } from "../validation/z";
import { CONV_TYPES } from "./rule-form";

export const RuleBodySchema = z.object({
  spend: z.union([z.string(), z.number(), z.null()]).optional().meta({ description: "At least 0.001 (Adv Spend, exact decimal)." }),
  imps: z.union([z.string(), z.number(), z.null()]).optional().meta({ description: "Whole, at least 1." }),
  clicks: z.union([z.string(), z.number(), z.null()]).optional().meta({ description: "Whole, at least 1. At least one of spend, imps, clicks." }),
  convType: z.enum(CONV_TYPES).meta({ description: "CLICKS not with a clicks limit." }),
  convs: z.union([z.string(), z.number()]).meta({ description: "Minimum conversions of convType expected; whole, at least 1." }),
  durationDays: z.union([z.string(), z.number()]).meta({ description: "3 to 14." }),
  refreshRateDays: z.union([z.string(), z.number(), z.null()]).optional().meta({ description: "At least 1; none: every day." }),
});

export const RuleViewSchema = z.object({
  id: z.number().int(),
  version: z.number().int(),
  spend: z.string().nullable(),
  imps: z.number().int().nullable(),
  clicks: z.number().int().nullable(),
  convType: z.enum(CONV_TYPES),
  convs: z.number().int(),
  durationDays: z.number().int(),
  refreshRateDays: z.number().int().nullable(),
  state: z.enum(["RUNNING", "STOPPED"]).nullable(),
  createdAt: z.string(),
  lastRunAt: z.string().nullable(),
});

export const AppSchema = z.object({ id: z.number().int(), name: z.string(), packageName: z.string() });
export const LogEntrySchema = z.object({
  app: AppSchema,
  spend: z.string(),
  imps: z.number().int(),
  clicks: z.number().int(),
  convs: z.number().int(),
  runAt: z.string(),
});
