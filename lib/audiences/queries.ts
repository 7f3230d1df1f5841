// Reads of one audience for the session's licensee, and the shapes a stored
// audience takes outside the database: its details (plain JSON: counts as
// numbers, times as ISO text, rules as groups) and the values its edit form
// starts from; and the audience-strategy mapping (which strategies target or
// block it: the strategies' targeting JSON holds audience ids per source).
import "server-only";
import type { SessionContext } from "../auth/context";
import { isId } from "../actions/fields";
import { NotFoundError } from "../errors";
import { orNotFound } from "../data/gate";
import { plainRecordState } from "../data/record-state";
import { tenantDb, type TenantTx } from "../data/tenant-db";
import type { Audience, AudienceRule, PartnerSegment } from "../generated/prisma/client";
import { SEGMENT_SELECT, toSegmentView } from "../partner-segments/queries";
import { AUDIENCE_KINDS as STRATEGY_AUDIENCE_FIELDS } from "../strategies/options";
import { strategyTargetingSchema } from "../strategies/schema";
import type { AudienceFormInput } from "./schema";
import { groupRules } from "./sentence";

/** An audience id from a URL or a form: anything that cannot be one is "not found". */
export function toAudienceId(id: number | string): number {
  const n = typeof id === "string" && /^\d{1,10}$/.test(id) ? Number(id) : id;
  if (!isId(n)) throw new NotFoundError("Audience");
  return n;
}

/** A stored audience with its DMP segment when it has one (read with AUDIENCE_SEGMENT). */
export type AudienceRow = Audience & { partnerSegment?: Pick<PartnerSegment, keyof typeof SEGMENT_SELECT> | null };
/** The include that reads an audience's DMP segment with it. */
export const AUDIENCE_SEGMENT = { partnerSegment: { select: SEGMENT_SELECT } } as const;

export function toAudienceDetails(row: AudienceRow, rules: readonly AudienceRule[]) {
  const partnerSegment = row.partnerSegment ? toSegmentView(row.partnerSegment) : null;
  return {
    id: row.id,
    advertiserId: row.advertiserId,
    name: row.name,
    description: row.description,
    source: row.source,
    kind: row.kind,
    deviceIdentifier: row.deviceIdentifier,
    consentType: row.consentType,
    osTypeId: row.osTypeId,
    userExpiryDays: row.userExpiryDays,
    totalUU: Number(row.totalUU),
    dailyUU: Number(row.dailyUU),
    backfilledUU: Number(row.backfilledUU),
    lookAlikeStatus: row.lookAlikeStatus,
    seedAudienceId: row.seedAudienceId,
    lookAlikeSize: row.lookAlikeSize,
    lookAlikeReason: row.lookAlikeReason,
    lookAlikeBuiltAt: row.lookAlikeBuiltAt?.toISOString() ?? null,
    /** The free-text segment name of a DMP audience saved before the catalogue (kept as stored). */
    dmpSegment: row.dmpSegment,
    partnerSegmentId: row.partnerSegmentId,
    partnerSegment,
    /** A DMP audience's reach estimate: its partner segment's size. */
    reachEstimate: row.source === "DMP" && partnerSegment ? partnerSegment.size : null,
    ruleGroups: groupRules(rules).map((g) =>
      g.map((r) => ({ filterId: r.filterId, operatorId: r.operatorId, value: r.value, duration: r.duration, durationUnit: r.durationUnit })),
    ),
    ...plainRecordState(row),
  };
}

export type AudienceDetails = ReturnType<typeof toAudienceDetails>;

/** One audience with its rules (archived ones included: their details stay readable); another licensee's is "not found". */
export async function getAudienceDetails(db: Pick<TenantTx, "audience" | "audienceRule">, id: number): Promise<AudienceDetails> {
  const row = orNotFound(await db.audience.findUnique({ where: { id }, include: AUDIENCE_SEGMENT }), "Audience");
  const rules = await db.audienceRule.findMany({ where: { audienceId: id }, orderBy: [{ groupIndex: "asc" }, { id: "asc" }] });
  return toAudienceDetails(row, rules);
}

export async function getAudienceOrThrow(ctx: SessionContext, id: number | string): Promise<AudienceDetails> {
  return getAudienceDetails(tenantDb(ctx), toAudienceId(id));
}

/** What the form holds for a stored audience: numbers as text inputs hold them, blanks as "". */
export function audienceFormValues(a: AudienceDetails): Required<AudienceFormInput> {
  return {
    advertiserId: a.advertiserId,
    name: a.name,
    description: a.description ?? "",
    source: a.source,
    kind: a.kind,
    deviceIdentifier: a.deviceIdentifier,
    consentType: a.consentType,
    osTypeId: a.osTypeId ?? "",
    userExpiryDays: String(a.userExpiryDays),
    partnerSegmentId: a.partnerSegmentId ?? "",
    seedAudienceId: a.seedAudienceId ?? "",
    lookAlikeSize: a.lookAlikeSize == null ? "" : String(a.lookAlikeSize),
    ruleGroups: a.ruleGroups.map((rules) => ({
      rules: rules.map((r) => ({ filterId: r.filterId, operatorId: r.operatorId, value: r.value, duration: String(r.duration), durationUnit: r.durationUnit })),
    })),
  };
}

export interface AudienceStrategy {
  id: number;
  name: string;
  active: boolean;
  /** TARGET: the strategy targets the audience; BLOCK: it blocks it. */
  use: "TARGET" | "BLOCK";
}

/**
 * business.md 7 "audience-strategy mapping": the strategies of the audience's
 * advertiser whose targeting lists the audience under its source, as targeted
 * or blocked (archived strategies left out), by name.
 */
export async function audienceStrategies(ctx: SessionContext, audience: Pick<AudienceDetails, "id" | "advertiserId" | "source">): Promise<AudienceStrategy[]> {
  const field = STRATEGY_AUDIENCE_FIELDS.find((k) => k.source === audience.source)!.field;
  const strategies = await tenantDb(ctx).strategy.findMany({
    where: { advertiserId: audience.advertiserId, isArchived: false },
    select: { id: true, name: true, active: true, targeting: true },
    orderBy: [{ name: "asc" }, { id: "asc" }],
  });
  return strategies.flatMap((s) => {
    // Only this field is read: a strategy whose other targeting does not parse still shows here.
    const raw = s.targeting && typeof s.targeting === "object" ? (s.targeting as Record<string, unknown>)[field] : undefined;
    const parsed = strategyTargetingSchema.shape[field].safeParse(raw);
    const seg = parsed.success ? parsed.data : undefined;
    if (!seg) return [];
    const use = seg.targetedSegments.includes(audience.id) ? "TARGET" : seg.blockedSegments.includes(audience.id) ? "BLOCK" : null;
    return use ? [{ id: s.id, name: s.name, active: s.active, use }] : [];
  });
}

/** The audiences a look-alike of this advertiser may grow from: its own, not look-alikes, not archived, by name; another licensee's advertiser is "not found". */
export async function seedAudienceOptions(ctx: SessionContext, advertiserId: number): Promise<Array<{ id: number; name: string }>> {
  orNotFound(await tenantDb(ctx).advertiser.findUnique({ where: { id: advertiserId }, select: { id: true } }), "Advertiser");
  return tenantDb(ctx).audience.findMany({
    where: { advertiserId, isArchived: false, source: { not: "LOOK_ALIKE" } },
    select: { id: true, name: true },
    orderBy: [{ name: "asc" }, { id: "asc" }],
  });
}
