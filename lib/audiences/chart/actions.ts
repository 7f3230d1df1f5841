"use server";
// The audience chart's read action (business.md 7 "chart data"): any role of
// the licensee; the REST operation runs the same definition.
import { defineReadAction } from "../../actions/define-action";
import { audienceUsersChart, chartRangeOf } from "./query";
import { AudienceChartInputSchema } from "./schema";

/** Total and new users of the audience per day of the range (the caller's own range and timezone when left out). */
export const audienceChartAction = defineReadAction("audience.chart", AudienceChartInputSchema, async ({ ctx, db, input: { audienceId, ...range } }) =>
  audienceUsersChart(db, audienceId, await chartRangeOf(ctx, range)),
);
