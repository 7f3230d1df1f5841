// Changes to audiences (business.md 3 AUDIENCE, 4, 7): create and edit. Pure
// server logic taking the action's scope (./actions.ts checks the role before
// reading the input and opens the transaction), so server actions, the REST
// API and tests share one implementation. Each mutation is one transaction holding
// the change, its rules and its activity row (field by field, the rules as
// their sentence); the activity type follows the source (WEB_AUDIENCE,
// APP_AUDIENCE, DMP_AUDIENCE, LAL_AUDIENCE).
//
// business.md 4: the audience type (kind) cannot be edited once chosen; the
// source stays too (it decides the list, the rules and the log type). A new
// look-alike starts IN_PROCESSING, and so does one whose seed or size
// changed: the action queues the model job (lib/audiences/lookalike), which
// moves it to LIVE or FAILED.
import "server-only";
import type { ActionScope } from "../data/scope";
import type { TenantTx } from "../data/tenant-db";
import type { Audience, AudienceRule, EntityType } from "../generated/prisma/client";
import { writeActivity } from "../audit/activity";
import { diffFields } from "../audit/diff";
import { validationError } from "../validation/errors";
import { ConflictError } from "../errors";
import { orNotFound } from "../data/gate";
import { updateVersioned, withAuditedChange } from "../data/transaction";
import { requireDmpAccess } from "./dmp/access";
import { SOURCE_ACTIVITY_TYPES } from "./labels";
import { getAudienceDetails, toAudienceId, type AudienceDetails } from "./queries";
import { AUDIENCE_MESSAGES as M, audienceSchema, type AudienceData } from "./schema";
import { groupRules, rulesSentence } from "./sentence";
import { advertiserOpenForWrites } from "../advertisers/queries";

/** The stored columns the form writes, and the rules as one sentence: the activity rows' field list. */
export const AUDIENCE_FIELDS = [
  "advertiserId", "name", "description", "source", "kind", "deviceIdentifier", "consentType", "osTypeId",
  "userExpiryDays", "dmpSegment", "partnerSegmentId", "seedAudienceId", "lookAlikeSize", "rules",
] as const;

/** The entity fields of an activity row about an audience (typed by its source; entries link to its details). */
export function audienceEntry(row: Pick<Audience, "id" | "name" | "advertiserId" | "source">) {
  return { entityType: SOURCE_ACTIVITY_TYPES[row.source] as EntityType, entityId: row.id, entityName: row.name, entityAdvertiserId: row.advertiserId };
}

type RuleRow = Pick<AudienceRule, "groupIndex" | "filterId" | "operatorId" | "value" | "duration" | "durationUnit">;

/** The audience as the activity diff reads it: its columns and its rules' sentence. */
const audited = (row: Audience, rules: readonly RuleRow[]) => ({ ...row, rules: rules.length ? rulesSentence(groupRules(rules)) : null });

function toColumns(data: AudienceData) {
  return {
    name: data.name,
    description: data.description,
    deviceIdentifier: data.deviceIdentifier,
    consentType: data.consentType,
    osTypeId: data.osTypeId,
    userExpiryDays: data.userExpiryDays,
    // The catalogue segment replaces a free-text name once the audience is saved with one.
    dmpSegment: null,
    partnerSegmentId: data.partnerSegmentId,
    seedAudienceId: data.seedAudienceId,
    lookAlikeSize: data.lookAlikeSize,
  };
}

const storedRules = (tx: TenantTx, audienceId: number) =>
  tx.audienceRule.findMany({ where: { audienceId }, orderBy: [{ groupIndex: "asc" }, { id: "asc" }] });

async function writeRules(tx: TenantTx, audienceId: number, rules: AudienceData["rules"]) {
  await tx.audienceRule.deleteMany({ where: { audienceId } });
  if (rules.length) await tx.audienceRule.createMany({ data: rules.map((r) => ({ ...r, audienceId })) });
}

const sameRules = (a: readonly RuleRow[], b: readonly RuleRow[]) =>
  a.length === b.length &&
  a.every((r, i) => {
    const o = b[i];
    return r.groupIndex === o.groupIndex && r.filterId === o.filterId && r.operatorId === o.operatorId && r.value === o.value && r.duration === o.duration && r.durationUnit === o.durationUnit;
  });

/** The advertiser an audience is saved under: this licensee's (else not found), and not archived. */
function writableAdvertiser(tx: TenantTx, id: number) {
  return advertiserOpenForWrites(tx, id, M.advertiserArchived);
}

/** A look-alike's seed: an audience of the same advertiser that is not a look-alike itself (another licensee's reads as not found: a field error). */
async function checkSeed(tx: TenantTx, data: AudienceData, advertiserId: number, ownId: number | null) {
  if (data.seedAudienceId === null) return;
  const seed = await tx.audience.findUnique({ where: { id: data.seedAudienceId }, select: { advertiserId: true, source: true, isArchived: true } });
  if (!seed || seed.advertiserId !== advertiserId || seed.source === "LOOK_ALIKE" || seed.isArchived || data.seedAudienceId === ownId) {
    throw validationError(["seedAudienceId"], M.seedInvalid, data.seedAudienceId);
  }
}

/** A DMP audience's segment: one of the licensee's partner catalogue (another licensee's is not found: a field error). */
async function checkPartnerSegment(tx: TenantTx, data: AudienceData) {
  if (data.partnerSegmentId === null) return;
  const segment = await tx.partnerSegment.findUnique({ where: { id: data.partnerSegmentId }, select: { id: true } });
  if (!segment) throw validationError(["partnerSegmentId"], M.partnerSegmentInvalid, data.partnerSegmentId);
}

/** An audience that may change: not archived, and still at the version the form was loaded with. */
async function writableAudience(tx: TenantTx, id: number, expectedVersion: number): Promise<Audience> {
  const before = orNotFound(await tx.audience.findUnique({ where: { id } }), "Audience");
  if (before.isArchived) throw new ConflictError(M.archivedReadOnly);
  if (before.version !== expectedVersion) throw new ConflictError(M.staleVersion);
  return before;
}

/** Creates an audience (active) with its rules and its CREATE activity row, in one transaction. */
export async function createAudience(scope: ActionScope, input: unknown): Promise<AudienceDetails> {
  const { ctx } = scope;
  return withAuditedChange(scope, async (tx) => {
    const data = audienceSchema().parse(input);
    const advertiser = await writableAdvertiser(tx, data.advertiserId);
    // business.md 4: partner-data audiences need the advertiser's DMP access (a failed check is no access).
    if (data.source === "DMP") await requireDmpAccess(tx, advertiser.id);
    await checkSeed(tx, data, advertiser.id, null);
    await checkPartnerSegment(tx, data);
    const created = await tx.audience.create({
      data: {
        ...toColumns(data),
        advertiserId: advertiser.id,
        source: data.source,
        kind: data.kind,
        lookAlikeStatus: data.source === "LOOK_ALIKE" ? "IN_PROCESSING" : null,
      },
    });
    await writeRules(tx, created.id, data.rules);
    await writeActivity(tx, ctx, { action: "CREATE", ...audienceEntry(created), before: null, after: audited(created, data.rules), fields: AUDIENCE_FIELDS });
    return getAudienceDetails(tx, created.id);
  });
}

/**
 * Saves the edit form. `expectedVersion` is the version the form was loaded
 * with: if someone saved in between, ConflictError ('This audience was
 * changed by someone else') and nothing is written. The advertiser, source
 * and type are fixed at creation; sending another source or type is a field
 * error. An unchanged form writes nothing (no version bump, no activity row).
 */
export async function updateAudience(scope: ActionScope, id: number | string, expectedVersion: number, input: unknown): Promise<AudienceDetails> {
  const { ctx } = scope;
  const audienceId = toAudienceId(id);
  return withAuditedChange(scope, async (tx) => {
    const before = await writableAudience(tx, audienceId, expectedVersion);
    const data = audienceSchema().parse(input);
    if (data.kind !== before.kind) throw validationError(["kind"], M.kindFixed, data.kind);
    if (data.source !== before.source) throw validationError(["source"], M.sourceFixed, data.source);
    await writableAdvertiser(tx, before.advertiserId);
    await checkSeed(tx, data, before.advertiserId, before.id);
    await checkPartnerSegment(tx, data);
    const columns = toColumns(data);
    // A look-alike grown from another seed or to another size is computed again.
    const rebuild = before.source === "LOOK_ALIKE" && (columns.seedAudienceId !== before.seedAudienceId || columns.lookAlikeSize !== before.lookAlikeSize);
    const rulesBefore = await storedRules(tx, before.id);
    const rulesChanged = !sameRules(rulesBefore, data.rules);
    if (!rulesChanged && diffFields(before, columns, Object.keys(columns)).length === 0) return getAudienceDetails(tx, before.id);
    const rebuilt = rebuild ? { lookAlikeStatus: "IN_PROCESSING" as const, lookAlikeReason: null } : {};
    await updateVersioned(tx.audience, before.id, before.version, { ...columns, ...rebuilt }, "Audience").catch((e: unknown) => {
      // Saved by someone else since this transaction read the row: the audience's own message.
      throw e instanceof ConflictError ? new ConflictError(M.staleVersion) : e;
    });
    if (rulesChanged) await writeRules(tx, before.id, data.rules);
    const after = orNotFound(await tx.audience.findUnique({ where: { id: before.id } }), "Audience");
    await writeActivity(tx, ctx, {
      action: "UPDATE",
      ...audienceEntry(after),
      before: audited(before, rulesBefore),
      after: audited(after, data.rules),
      fields: AUDIENCE_FIELDS,
    });
    return getAudienceDetails(tx, before.id);
  });
}
