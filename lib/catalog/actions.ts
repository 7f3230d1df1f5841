"use server";
// Server actions of the PRODUCT CATALOG tab: session, then the mutation, then
// queueing and cache invalidation. Every argument is untrusted: ids, versions
// and form values are re-checked by the mutations.
import { revalidatePath } from "next/cache";
import { requireSession } from "../auth/session";
import { runAction, type ActionResult } from "../data/action-result";
import { requireWrite } from "../data/gate-core";
import { log } from "../log";
import {
  createFeed,
  requestFeedRefresh,
  setFeedActive,
  updateFeed,
  updateVariableMapping,
} from "./mutations";
import { enqueueFeedProcessing } from "./process";
import { readUpload } from "./upload";

const catalogPath = (advertiserId: number | string) => `/advertiser/details/${advertiserId}/catalog`;

/** After the commit; if the queue is unreachable the 5-minute sweep picks the feed up (it is due now). */
async function queue(feedId: number) {
  try {
    await enqueueFeedProcessing(feedId);
  } catch (err) {
    log.warn("catalog: feed not queued, left to the refresh sweep", { feedId, err: err instanceof Error ? err : new Error(String(err)) });
  }
}

/** Multipart: name, source (FILE | LINK), updateFrequencyHours, and file or link, username, password. */
export async function createFeedAction(advertiserId: number, formData: FormData): Promise<ActionResult<{ id: number }>> {
  return runAction("createCatalogFeed", async () => {
    const ctx = await requireSession();
    requireWrite(ctx); // before reading the upload: a read-only user's file is never looked at
    const text = (key: string) => {
      const value = formData.get(key);
      return typeof value === "string" ? value : undefined;
    };
    const input = {
      source: text("source"),
      name: text("name"),
      updateFrequencyHours: text("updateFrequencyHours"),
      link: text("link"),
      username: text("username"),
      password: text("password"),
    };
    const upload = input.source === "FILE" ? await readUpload(formData.get("file")) : undefined;
    const feed = await createFeed(ctx, advertiserId, input, upload);
    await queue(feed.id);
    revalidatePath(catalogPath(advertiserId));
    return feed;
  });
}

export async function updateFeedAction(
  advertiserId: number,
  feedId: number,
  expectedVersion: number,
  input: unknown,
): Promise<ActionResult<{ id: number }>> {
  return runAction("updateCatalogFeed", async () => {
    const ctx = await requireSession();
    const result = await updateFeed(ctx, feedId, expectedVersion, input);
    revalidatePath(catalogPath(advertiserId));
    return result;
  });
}

export async function setFeedActiveAction(advertiserId: number, feedId: number, active: boolean): Promise<ActionResult<{ id: number; active: boolean }>> {
  return runAction(active ? "activateCatalogFeed" : "deactivateCatalogFeed", async () => {
    const ctx = await requireSession();
    const result = await setFeedActive(ctx, feedId, active === true);
    revalidatePath(catalogPath(advertiserId));
    return result;
  });
}

export async function refreshFeedAction(advertiserId: number, feedId: number): Promise<ActionResult<{ id: number }>> {
  return runAction("refreshCatalogFeed", async () => {
    const ctx = await requireSession();
    const result = await requestFeedRefresh(ctx, feedId);
    await queue(result.id);
    revalidatePath(catalogPath(advertiserId));
    return result;
  });
}

export async function updateVariableMappingAction(
  advertiserId: number,
  mappingId: number,
  expectedVersion: number,
  input: unknown,
): Promise<ActionResult<{ id: number; version: number }>> {
  return runAction("updateCatalogVariableMapping", async () => {
    const ctx = await requireSession();
    const result = await updateVariableMapping(ctx, mappingId, expectedVersion, input);
    revalidatePath(catalogPath(advertiserId));
    return result;
  });
}
