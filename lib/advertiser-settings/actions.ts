"use server";
// Server action of the SETTINGS tab: session, then the mutation, then cache
// invalidation. Every argument is untrusted and re-checked by the mutation.
import { revalidatePath } from "next/cache";
import { requireSession } from "../auth/session";
import { runAction, type ActionResult } from "../data/action-result";
import { updateAdvertiserSetting, type SettingUpdateResult } from "./mutations";

/** Update one setting (business.md 7: key, type, value). */
export async function updateAdvertiserSettingAction(
  advertiserId: number,
  expectedVersion: number | null,
  input: unknown,
): Promise<ActionResult<SettingUpdateResult>> {
  return runAction("updateAdvertiserSetting", async () => {
    const ctx = await requireSession();
    const result = await updateAdvertiserSetting(ctx, advertiserId, expectedVersion, input);
    if (result.changed) revalidatePath(`/advertiser/details/${advertiserId}/settings`);
    return result;
  });
}
