"use server";
// Server actions of the image library: the session, then the query or
// mutation. Every argument is untrusted and re-checked by the mutations.
import { requireSession } from "../auth/session";
import { runAction, type ActionResult } from "../data/action-result";
import { addImages, deleteImages, discardUploads } from "./mutations";
import { listImages } from "./queries";
import type { ImageItem } from "./schema";

export async function listImagesAction(advertiserId: number, kind: string): Promise<ActionResult<ImageItem[]>> {
  return runAction("listImages", async () => listImages(await requireSession(), advertiserId, kind));
}

/** Saves uploaded images (URLs from POST /api/uploads/images) to the library of `kind`. */
export async function addImagesAction(advertiserId: number, input: { kind: string; urls: string[] }): Promise<ActionResult<ImageItem[]>> {
  return runAction("addImages", async () => addImages(await requireSession(), advertiserId, input));
}

/** Soft-deletes images of the library by their ids (never the default logo). */
export async function deleteImagesAction(advertiserId: number, input: { kind: string; ids: number[] }): Promise<ActionResult<{ ids: number[] }>> {
  return runAction("deleteImages", async () => deleteImages(await requireSession(), advertiserId, input));
}

/** Removes uploads that were never saved (Cancel). */
export async function discardUploadsAction(advertiserId: number, urls: string[]): Promise<ActionResult<{ deleted: number }>> {
  return runAction("discardImageUploads", async () => discardUploads(await requireSession(), advertiserId, urls));
}
