"use server";
// Server actions of the advertiser screens: session, then the mutation, then
// cache invalidation. The logic lives in mutations.ts (tested without Next).
// Every argument comes from the browser and is untrusted: ids and versions
// are re-checked by the mutations, the form values by the zod schema.
import { revalidatePath } from "next/cache";
import { requireSession } from "../auth/session";
import { runAction, type ActionResult } from "../data/action-result";
import type { AdvertiserDetails } from "./queries";
import {
  createAdvertiser,
  archiveAdvertiser,
  setAdvertiserActive,
  updateAdvertiser,
  type AdvertiserStatusResult,
} from "./mutations";

export async function createAdvertiserAction(input: unknown): Promise<ActionResult<AdvertiserDetails>> {
  return runAction("createAdvertiser", async () => {
    const ctx = await requireSession();
    const advertiser = await createAdvertiser(ctx, input);
    revalidatePath("/", "layout"); // menus, breadcrumbs and lists everywhere list advertisers
    return advertiser;
  });
}

export async function updateAdvertiserAction(
  id: number,
  expectedVersion: number,
  input: unknown,
): Promise<ActionResult<AdvertiserDetails>> {
  return runAction("updateAdvertiser", async () => {
    const ctx = await requireSession();
    const advertiser = await updateAdvertiser(ctx, id, expectedVersion, input);
    // The name appears in menus, breadcrumbs and lists under /advertiser.
    revalidatePath("/advertiser", "layout");
    return advertiser;
  });
}

export async function setAdvertiserActiveAction(
  id: number,
  active: boolean,
): Promise<ActionResult<AdvertiserStatusResult>> {
  return runAction(active ? "activateAdvertiser" : "deactivateAdvertiser", async () => {
    const ctx = await requireSession();
    const result = await setAdvertiserActive(ctx, id, active === true);
    // Deactivation also changes campaigns and strategies, and the menu caches
    // advertiser status (business.md 4): refresh every page, not only /advertiser.
    revalidatePath("/", "layout");
    return result;
  });
}

export async function archiveAdvertiserAction(id: number): Promise<ActionResult<AdvertiserStatusResult>> {
  return runAction("archiveAdvertiser", async () => {
    const ctx = await requireSession();
    const result = await archiveAdvertiser(ctx, id);
    revalidatePath("/", "layout");
    return result;
  });
}
