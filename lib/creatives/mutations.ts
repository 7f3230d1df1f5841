// Changes to creatives (business.md 3 CREATIVE, 4, 5 "Creatives and sets").
// Pure server logic taking the action's scope (lib/data/scope.ts), shared by
// the server actions, the REST API and tests. The action checks the role
// before it reads the input. Each change is one transaction with its activity rows.
import "server-only";
import { creativeEntry } from "./entry";
import { z } from "../validation/z";
import type { SessionContext } from "../auth/context";
import type { ActionScope } from "../data/scope";
import { writeActivities, writeActivity, type BatchActivityEntry } from "../audit/activity";
import { diffFields } from "../audit/diff";
import { ConflictError } from "../errors";
import { orNotFound } from "../data/gate";
import type { TenantTx } from "../data/tenant-db";
import { updateVersioned, withAuditedChange } from "../data/transaction";
import type { Creative, Prisma } from "../generated/prisma/client";
import type { CreativeType } from "../generated/prisma/enums";
import type { VastSummary } from "./media/types";
import { verifyVideoAdTag } from "./ad-tags/vast";
import { catalogVariables } from "./queries";
import { toCreativeDetails, type CreativeDetails } from "./queries";
import {
  CREATIVE_MESSAGES as M,
  CreativeEditSchema,
  SaveCreativesSchema,
  adTagKindOf,
  isAdTagType,
  macroCatalogIssues,
  type CreativeProperties,
  type NewCreativeData,
} from "./schema";
import { readStoredCreativeFile, type StoredCreativeFile, type StoredFileRead } from "./stored-file";

/** The columns an edit may change, audited field by field. */
export const CREATIVE_EDIT_FIELDS = ["name", "clickDestinationId", "kktuCode", "person", "erId"] as const;
/** The columns a new creative's activity row lists. */
const CREATIVE_CREATE_FIELDS = ["name", "type", "width", "height", "isDco", "clickDestinationId", "fileUrl", "mimeType", "kktuCode", "person", "erId"] as const;


/** Everything a new creative row holds besides licensee, advertiser and type: what the caller resolved and checked. */
export interface CreativeColumns {
  name: string;
  width: number;
  height: number;
  isDco: boolean;
  clickDestinationId: number | null;
  kktuCode: string | null;
  person: string | null;
  erId: string | null;
  storageKey?: string | null;
  fileUrl?: string | null;
  mimeType?: string | null;
  fileSizeBytes?: number | null;
  durationMs?: number | null;
  bitrateKbps?: number | null;
  htmlEntry?: string | null;
  adTag?: string | null;
  vastSummary?: VastSummary | null;
  properties?: CreativeProperties | null;
}

/**
 * Creates creatives of one advertiser and type, links them to `creativeSetId`
 * when given, and writes one CREATE activity row each, all in the caller's
 * transaction. The caller has checked the values (the HLS conversion job
 * reuses it for its converted file). New creatives start active; their review
 * status is "pending" on every exchange until an exchange says otherwise
 * (no CreativeReview row means pending: ./reviews.ts).
 */
export async function insertCreatives(
  tx: TenantTx,
  ctx: SessionContext,
  target: { advertiserId: number; type: CreativeType; creativeSetId?: number },
  rows: CreativeColumns[],
): Promise<Creative[]> {
  const created: Creative[] = [];
  for (const row of rows) {
    const { vastSummary, properties, ...plain } = row;
    const data: Omit<Prisma.CreativeUncheckedCreateInput, "licenseeId"> = {
      ...plain,
      advertiserId: target.advertiserId,
      type: target.type,
      ...(vastSummary ? { vastSummary: vastSummary as unknown as Prisma.InputJsonValue } : {}),
      ...(properties && Object.keys(properties).length ? { properties: properties as Prisma.InputJsonValue } : {}),
    };
    created.push(await tx.creative.create({ data }));
  }
  if (target.creativeSetId !== undefined && created.length) {
    await tx.creativeSetCreative.createMany({ data: created.map((c) => ({ creativeSetId: target.creativeSetId!, creativeId: c.id })) });
  }
  const entries: BatchActivityEntry[] = created.map((c) => ({
    action: "CREATE",
    ...creativeEntry(c),
    message: "Creative created",
    changes: diffFields(null, c, CREATIVE_CREATE_FIELDS),
  }));
  await writeActivities(tx, ctx, entries);
  return created;
}

type Issue = z.core.$ZodIssue;
const issue = (path: (string | number)[], message: string): Issue => ({ code: "custom", path, message, input: undefined });

/** The click destinations named by the rows that are not the advertiser's (the tenant client hides other licensees'). */
async function clickDestinationIssues(tx: TenantTx, advertiserId: number, ids: (number | null)[], path: (i: number) => (string | number)[]): Promise<Issue[]> {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
  if (!wanted.length) return [];
  const found = await tx.clickDestination.findMany({ where: { id: { in: wanted }, advertiserId }, select: { id: true } });
  const ok = new Set(found.map((c) => c.id));
  return ids.flatMap((id, i) => (id !== null && !ok.has(id) ? [issue(path(i), M.clickDestinationOfAdvertiser)] : []));
}

const orNull = (text: string) => text.trim() || null;

/** A row's columns with its stored file's facts (never the browser's sizes) or its tag (and, for video tags, the VAST summary the server read). */
function columnsOf(row: NewCreativeData, file: StoredCreativeFile | null, vastSummary: VastSummary | null): CreativeColumns {
  const common = {
    name: row.name,
    isDco: row.isDco,
    clickDestinationId: row.clickDestinationId,
    kktuCode: orNull(row.kktuCode),
    person: orNull(row.person),
    erId: orNull(row.erId),
    properties: row.properties,
  };
  if (!file) return { ...common, width: row.width, height: row.height, adTag: row.adTag ?? null, vastSummary };
  const { width, height, ...facts } = file;
  // HTML5 archives without an ad.size meta: the size the user typed.
  return { ...common, ...facts, width: width || row.width, height: height || row.height };
}

/**
 * Saves the add-creatives table into a creative set (one transaction): every
 * row re-validated, each uploaded file re-read from storage under this
 * licensee's and advertiser's prefix, macros checked against the advertiser's
 * catalog, then the creatives, their set links and activity rows. Any problem
 * is a field message and nothing is written.
 */
export async function saveCreatives(scope: ActionScope, input: unknown): Promise<CreativeDetails[]> {
  const { ctx, db } = scope;
  const data = SaveCreativesSchema.parse(input);
  // Files are read (and videos probed) before the transaction opens: no transaction waits on storage or ffprobe.
  const owner = orNotFound(await db.creativeSet.findUnique({ where: { id: data.creativeSetId }, select: { advertiserId: true, type: true } }), "Creative set");
  const files: (StoredFileRead | null)[] = await Promise.all(
    data.creatives.map((row) => (isAdTagType(owner.type) ? null : readStoredCreativeFile(row.storageKey ?? "", ctx.licenseeId, owner.advertiserId, owner.type))),
  );
  // Video tags are fetched and read here, never taken from the browser (the summary stored is the server's).
  const vast = await Promise.all(data.creatives.map((row) => (isAdTagType(owner.type) && adTagKindOf(owner.type) === "video" ? verifyVideoAdTag(row.adTag ?? "") : null)));
  return withAuditedChange(scope, async (tx) => {
    const set = orNotFound(
      await tx.creativeSet.findUnique({ where: { id: data.creativeSetId }, select: { id: true, advertiserId: true, type: true, isArchived: true } }),
      "Creative set",
    );
    if (set.isArchived) throw new ConflictError(M.setArchived);
    if (set.type !== data.type || set.type !== owner.type) throw new z.ZodError([issue(["type"], M.typeMismatch)]);
    const issues: Issue[] = [];
    files.forEach((read, i) => {
      if (read && !read.ok) issues.push(issue(["creatives", i, "storageKey"], read.missing ? M.fileNotFound : read.message));
    });
    vast.forEach((check, i) => {
      if (check && !check.ok) issues.push(issue(["creatives", i, "adTag"], check.message));
    });
    issues.push(...(await clickDestinationIssues(tx, set.advertiserId, data.creatives.map((r) => r.clickDestinationId), (i) => ["creatives", i, "clickDestinationId"])));
    if (set.type === "DYNAMIC_MACRO") {
      const variables = await catalogVariables(tx, set.advertiserId);
      data.creatives.forEach((row, i) => issues.push(...macroCatalogIssues(row.properties, variables).map((x) => issue(["creatives", i, ...x.path], x.message))));
    }
    if (issues.length) throw new z.ZodError(issues);
    const rows = data.creatives.map((row, i) => {
      const read = files[i];
      const check = vast[i];
      return columnsOf(row, read?.ok ? read.file : null, check?.ok ? check.summary : null);
    });
    const created = await insertCreatives(tx, ctx, { advertiserId: set.advertiserId, type: set.type, creativeSetId: set.id }, rows);
    return created.map(toCreativeDetails);
  });
}

/** Saves the edit form (name, click destination, identifiers), version-checked and audited field by field. */
export async function updateCreative(scope: ActionScope, id: number, expectedVersion: number, input: unknown): Promise<CreativeDetails> {
  const { ctx } = scope;
  return withAuditedChange(scope, async (tx) => {
    const before = orNotFound(await tx.creative.findUnique({ where: { id } }), "Creative");
    if (before.isArchived) throw new ConflictError(M.archivedReadOnly);
    if (before.version !== expectedVersion) throw new ConflictError(M.staleVersion);
    // The type is the stored one: it decides which identifiers are required.
    const values = CreativeEditSchema.parse({ ...(input as object), type: before.type });
    const issues = await clickDestinationIssues(tx, before.advertiserId, [values.clickDestinationId], () => ["clickDestinationId"]);
    if (issues.length) throw new z.ZodError(issues);
    const columns = {
      name: values.name,
      clickDestinationId: values.clickDestinationId,
      kktuCode: orNull(values.kktuCode),
      person: orNull(values.person),
      erId: orNull(values.erId),
    };
    if (diffFields(before, columns, CREATIVE_EDIT_FIELDS).length === 0) return toCreativeDetails(before);
    await updateVersioned(tx.creative, id, expectedVersion, columns, "Creative").catch((e: unknown) => {
      throw e instanceof ConflictError ? new ConflictError(M.staleVersion) : e;
    });
    const after = orNotFound(await tx.creative.findUnique({ where: { id } }), "Creative");
    await writeActivity(tx, ctx, { action: "UPDATE", ...creativeEntry(after), before, after, fields: CREATIVE_EDIT_FIELDS });
    return toCreativeDetails(after);
  });
}
