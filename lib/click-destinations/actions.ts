"use server";
// Server actions of the CLICK DESTINATIONS tab: session, then the mutation,
// then cache invalidation. Every argument is untrusted: ids, versions and form
// values are re-checked by the mutations.
import { revalidatePath } from "next/cache";
import { requireSession } from "../auth/session";
import { runAction, type ActionResult } from "../data/action-result";
import { createClickDestination, setClickDestinationActive, updateClickDestination } from "./mutations";

const tabPath = (advertiserId: number) => `/advertiser/details/${advertiserId}/clickdestinations`;

export async function createClickDestinationAction(advertiserId: number, input: unknown): Promise<ActionResult<{ id: number }>> {
  return runAction("createClickDestination", async () => {
    const ctx = await requireSession();
    const result = await createClickDestination(ctx, advertiserId, input);
    revalidatePath(tabPath(advertiserId));
    return result;
  });
}

export async function updateClickDestinationAction(
  advertiserId: number,
  id: number,
  expectedVersion: number,
  input: unknown,
): Promise<ActionResult<{ id: number; version: number; changed: boolean }>> {
  return runAction("updateClickDestination", async () => {
    const ctx = await requireSession();
    const result = await updateClickDestination(ctx, id, expectedVersion, input);
    revalidatePath(tabPath(advertiserId));
    return result;
  });
}

export async function setClickDestinationActiveAction(
  advertiserId: number,
  id: number,
  active: boolean,
): Promise<ActionResult<{ id: number; active: boolean }>> {
  return runAction(active ? "activateClickDestination" : "deactivateClickDestination", async () => {
    const ctx = await requireSession();
    const result = await setClickDestinationActive(ctx, id, active === true);
    revalidatePath(tabPath(advertiserId));
    return result;
  });
}
