"use server";
// Server actions of the campaign screens: session, then the mutation, then
// cache invalidation. Arguments come from the browser and are re-checked.
import { revalidatePath } from "next/cache";
import { requireSession } from "../auth/session";
import { runAction, type ActionResult } from "../data/action-result";
import type { BulkStatusResult } from "../list/bulk";
import { setCampaignsActive } from "./mutations";

export async function setCampaignsActiveAction(ids: number[], active: boolean): Promise<ActionResult<BulkStatusResult>> {
  return runAction(active ? "activateCampaigns" : "deactivateCampaigns", async () => {
    const ctx = await requireSession();
    const result = await setCampaignsActive(ctx, ids, active === true);
    // Status shows in lists, menus and breadcrumbs of every section.
    revalidatePath("/", "layout");
    return result;
  });
}
