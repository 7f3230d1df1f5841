// The strategy clone (business.md 2 'strategy clone dialog'): a new strategy
// built from a stored one's wizard values (./queries.ts strategyFormValues)
// and saved through the wizard's own create path (./mutations.ts
// createStrategy), so every rule of the one strategy schema, every reference
// check (a creative or set of another type than the strategy's is refused
// with the rule's message) and the activity row apply as for a typed
// strategy. The clone starts inactive.
//
// What changes on the way: the name and campaign the dialog gives (a campaign
// of the same advertiser: pixels, audiences, creatives and sets are the
// advertiser's, so they stay valid), creatives and sets only when asked for,
// and a schedule that is already over: a start in the past becomes "start
// immediately" and an end in the past "never ending" (the create rules refuse
// past times; the clone is inactive, so nothing delivers until the user has
// set its flight).
import "server-only";
import { z } from "../validation/z";
import type { SessionContext } from "../auth/context";
import type { ActionScope } from "../data/scope";
import { validationError } from "../validation/errors";
import { orNotFound } from "../data/gate";
import { inTransaction } from "../data/transaction";
import { tenantDb } from "../data/tenant-db";
import { CloneFieldsSchema } from "../strategy-templates/schema";
import type { StrategyFormInput } from "./form";
import { createStrategy } from "./mutations";
import { loadStrategyRow, strategyFormValues, toStrategyDetails, toStrategyId, type StrategyDetails } from "./queries";

export const CLONE_MESSAGES = {
  otherAdvertiser: "Choose a campaign of the strategy's advertiser",
} as const;

/** Dialog fields the create path's messages are shown beside; any other message is the dialog's form error. */
const DIALOG_FIELD_OF: Record<string, string> = {
  name: "name",
  campaignId: "campaignId",
  creativeIds: "copyCreatives",
  creativeSetIds: "copyCreativeSets",
};

function toDialogErrors(error: z.ZodError): z.ZodError {
  return new z.ZodError(
    error.issues.map((issue) => {
      const field = DIALOG_FIELD_OF[String(issue.path[0] ?? "")];
      return field ? { ...issue, path: [field] } : { ...issue, path: [] };
    }),
  );
}

/** A stored time that is over is "immediately" / "never ending" on the clone (see above). */
const notPast = (seconds: unknown, nowSeconds: number) => (typeof seconds === "number" && seconds !== -1 && seconds < nowSeconds ? -1 : seconds);

/** The clone's wizard values: the source's, with the dialog's choices. Pure. */
export function cloneFormValues(
  source: StrategyFormInput,
  choice: { name: string; campaignId: number; copyCreatives: boolean; copyCreativeSets: boolean },
  now: Date,
): StrategyFormInput {
  const nowSeconds = Math.floor(now.getTime() / 1000);
  return {
    ...source,
    name: choice.name,
    campaignId: choice.campaignId,
    startTime: notPast(source.startTime, nowSeconds) as StrategyFormInput["startTime"],
    endTime: notPast(source.endTime, nowSeconds) as StrategyFormInput["endTime"],
    creativeIds: choice.copyCreatives ? source.creativeIds : [],
    creativeSetIds: choice.copyCreativeSets ? source.creativeSetIds : [],
  };
}

/**
 * Clones strategy `id` of the session's licensee. Another licensee's strategy
 * or campaign is "not found"; a campaign of another advertiser is refused
 * beside the campaign field. Everything commits in one transaction: the clone
 * action's (which checked the role), joined here.
 */
export async function cloneStrategy(scope: ActionScope, id: number | string, input: unknown): Promise<StrategyDetails> {
  const strategyId = toStrategyId(id);
  const choice = CloneFieldsSchema.parse(input);
  return inTransaction(async () => {
    const tx = scope.db;
    const source = toStrategyDetails(await loadStrategyRow(tx, strategyId));
    const campaign = orNotFound(await tx.campaign.findUnique({ where: { id: choice.campaignId }, select: { advertiserId: true } }), "Campaign");
    if (campaign.advertiserId !== source.advertiserId) throw validationError(["campaignId"], CLONE_MESSAGES.otherAdvertiser);
    const values = cloneFormValues(strategyFormValues(source), choice, new Date());
    try {
      return await createStrategy(scope, values, { active: false, copiedFrom: source });
    } catch (e) {
      throw e instanceof z.ZodError ? toDialogErrors(e) : e;
    }
  });
}

/** The campaigns the clone dialog offers: the advertiser's open campaigns, by name. */
export async function cloneCampaignChoices(ctx: SessionContext, advertiserId: number): Promise<{ id: number; name: string }[]> {
  return tenantDb(ctx).campaign.findMany({ where: { advertiserId, isArchived: false }, select: { id: true, name: true }, orderBy: [{ name: "asc" }, { id: "asc" }] });
}
