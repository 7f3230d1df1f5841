"use server";
// The conversion estimator's server action (/audience/analysis): a read, so
// every role of the licensee may estimate; the advertiser and audiences must
// be the licensee's (./queries.ts).
import { defineReadAction } from "../../actions/define-action";
import { estimateConversions } from "./queries";
import { EstimateInputSchema } from "./schema";

export const estimateConversionsAction = defineReadAction("audience.estimate", EstimateInputSchema, ({ db, input }) => estimateConversions(db, input));
