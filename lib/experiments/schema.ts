// A/B experiment validation: one schema for the form (client, via
// @hookform/resolvers), the server actions and the REST API, so all give the
// same messages on the same fields. Pure: safe in client components.
//
// An experiment runs on one campaign; its arms are strategies of that
// campaign with a traffic split of whole percentages adding up to 100. Times
// are epoch seconds as the form holds them (an end of -1: no end) and leave
// as ISO 8601 text (null: no end).
import { z } from "../validation/z";
import { IdSchema, VersionSchema } from "../actions/fields";
import { ARMS, DESCRIPTION_MAX, EXPERIMENT_MESSAGES as M, EXPERIMENT_NAME, METRIC_VALUES, NO_END, STATUS_VALUES } from "./rules";

export * from "./rules";

/** A whole number from a number or its decimal text (a number input, a JSON client); anything else is undefined. */
function wholeNumber(raw: unknown): number | undefined {
  const n = typeof raw === "string" && /^\s*-?\d{1,12}\s*$/.test(raw) ? Number(raw) : raw;
  return typeof n === "number" && Number.isSafeInteger(n) ? n : undefined;
}

/** An id picked from a list: a missing one is the field's own message (the form's select), not a 404. */
const pickedId = (message: string) =>
  z.unknown().transform((raw, ctx) => {
    const n = wholeNumber(raw);
    if (n !== undefined && n > 0 && n <= 2_147_483_647) return n;
    ctx.addIssue({ code: "custom", message });
    return z.NEVER;
  });

/** Epoch seconds (the form's datetime inputs; the REST API also takes ISO 8601 text). */
const epochSeconds = (required: string | null, invalid: string) =>
  z.unknown().optional().transform((raw, ctx) => {
    if (raw === null || raw === undefined || raw === "" || (typeof raw === "string" && raw.trim() === "")) {
      if (required) {
        ctx.addIssue({ code: "custom", message: required });
        return z.NEVER;
      }
      return NO_END;
    }
    let n = wholeNumber(raw);
    if (n === undefined && typeof raw === "string" && /^\d{4}-\d{2}-\d{2}T[\d:.]+(Z|[+-]\d{2}:\d{2})$/.test(raw.trim())) {
      const ms = Date.parse(raw.trim());
      if (Number.isFinite(ms)) n = Math.floor(ms / 1000);
    }
    // 2000-01-01 .. 9999-12-31, or -1 for no end where an end may be left open.
    if (n !== undefined && ((n >= 946_684_800 && n <= 253_402_300_799) || (required === null && n === NO_END))) return n;
    ctx.addIssue({ code: "custom", message: invalid });
    return z.NEVER;
  });

const name = z.unknown().transform((raw, ctx) => {
  const text = typeof raw === "string" ? raw.trim() : "";
  if (text === "") ctx.addIssue({ code: "custom", message: M.nameRequired });
  else if (text.length > 4 * EXPERIMENT_NAME.max || Array.from(text).length > EXPERIMENT_NAME.max) ctx.addIssue({ code: "custom", message: M.nameTooLong });
  else return text;
  return z.NEVER;
});

// Optional keys: a REST body may leave them out (no description, no end).
const description = z.unknown().optional().transform((raw, ctx) => {
  if (raw === null || raw === undefined) return null;
  const text = typeof raw === "string" ? raw.trim() : null;
  if (text === null || text.length > 4 * DESCRIPTION_MAX || Array.from(text).length > DESCRIPTION_MAX) {
    ctx.addIssue({ code: "custom", message: text === null ? M.descriptionTooLong : M.descriptionTooLong });
    return z.NEVER;
  }
  return text === "" ? null : text;
});

const trafficPercent = z.unknown().transform((raw, ctx) => {
  const n = wholeNumber(raw);
  if (n !== undefined && n >= 1 && n <= 99) return n;
  ctx.addIssue({ code: "custom", message: M.trafficInvalid });
  return z.NEVER;
});

export const ExperimentArmSchema = z.object({ strategyId: pickedId(M.strategyRequired), trafficPercent });

export const ExperimentMetricSchema = z.enum(METRIC_VALUES, { error: M.metricRequired });

const arms = z.array(z.unknown(), { error: M.armsTooFew }).transform((raw, ctx) => {
  if (raw.length < ARMS.min) ctx.addIssue({ code: "custom", message: M.armsTooFew });
  if (raw.length > ARMS.max) {
    ctx.addIssue({ code: "custom", message: M.armsTooMany });
    return z.NEVER;
  }
  const out: Array<{ strategyId: number; trafficPercent: number }> = [];
  let failed = raw.length < ARMS.min;
  raw.forEach((item, i) => {
    const r = ExperimentArmSchema.safeParse(item);
    if (!r.success) {
      failed = true;
      for (const issue of r.error.issues) ctx.addIssue({ code: "custom", message: issue.message, path: [i, ...issue.path.map(String)] });
      return;
    }
    if (out.some((a) => a.strategyId === r.data.strategyId)) {
      failed = true;
      ctx.addIssue({ code: "custom", message: M.strategyTwice, path: [i, "strategyId"] });
    }
    out.push(r.data);
  });
  if (!failed && out.reduce((sum, a) => sum + a.trafficPercent, 0) !== 100) {
    failed = true;
    ctx.addIssue({ code: "custom", message: M.trafficSum });
  }
  return failed ? z.NEVER : out;
});

const shape = {
  name,
  description,
  metric: ExperimentMetricSchema,
  startTime: epochSeconds(M.startRequired, M.startInvalid),
  endTime: epochSeconds(null, M.endInvalid),
  arms,
};

type Times = { startTime: number; endTime: number };
function checkTimes(v: Times, ctx: z.RefinementCtx) {
  // Also runs when other fields failed (crossFieldWhen): the times are then checked only if both parsed.
  if (typeof v.startTime !== "number" || typeof v.endTime !== "number") return;
  if (v.endTime !== NO_END && v.endTime <= v.startTime) ctx.addIssue({ code: "custom", path: ["endTime"], message: M.endBeforeStart });
}
/** zod skips refinements after a failed field by default; the end-after-start rule should show beside other messages. */
const crossFieldWhen = { when: (payload: { value: unknown }) => typeof payload.value === "object" && payload.value !== null };
const toIso = (v: Times) => ({
  startTime: new Date(v.startTime * 1000).toISOString(),
  endTime: v.endTime === NO_END ? null : new Date(v.endTime * 1000).toISOString(),
});

/** The experiment form and the create call: the campaign (fixed once created) and every field. */
export const ExperimentSchema = z
  .object({ campaignId: pickedId(M.campaignRequired), ...shape })
  .superRefine(checkTimes, crossFieldWhen)
  .transform((v) => ({ ...v, ...toIso(v) }));

/** The edit call: the experiment, its version and the form's fields (a campaignId sent along is dropped: the campaign stays). */
export const UpdateExperimentSchema = z
  .object({ id: IdSchema, version: VersionSchema, ...shape })
  .superRefine(checkTimes, crossFieldWhen)
  .transform((v) => ({ ...v, ...toIso(v) }));

export const ExperimentStatusValueSchema = z.enum(STATUS_VALUES, { error: M.statusRequired });

/** Start, pause, resume or stop: the status to move to, against the version shown. */
export const ExperimentStatusSchema = z.object({ id: IdSchema, version: VersionSchema, status: ExperimentStatusValueSchema });

/** What the form holds: ids as numbers (null before a pick), times as epoch seconds (-1: no end), percentages as numbers. */
export type ExperimentFormInput = {
  campaignId: number | null;
  name: string;
  description: string;
  metric: (typeof METRIC_VALUES)[number];
  startTime: number | string;
  endTime: number | string;
  arms: Array<{ strategyId: number | null; trafficPercent: number | string }>;
};
export type ExperimentData = z.output<typeof ExperimentSchema>;
export type ExperimentUpdateData = z.output<typeof UpdateExperimentSchema>;

/** POST /api/v1/experiments/{id}/status: the status to move to and the version it was read at. */
export const ExperimentStatusBodySchema = z.object({
  status: ExperimentStatusValueSchema.meta({ description: "RUNNING starts a draft or resumes a paused experiment; PAUSED pauses a running one; COMPLETED stops it for good." }),
  version: VersionSchema.meta({ description: "The experiment's row version (optimistic concurrency): 409 when someone changed it since." }),
});
