"use server";
// Server actions of the PRODUCT CATALOG tab, built with defineAction (session,
// role, ids, revalidation, result shape). The inputs are the forms' own
// schemas (lib/catalog/schema.ts); a processing run is queued once the change
// has committed (`after`), so the job sees the feed as saved.
import { z } from "../validation/z";
import { defineAction } from "../actions/define-action";
import { IdSchema, VersionSchema } from "../actions/fields";
import { log } from "../log";
import { createFeed, requestFeedRefresh, setFeedActive, updateFeed, updateVariableMapping } from "./mutations";
import { enqueueFeedProcessing } from "./process";
import { FeedCreateSchema, FeedUpdateSchema, VariableMappingUpdateSchema } from "./schema";
import { readUpload } from "./upload";

const catalogPath = (advertiserId: number) => `/advertiser/details/${advertiserId}/catalog`;
const revalidateCatalog = (input: { advertiserId: number }) => [catalogPath(input.advertiserId)];

/** After the commit; if the queue is unreachable the 5-minute sweep picks the feed up (it is due now). */
async function queue(feedId: number) {
  try {
    await enqueueFeedProcessing(feedId);
  } catch (err) {
    log.warn("catalog: feed not queued, left to the refresh sweep", { feedId, err: err instanceof Error ? err : new Error(String(err)) });
  }
}

const text = (form: FormData, key: string) => {
  const value = form.get(key);
  return typeof value === "string" ? value : undefined;
};

/** The browser sends multipart FormData, the file beside the fields; other callers a plain object. */
function fieldsOf(form: unknown): unknown {
  if (!(form instanceof FormData)) return form;
  const fields = ["advertiserId", "source", "name", "updateFrequencyHours", "link", "username", "password"];
  return { ...Object.fromEntries(fields.map((key) => [key, text(form, key)])), file: form.get("file") };
}

/**
 * advertiserId, name, source (FILE | LINK), updateFrequencyHours, and file or
 * link, username, password. The file is only read by the body, after the role check.
 */
const NewFeedInput = z.preprocess(
  fieldsOf,
  z.intersection(z.object({ advertiserId: IdSchema, file: z.instanceof(File).nullish() }), FeedCreateSchema),
);

export const createFeedAction = defineAction({
  name: "catalogFeed.create",
  access: "write",
  idempotent: true,
  input: NewFeedInput,
  // Storing the upload and resolving the link's host happen outside the feed's transaction.
  transaction: false,
  revalidate: revalidateCatalog,
  run: async ({ ctx, db, input }) => {
    const upload = input.source === "FILE" ? await readUpload(input.file ?? null) : undefined;
    return createFeed({ ctx, db }, input.advertiserId, input, upload);
  },
  after: async (_body, feed) => queue(feed.id),
});

export const updateFeedAction = defineAction({
  name: "catalogFeed.update",
  access: "write",
  input: z.intersection(z.object({ advertiserId: IdSchema, id: IdSchema, version: VersionSchema }), FeedUpdateSchema),
  // The link's host is resolved before the feed's transaction (DNS may take a while).
  transaction: false,
  revalidate: revalidateCatalog,
  run: ({ ctx, db, input }) => updateFeed({ ctx, db }, input.id, input.version, input),
});

export const setFeedActiveAction = defineAction({
  name: "catalogFeed.setActive",
  access: "write",
  input: z.object({ advertiserId: IdSchema, id: IdSchema, active: z.boolean() }),
  revalidate: revalidateCatalog,
  run: ({ ctx, db, input }) => setFeedActive({ ctx, db }, input.id, input.active),
});

export const refreshFeedAction = defineAction({
  name: "catalogFeed.refresh",
  access: "write",
  input: z.object({ advertiserId: IdSchema, id: IdSchema }),
  revalidate: revalidateCatalog,
  run: ({ ctx, db, input }) => requestFeedRefresh({ ctx, db }, input.id),
  after: async (_body, feed) => queue(feed.id),
});

export const updateVariableMappingAction = defineAction({
  name: "catalogFeed.updateMapping",
  access: "write",
  input: z.intersection(z.object({ advertiserId: IdSchema, id: IdSchema, version: VersionSchema }), VariableMappingUpdateSchema),
  revalidate: revalidateCatalog,
  run: ({ ctx, db, input }) => updateVariableMapping({ ctx, db }, input.id, input.version, input),
});
