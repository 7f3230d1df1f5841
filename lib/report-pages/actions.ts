"use server";
// The report builder's server action: the name search of a
// filter's value picker. defineAction checks the session and the licensee;
// any role may search, since every role may run reports.
import { z } from "../validation/z";
import { defineReadAction } from "../actions/define-action";
import { SearchTextSchema } from "../menu/schema";
import { ENTITY_DIMENSIONS } from "../reports/dimensions";
import { searchFilterValues } from "./filter-search";

/** Values of an entity dimension (advertiser ... site/app) by name or id, this licensee's only. */
export const searchReportFilterValuesAction = defineReadAction(
  "reports.searchFilterValues",
  z.object({ dimension: z.enum(ENTITY_DIMENSIONS), text: SearchTextSchema }),
  ({ ctx, input }) => searchFilterValues(ctx, input.dimension, input.text),
);
