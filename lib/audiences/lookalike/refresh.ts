// Refresh and recreate of a look-alike (business.md 4, 7 "refresh look-alike
// (POST, response needs id)"): the user asks for the model to be computed
// again from the latest stored events. Both set the look-alike IN_PROCESSING
// with an activity row, in one transaction; the caller queues the job once
// that committed (the action's `after`). Refresh keeps the current users
// until the new model replaces them; recreate drops them at once (the
// audience targets nobody until the model is ready), e.g. after FAILED.
// A look-alike already IN_PROCESSING is refused: one computation at a time.
// The action (./actions.ts) checks the role before the input is read.
import "server-only";
import type { ActionScope } from "../../data/scope";
import { writeActivity } from "../../audit/activity";
import { ConflictError } from "../../errors";
import { orNotFound } from "../../data/gate";
import { withAuditedChange } from "../../data/transaction";
import { refreshAudienceUserCounts } from "../members/counts";
import { audienceEntry } from "../mutations";
import { toAudienceId } from "../queries";
import { AUDIENCE_MESSAGES } from "../schema";

import type { LookAlikeRebuildMode } from "./api-schema";

export const LOOKALIKE_REBUILD_MESSAGES = {
  notLookAlike: "Only look-alike audiences can be refreshed",
  inProcessing: "This look-alike is being computed. Please check again later.",
  requested: { refresh: "Look-alike refresh requested", recreate: "Look-alike recreated: its users were removed until the model is computed again" },
} as const;
const M = LOOKALIKE_REBUILD_MESSAGES;

export interface LookAlikeRebuild {
  id: number;
  lookAlikeStatus: "IN_PROCESSING";
}

export async function requestLookAlikeRebuild(scope: ActionScope, id: number | string, mode: LookAlikeRebuildMode): Promise<LookAlikeRebuild> {
  const audienceId = toAudienceId(id);
  return withAuditedChange(scope, async (tx) => {
    const audience = orNotFound(await tx.audience.findUnique({ where: { id: audienceId } }), "Audience");
    if (audience.source !== "LOOK_ALIKE") throw new ConflictError(M.notLookAlike);
    if (audience.isArchived) throw new ConflictError(AUDIENCE_MESSAGES.archivedReadOnly);
    // The status is the claim: a second request (or a running job) finds it IN_PROCESSING.
    const { count } = await tx.audience.updateMany({
      where: { id: audience.id, lookAlikeStatus: { not: "IN_PROCESSING" } },
      data: { lookAlikeStatus: "IN_PROCESSING", lookAlikeReason: null },
    });
    if (count === 0) throw new ConflictError(M.inProcessing);
    if (mode === "recreate") {
      await tx.audienceMember.deleteMany({ where: { audienceId: audience.id } });
      await refreshAudienceUserCounts(tx, audience.id);
    }
    await writeActivity(tx, scope.ctx, {
      action: "UPDATE",
      ...audienceEntry(audience),
      message: M.requested[mode],
      changes: [{ fieldName: "lookAlikeStatus", oldValue: audience.lookAlikeStatus, newValue: "IN_PROCESSING" }],
    });
    return { id: audience.id, lookAlikeStatus: "IN_PROCESSING" as const };
  });
}
