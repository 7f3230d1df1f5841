"use server";
import { revalidatePath } from "next/cache";
import { requireSession } from "../auth/session";
import { runAction, type ActionResult } from "../data/action-result";
import type { StoredDateRange } from "./date-range";
import { saveDateRange } from "./mutations";

export async function saveDateRangeAction(input: StoredDateRange): Promise<ActionResult<StoredDateRange>> {
  return runAction("saveDateRange", async () => {
    const ctx = await requireSession();
    const saved = await saveDateRange(ctx, input);
    revalidatePath("/", "layout"); // every page reading the range renders again
    return saved;
  });
}
