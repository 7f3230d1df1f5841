// The zod shapes of the audience chart (business.md 7 "chart data (POST)"):
// what the read action and the REST body take (an optional date range and
// timezone: left out, the caller's own date range preference and timezone)
// and what they answer. Client-safe: shared by the action, the REST operation
// and its OpenAPI document.
import { differenceInCalendarDays, parseISO } from "date-fns";
import { z } from "../../validation/z";
import { IdSchema } from "../../actions/fields";
import { viewId } from "../../rest/view-fields";
import { DaySchema, MAX_RANGE_DAYS } from "../../user-settings/date-range";

export const CHART_MESSAGES = {
  bothDays: "Enter both dates, or neither",
  order: "The start date must not be after the end date",
  span: `A date range can span at most ${MAX_RANGE_DAYS} days`,
} as const;

const rangeShape = {
  from: DaySchema.optional().meta({ description: "The first day ('yyyy-MM-dd') of the range, a day of `timezoneId`. Left out with `to`: the caller's saved date range." }),
  to: DaySchema.optional().meta({ description: "The last day ('yyyy-MM-dd'), inclusive." }),
  timezoneId: z
    .number({ error: "Choose a timezone" })
    .int("Choose a timezone")
    .positive("Choose a timezone")
    .optional()
    .meta({ description: "A timezone of the dictionary (805: UTC) whose days the range and the counts are cut in; left out: the caller's own. An unknown id reads as UTC." }),
};

/** Both days or neither; in order; at most MAX_RANGE_DAYS apart. */
function checkRange(r: { from?: string; to?: string }, ctx: z.RefinementCtx) {
  if ((r.from === undefined) !== (r.to === undefined)) {
    ctx.addIssue({ code: "custom", path: [r.from === undefined ? "from" : "to"], message: CHART_MESSAGES.bothDays });
  } else if (r.from !== undefined && r.to !== undefined && r.from > r.to) {
    ctx.addIssue({ code: "custom", path: ["to"], message: CHART_MESSAGES.order });
  } else if (r.from !== undefined && r.to !== undefined && differenceInCalendarDays(parseISO(r.to), parseISO(r.from)) >= MAX_RANGE_DAYS) {
    ctx.addIssue({ code: "custom", path: ["to"], message: CHART_MESSAGES.span });
  }
}

/** The REST body (optional as a whole). */
export const AudienceChartBodySchema = z.object(rangeShape).superRefine(checkRange);

/** The read action's input: the audience and the body's range. */
export const AudienceChartInputSchema = z.object({ audienceId: IdSchema, ...rangeShape }).superRefine(checkRange);
export type AudienceChartInput = z.output<typeof AudienceChartInputSchema>;

const count = (description: string) => z.number().int().min(0).nullable().meta({ description });

export const AudienceChartViewSchema = z.object({
  audienceId: viewId,
  from: z.string(),
  to: z.string(),
  timezone: z.string().meta({ description: "The IANA timezone the days are cut in." }),
  hasUsers: z.boolean().meta({ description: "The audience has ever had a member (false: 'No users yet')." }),
  days: z
    .array(
      z.object({
        day: z.string().meta({ description: "'yyyy-MM-dd'." }),
        totalUsers: count("The members at the end of the day (joined by then, membership not yet expired); null for days after today."),
        newUsers: count("The members who joined the audience that day; null for days after today."),
      }),
    )
    .meta({ description: "Every day of the range, in order." }),
});
export type AudienceChart = z.output<typeof AudienceChartViewSchema>;
export type AudienceChartDay = AudienceChart["days"][number];
