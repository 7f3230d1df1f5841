// The wizard's checks, all from the server's own schema (lib/strategies):
// one step before moving on (strategyStepSchema: its fields and rules,
// messages on its own fields only, plus what a control knows of text not yet
// a value), and the whole strategy on save (strategySchema without its
// storage step, what the server action takes). Both take the chosen
// campaign's context as options, and read the clock of the moment they run
// for "in the future". Client-safe.
import { z } from "@/lib/validation/z";
import { strategySchema, type StrategySchemaOptions } from "@/lib/strategies/form";
import { STEP_OF_FIELD, STEP_SHAPES, strategyStepSchema } from "@/lib/strategies/steps";
import type { StrategyFormStepKey } from "@/lib/strategies/options";
import { localIssues } from "./wizard-env";

export type SchemaOptions = Omit<StrategySchemaOptions, "now">;

/** The fields a step holds, in the order of the schema. */
export const stepFields = (step: StrategyFormStepKey): string[] => Object.keys(STEP_SHAPES[step]);

/** The messages of one step (first per field), empty when it may be left. */
export function checkStep(step: StrategyFormStepKey, values: unknown, options: SchemaOptions, localChecks: Map<string, string>): Record<string, string> {
  const own = stepFields(step);
  const errors: Record<string, string> = {};
  const result = strategyStepSchema(step, { ...options, now: new Date() }).safeParse(values);
  if (!result.success) {
    for (const issue of result.error.issues) {
      const field = String(issue.path[0] ?? "");
      if (own.includes(field) && !(field in errors)) errors[field] = issue.message;
    }
  }
  for (const [field, message] of Object.entries(localIssues(localChecks, own))) if (!(field in errors)) errors[field] = message;
  return errors;
}

/** The whole schema without its storage step, with the clock of the moment it runs. */
export function wholeSchema(options: SchemaOptions) {
  return z.unknown().transform(async (values, ctx) => {
    const result = await strategySchema({ ...options, now: new Date() }).in.safeParseAsync(values);
    if (result.success) return result.data;
    for (const issue of result.error.issues) ctx.addIssue({ code: "custom", message: issue.message, path: issue.path });
    return z.NEVER;
  });
}

/** The step of the first field a save's answer names ("targetGeographies.country" is targeting's). */
export function stepOfErrors(fieldErrors: Record<string, string> | undefined): StrategyFormStepKey | null {
  for (const key of Object.keys(fieldErrors ?? {})) {
    const step = STEP_OF_FIELD[key.split(".")[0]];
    if (step) return step;
  }
  return null;
}
