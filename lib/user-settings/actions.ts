"use server";
// Server action of the date range picker, built with defineAction. The range
// is the user's own view setting: every role may change it.
import { defineAction } from "../actions/define-action";
import { storedDateRangeSchema } from "./date-range";
import { saveDateRange } from "./mutations";

export const saveDateRangeAction = defineAction({
  name: "userSettings.saveDateRange",
  access: "write",
  roles: ["RW", "RO", "DEMO"],
  input: storedDateRangeSchema,
  run: ({ ctx, input }) => saveDateRange(ctx, input),
  // Every page reading the range renders again.
  revalidate: [{ path: "/", type: "layout" }],
});
