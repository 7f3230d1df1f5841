"use server";
// Server actions of the partner segment catalogue, built with defineAction:
// loading (RW only, one transaction with its activity rows) and the search
// the audience form's picker and the REST API read (every role).
import { defineAction, defineReadAction } from "../actions/define-action";
import { loadPartnerSegments } from "./mutations";
import { searchPartnerSegments } from "./queries";
import { PartnerSegmentLoadSchema, PartnerSegmentSearchSchema } from "./schema";

export const loadPartnerSegmentsAction = defineAction({
  name: "partnerSegment.load",
  access: "write",
  input: PartnerSegmentLoadSchema,
  // The audience form's picker reads the catalogue fresh on each opening; no page caches it.
  revalidate: [],
  run: ({ ctx, db, input }) => loadPartnerSegments({ ctx, db }, input.rows),
});

export const searchPartnerSegmentsAction = defineReadAction("partnerSegment.search", PartnerSegmentSearchSchema, ({ db, input }) => searchPartnerSegments(db, input));
