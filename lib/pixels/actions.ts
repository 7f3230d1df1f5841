"use server";
// Server actions of the conversion tracker pages: session, then the mutation,
// then cache invalidation. Every argument is untrusted: ids, versions and form
// values are re-checked by the mutations.
import { revalidatePath } from "next/cache";
import { requireSession } from "../auth/session";
import { runAction, type ActionResult } from "../data/action-result";
import type { BulkStatusResult } from "../list/bulk";
import { createPixel, setPixelsActive, updatePixel } from "./mutations";

function revalidate(advertiserId: number, pixelId?: number) {
  revalidatePath(`/advertiser/details/${advertiserId}/pixel`);
  if (pixelId) revalidatePath(`/advertiser/${advertiserId}/pixel/details/${pixelId}`);
}

export async function createPixelAction(advertiserId: number, input: unknown): Promise<ActionResult<{ id: number; name: string }>> {
  return runAction("createPixel", async () => {
    const ctx = await requireSession();
    const result = await createPixel(ctx, advertiserId, input);
    revalidate(advertiserId);
    return result;
  });
}

export async function updatePixelAction(
  advertiserId: number,
  pixelId: number,
  expectedVersion: number,
  input: unknown,
): Promise<ActionResult<{ id: number; version: number; changed: boolean }>> {
  return runAction("updatePixel", async () => {
    const ctx = await requireSession();
    const result = await updatePixel(ctx, advertiserId, pixelId, expectedVersion, input);
    revalidate(advertiserId, pixelId);
    return result;
  });
}

export async function setPixelsActiveAction(advertiserId: number, ids: number[], active: boolean): Promise<ActionResult<BulkStatusResult>> {
  return runAction(active ? "activatePixels" : "deactivatePixels", async () => {
    const ctx = await requireSession();
    const result = await setPixelsActive(ctx, advertiserId, ids, active === true);
    revalidate(advertiserId);
    for (const id of Array.isArray(ids) && ids.length === 1 ? ids : []) revalidate(advertiserId, id);
    return result;
  });
}
