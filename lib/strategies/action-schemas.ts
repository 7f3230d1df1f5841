// Inputs of the wizard's read actions (./actions.ts), apart because a
// "use server" module may export only actions. Client-safe.
import { z } from "../validation/z";
import { IdSchema } from "../actions/fields";

export const StrategyContextInputSchema = z.object({ campaignId: IdSchema });

export const StrategyPickerInputSchema = z.object({ campaignId: IdSchema, type: z.enum(["MULTI_DEVICE", "CTV_OTT"]) });

export const GeoSearchSchema = z.object({
  level: z.enum(["country", "state", "city"]),
  countryCode: z.string().regex(/^[A-Z]{2}$/).optional(),
  stateCode: z.string().regex(/^[A-Za-z0-9-]{1,10}$/).optional(),
  q: z.string().max(100).optional(),
});
