// Audience validation (business.md 3 AUDIENCE, 4, 5, 9): one schema for the
// form (client, via @hookform/resolvers), the server action and the REST API,
// so all give the same messages on the same fields. Pure: safe in client
// components.
//
// Which fields apply depends on the source: a mobile audience names its OS, a
// DMP audience its partner segment (picked from the licensee's catalogue,
// lib/partner-segments; a free-text name is no longer taken), a look-alike its seed audience; rule-based (MMP
// postback) website and mobile audiences hold at least one rule, as an OR of
// AND groups (ruleGroups[g].rules[r]). User expiry is 7 to 180 days, and at
// most 45 for IP backfill audiences (IP addresses are reassigned, so an IP
// stands for the same user only briefly); an IP backfill audience is keyed by
// IP. What does not apply to the source is dropped by the transform, so the
// stored audience never holds a stale segment or rule.
import { z } from "../validation/z";
import { field, fail, isBlank, oneOf, parsed, recordId, textOf, valueOf, type Parser } from "../campaigns/fields";
import { nameMessages } from "../validation/name-messages";
import { AUDIENCE_KINDS, AUDIENCE_SOURCES, CONSENT_TYPES, DEVICE_IDENTIFIERS, OS_TYPES, type AudienceKindValue, type AudienceSourceValue } from "./labels";
import { DEFAULT_DURATION_UNIT, DURATION_UNITS, MAX_RULE_DURATION, metaFilter, type DurationUnit } from "./meta-rules";

export const AUDIENCE_NAME = { min: 1, max: 100 } as const;
export const DESCRIPTION_MAX = 500;
export const USER_EXPIRY = { min: 7, max: 180, ipBackfillMax: 45, default: 30 } as const;
export const RULE_VALUE_MAX = 500;
export const MAX_RULE_GROUPS = 10;
export const MAX_RULES_PER_GROUP = 10;
/** A look-alike keeps this share (percent) of the advertiser's other users, the most similar to the seed (lib/audiences/lookalike). */
export const LOOKALIKE_SIZE = { min: 1, max: 10, default: 1 } as const;

export const AUDIENCE_MESSAGES = {
  advertiserRequired: "Advertiser is required",
  ...nameMessages(AUDIENCE_NAME),
  descriptionTooLong: `Description must be at most ${DESCRIPTION_MAX} characters`,
  sourceRequired: "Audience source is required",
  kindRequired: "Audience type is required",
  deviceIdentifierRequired: "Device identifier is required",
  ipBackfillNeedsIp: "IP backfill audiences use the IP device identifier",
  consentTypeRequired: "Consent type is required",
  osRequired: "OS is required",
  digitsOnly: "Enter digits only",
  expiryRequired: "User expiry days is required",
  expiryMin: `User expiry must be at least ${USER_EXPIRY.min} days`,
  expiryMax: `User expiry must be at most ${USER_EXPIRY.max} days`,
  expiryMaxIpBackfill: `User expiry must be at most ${USER_EXPIRY.ipBackfillMax} days for IP backfill audiences`,
  dmpSegmentRequired: "Choose a DMP segment from the partner catalogue",
  seedRequired: "Seed audience is required",
  lookAlikeSizeMin: `Look-alike size must be at least ${LOOKALIKE_SIZE.min}%`,
  lookAlikeSizeMax: `Look-alike size must be at most ${LOOKALIKE_SIZE.max}%`,
  rulesRequired: "Add at least one rule",
  tooManyRules: `At most ${MAX_RULE_GROUPS} groups of ${MAX_RULES_PER_GROUP} rules`,
  rulesInvalid: "Rules must be a list of groups of rules",
  filterRequired: "Choose a filter",
  filterNotForSource: "This filter is not available for this audience source",
  operatorRequired: "Choose an operator",
  operatorNotForFilter: "This operator is not available for this filter",
  valueRequired: "Value is required",
  valueTooLong: `Value must be at most ${RULE_VALUE_MAX} characters`,
  valueMin: "Value must be at least 1",
  durationMin: "Duration must be at least 1",
  durationMax: "Duration must be at most 180 days",
  durationUnitInvalid: "Choose days or hours",
  // Checked by the server against stored rows (lib/audiences/mutations.ts), on the same fields.
  staleVersion: "This audience was changed by someone else",
  archivedReadOnly: "This audience is archived and can no longer be changed.",
  advertiserArchived: "This advertiser is archived: its audiences can no longer be created or changed.",
  kindFixed: "Audience type cannot be edited once chosen",
  sourceFixed: "Audience source cannot be changed once chosen",
  seedInvalid: "Choose a seed audience of this advertiser (not a look-alike)",
  partnerSegmentInvalid: "Choose a segment of the partner catalogue",
} as const;
const M = AUDIENCE_MESSAGES;

/** Whole digits only (business.md 5), as a number; blank is null. */
const digits: Parser<number | null> = (raw) => {
  if (isBlank(raw)) return { value: null };
  const text = textOf(raw);
  if (text === null || !/^\d+$/.test(text)) return fail(M.digitsOnly);
  const n = text.replace(/^0+(?=\d)/, "").length > 9 ? Infinity : Number(text);
  return { value: n };
};

const text = (max: number, tooLong: string, required?: string): Parser<string | null> => (raw) => {
  const t = typeof raw === "string" ? raw.trim() : "";
  if (t === "") return required ? fail(required) : { value: null };
  return Array.from(t).length > max ? fail(tooLong) : { value: t };
};

const audienceName: Parser<string> = (raw) => {
  const t = typeof raw === "string" ? raw.trim() : "";
  if (t === "") return fail(M.nameRequired);
  const length = t.length > 4 * AUDIENCE_NAME.max ? Infinity : Array.from(t).length;
  if (length < AUDIENCE_NAME.min) return fail(M.nameTooShort);
  return length > AUDIENCE_NAME.max ? fail(M.nameTooLong) : { value: t };
};

export const P = {
  advertiserId: recordId(M.advertiserRequired, true),
  source: oneOf(AUDIENCE_SOURCES, M.sourceRequired),
  kind: oneOf(AUDIENCE_KINDS, M.kindRequired),
  deviceIdentifier: oneOf(DEVICE_IDENTIFIERS, M.deviceIdentifierRequired),
  consentType: oneOf(CONSENT_TYPES, M.consentTypeRequired),
  osTypeId: oneOf(OS_TYPES.map((o) => o.id), M.osRequired, false),
  seedAudienceId: recordId(M.seedRequired, false),
  description: text(DESCRIPTION_MAX, M.descriptionTooLong),
  partnerSegmentId: recordId(M.dmpSegmentRequired, false),
  digits,
};

const loose = z.union([z.string(), z.number()]).nullish();

/** One rule as the builder holds it (text as typed); checked against the catalogue in the object's refinement. */
export const audienceRuleSchema = z.object({
  filterId: loose,
  operatorId: loose,
  value: loose,
  duration: loose,
  durationUnit: z.string().nullish(),
});
export const audienceRuleGroupSchema = z.object({ rules: z.array(audienceRuleSchema, { error: M.rulesInvalid }) });

export interface AudienceRuleData {
  groupIndex: number;
  filterId: number;
  operatorId: number;
  value: string;
  duration: number;
  durationUnit: DurationUnit;
  queryName: string;
}

/** Whether the source holds rules (rule-based website and mobile audiences). */
export const hasRules = (source: AudienceSourceValue | null | undefined, kind: AudienceKindValue | null | undefined) =>
  (source === "WEBSITE" || source === "MOBILE") && kind === "MMP_RULE";

type Issue = (path: (string | number)[], message: string) => void;

/** The rules of one audience: every rule checked against the catalogue, messages on the rule's own field. */
function checkRules(input: unknown, source: AudienceSourceValue, issue: Issue): AudienceRuleData[] {
  const out: AudienceRuleData[] = [];
  // The refinement also runs when the field itself failed (it has its message then): read only what has the shape.
  if (!Array.isArray(input)) return out;
  const groups = input.map((g: unknown) => {
    const rules = g && typeof g === "object" && Array.isArray((g as { rules?: unknown }).rules) ? (g as { rules: unknown[] }).rules : [];
    return { rules: rules.map((r) => (r && typeof r === "object" ? (r as z.output<typeof audienceRuleSchema>) : {})) as z.output<typeof audienceRuleSchema>[] };
  });
  const nonEmpty = groups.filter((g) => g.rules.length > 0);
  if (nonEmpty.length === 0) {
    issue(["ruleGroups"], M.rulesRequired);
    return out;
  }
  if (groups.length > MAX_RULE_GROUPS || groups.some((g) => g.rules.length > MAX_RULES_PER_GROUP)) {
    issue(["ruleGroups"], M.tooManyRules);
    return out;
  }
  groups.forEach((g, gi) =>
    g.rules.forEach((r, ri) => {
      const at = (f: string) => ["ruleGroups", gi, "rules", ri, f];
      const filter = isBlank(r.filterId) ? undefined : metaFilter(Number(r.filterId));
      if (!filter) issue(at("filterId"), M.filterRequired);
      else if (!filter.sources.includes(source)) issue(at("filterId"), M.filterNotForSource);
      const operatorId = Number(r.operatorId);
      if (isBlank(r.operatorId) || !Number.isInteger(operatorId)) issue(at("operatorId"), M.operatorRequired);
      else if (filter && !filter.operatorIds.includes(operatorId)) issue(at("operatorId"), M.operatorNotForFilter);
      const value = textOf(r.value) ?? "";
      if (value === "") issue(at("value"), M.valueRequired);
      else if (Array.from(value).length > RULE_VALUE_MAX) issue(at("value"), M.valueTooLong);
      else if (filter?.valueType === "number") {
        const n = digits(value);
        if ("message" in n) issue(at("value"), n.message);
        else if ((n.value ?? 0) < 1) issue(at("value"), M.valueMin);
      }
      const unit = r.durationUnit ?? DEFAULT_DURATION_UNIT;
      if (!(DURATION_UNITS as readonly string[]).includes(unit)) issue(at("durationUnit"), M.durationUnitInvalid);
      const d = digits(r.duration);
      if ("message" in d) issue(at("duration"), d.message);
      else if (d.value === null || d.value < 1) issue(at("duration"), M.durationMin);
      else if (d.value > (MAX_RULE_DURATION[unit as DurationUnit] ?? MAX_RULE_DURATION.DAY)) issue(at("duration"), M.durationMax);
      if (filter && "value" in d && d.value !== null) {
        out.push({
          groupIndex: gi,
          filterId: filter.id,
          operatorId,
          value: filter.valueType === "number" ? String(Number(value)) : value,
          duration: d.value,
          durationUnit: unit as DurationUnit,
          queryName: filter.queryName,
        });
      }
    }),
  );
  // Group indexes as stored: 0, 1, 2 ... in the order given, empty groups skipped.
  const order = [...new Set(out.map((r) => r.groupIndex))];
  return out.map((r) => ({ ...r, groupIndex: order.indexOf(r.groupIndex) }));
}

/** zod skips refinements after a failed field by default; ours re-read every field, so an object is enough. */
const crossFieldWhen = { when: (payload: { value: unknown }) => typeof payload.value === "object" && payload.value !== null };

export function audienceSchema() {
  return z
    .object({
      advertiserId: field(P.advertiserId, M.advertiserRequired),
      name: parsed(z.string({ error: M.nameRequired }), audienceName),
      description: parsed(z.string({ error: M.descriptionTooLong }), P.description),
      source: field(P.source, M.sourceRequired),
      kind: field(P.kind, M.kindRequired),
      deviceIdentifier: field(P.deviceIdentifier, M.deviceIdentifierRequired),
      consentType: field(P.consentType, M.consentTypeRequired),
      osTypeId: field(P.osTypeId, M.osRequired),
      userExpiryDays: field(P.digits, M.digitsOnly),
      // DMP audiences: the catalogue segment's id (lib/partner-segments).
      partnerSegmentId: field(P.partnerSegmentId, M.dmpSegmentRequired),
      seedAudienceId: field(P.seedAudienceId, M.seedRequired),
      // Look-alikes only; blank is the default size.
      lookAlikeSize: field(P.digits, M.digitsOnly),
      ruleGroups: z.array(audienceRuleGroupSchema, { error: M.rulesInvalid }).default([]),
    })
    .superRefine((v, ctx) => {
      const issue: Issue = (path, message) => ctx.addIssue({ code: "custom", path, message });
      const source = valueOf(P.source, v.source) ?? null;
      const kind = valueOf(P.kind, v.kind) ?? null;
      if (kind === "IP_BACKFILL" && valueOf(P.deviceIdentifier, v.deviceIdentifier) === "ADID") issue(["deviceIdentifier"], M.ipBackfillNeedsIp);
      if (source === "MOBILE" && v.osTypeId === null) issue(["osTypeId"], M.osRequired);
      if (source === "DMP" && v.partnerSegmentId === null) issue(["partnerSegmentId"], M.dmpSegmentRequired);
      if (source === "LOOK_ALIKE" && v.seedAudienceId === null) issue(["seedAudienceId"], M.seedRequired);
      if (source === "LOOK_ALIKE" && typeof v.lookAlikeSize === "number") {
        if (v.lookAlikeSize < LOOKALIKE_SIZE.min) issue(["lookAlikeSize"], M.lookAlikeSizeMin);
        else if (v.lookAlikeSize > LOOKALIKE_SIZE.max) issue(["lookAlikeSize"], M.lookAlikeSizeMax);
      }
      const expiry = valueOf(P.digits, v.userExpiryDays);
      const max = kind === "IP_BACKFILL" ? USER_EXPIRY.ipBackfillMax : USER_EXPIRY.max;
      if (expiry === null) issue(["userExpiryDays"], M.expiryRequired);
      else if (expiry !== undefined && expiry < USER_EXPIRY.min) issue(["userExpiryDays"], M.expiryMin);
      else if (expiry !== undefined && expiry > max) issue(["userExpiryDays"], kind === "IP_BACKFILL" ? M.expiryMaxIpBackfill : M.expiryMax);
      if (source && hasRules(source, kind)) checkRules(v.ruleGroups, source, issue);
    }, crossFieldWhen)
    .transform((v) => {
      const source = v.source!;
      const kind = v.kind!;
      // Parsed again without issues: the refinement passed, so every rule is whole here.
      const rules = hasRules(source, kind) ? checkRules(v.ruleGroups, source, () => {}) : [];
      return {
        advertiserId: v.advertiserId!,
        name: v.name,
        description: v.description,
        source,
        kind,
        deviceIdentifier: v.deviceIdentifier!,
        consentType: v.consentType!,
        osTypeId: source === "MOBILE" ? v.osTypeId : null,
        userExpiryDays: v.userExpiryDays!,
        partnerSegmentId: source === "DMP" ? v.partnerSegmentId : null,
        seedAudienceId: source === "LOOK_ALIKE" ? v.seedAudienceId : null,
        lookAlikeSize: source === "LOOK_ALIKE" ? (v.lookAlikeSize ?? LOOKALIKE_SIZE.default) : null,
        rules,
      };
    });
}

export type AudienceSchema = ReturnType<typeof audienceSchema>;
/** What the form holds (text as typed, rules as groups). */
export type AudienceFormInput = z.input<AudienceSchema>;
/** What the server stores after parsing (rules flattened with their group index). */
export type AudienceData = z.output<AudienceSchema>;
