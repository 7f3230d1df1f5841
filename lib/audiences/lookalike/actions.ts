"use server";
// Server action of the look-alike panel on the audience details: refresh or
// recreate (./refresh.ts), the job queued once the IN_PROCESSING mark
// committed. RO and DEMO are refused by defineAction.
import { z } from "../../validation/z";
import { defineAction } from "../../actions/define-action";
import { IdSchema } from "../../actions/fields";
import { enqueueLookAlikeIfPending } from "./queue";
import { LookAlikeRebuildModeSchema } from "./api-schema";
import { requestLookAlikeRebuild } from "./refresh";

export const rebuildLookAlikeAction = defineAction({
  name: "audience.rebuildLookAlike",
  access: "write",
  input: z.object({ id: IdSchema, mode: LookAlikeRebuildModeSchema }),
  revalidate: (input) => [`/audience/details/${input.id}`, { path: "/audience", type: "layout" }],
  run: ({ ctx, db, input }) => requestLookAlikeRebuild({ ctx, db }, input.id, input.mode),
  after: ({ ctx }, result) => enqueueLookAlikeIfPending(ctx.licenseeId, { ...result, source: "LOOK_ALIKE" }),
});
