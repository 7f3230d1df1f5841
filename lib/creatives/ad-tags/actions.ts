"use server";
// Server actions of the third-party tag input: reading pasted or uploaded
// tags into checked rows (any role: nothing is stored or fetched) and the
// 'video ad tag verify' call (business.md 7), a write role's because it makes
// the server fetch from the network on the caller's behalf.
import { defineAction, defineReadAction } from "../../actions/define-action";
import { checkAdTagRow, parseAdTagCsv } from "./parse";
import { ParseAdTagsSchema, VerifyVideoAdTagSchema, type ParsedAdTags } from "./schema";
import { verifyVideoAdTag } from "./vast";

export const parseAdTagsAction = defineReadAction("creative.adTags.parse", ParseAdTagsSchema, async ({ input }): Promise<ParsedAdTags> =>
  input.source === "csv" ? parseAdTagCsv(input.kind, input.csv) : { rows: [checkAdTagRow(input.kind, input.row, 1)], error: null },
);

export const verifyVideoAdTagAction = defineAction({
  name: "creative.videoAdTag.verify",
  access: "write",
  input: VerifyVideoAdTagSchema,
  // Waits on the network: no transaction held open meanwhile (nothing is written).
  transaction: false,
  run: ({ input }) => verifyVideoAdTag(input.tag),
});
