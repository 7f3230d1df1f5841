"use server";
// The bulk status action of the generic list: one entry point for the list UI,
// dispatching to each entity's action (advertisers have theirs here, since
// lib/advertisers/actions.ts holds the details page's single-row actions).
import { revalidatePath } from "next/cache";
import { requireSession } from "../auth/session";
import { runAction, type ActionResult } from "../data/action-result";
import { NotFoundError } from "../data/errors";
import { setAdvertisersActive } from "../advertisers/bulk";
import { setCampaignsActiveAction } from "../campaigns/actions";
import { setStrategiesActiveAction } from "../strategies/actions";
import type { BulkStatusResult } from "./bulk";
import type { ListEntity } from "./types";

export async function setListRowsActiveAction(
  entity: ListEntity,
  ids: number[],
  active: boolean,
): Promise<ActionResult<BulkStatusResult>> {
  switch (entity) {
    case "campaign":
      return setCampaignsActiveAction(ids, active);
    case "strategy":
      return setStrategiesActiveAction(ids, active);
    default:
      return runAction(active ? "activateAdvertisers" : "deactivateAdvertisers", async () => {
        const ctx = await requireSession();
        if (entity !== "advertiser") throw new NotFoundError();
        const result = await setAdvertisersActive(ctx, ids, active === true);
        revalidatePath("/", "layout");
        return result;
      });
  }
}
