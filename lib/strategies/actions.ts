"use server";
// Server actions of the strategy screens: session, then the mutation, then
// cache invalidation. Arguments come from the browser and are re-checked.
import { revalidatePath } from "next/cache";
import { requireSession } from "../auth/session";
import { runAction, type ActionResult } from "../data/action-result";
import type { BulkStatusResult } from "../list/bulk";
import { setStrategiesActive } from "./mutations";

export async function setStrategiesActiveAction(ids: number[], active: boolean): Promise<ActionResult<BulkStatusResult>> {
  return runAction(active ? "activateStrategies" : "deactivateStrategies", async () => {
    const ctx = await requireSession();
    const result = await setStrategiesActive(ctx, ids, active === true);
    revalidatePath("/", "layout");
    return result;
  });
}
