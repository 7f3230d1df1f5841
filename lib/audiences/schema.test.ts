// The audience schema's rules and messages (business.md 5 Audience) and the
// rules sentence: one case per rule, and the round trip of a rule expression
// from the form's groups to stored rows and back to the same sentence.
import { AUDIENCE_MESSAGES as M, audienceSchema, type AudienceFormInput } from "./schema";
import { PAGE_FREQUENCY_FILTER_ID } from "./meta-rules";
import { groupRules, rulesSentence } from "./sentence";

const RULE = { filterId: "1", operatorId: "1", value: "/product", duration: "30", durationUnit: "DAY" };
const WEB: AudienceFormInput = {
  advertiserId: 3, name: "Site visitors", description: "", source: "WEBSITE", kind: "MMP_RULE", deviceIdentifier: "ADID",
  consentType: "BOTH", osTypeId: "", userExpiryDays: "30", partnerSegmentId: "", seedAudienceId: "", ruleGroups: [{ rules: [RULE] }],
};

/** Field path → message of a refused input. */
function errors(input: unknown): Record<string, string> {
  const r = audienceSchema().safeParse(input);
  if (r.success) return {};
  return Object.fromEntries(r.error.issues.map((i) => [i.path.join("."), i.message]));
}

test("a website rule-based audience parses to stored columns and flattened rules", () => {
  const data = audienceSchema().parse({ ...WEB, name: "  Site visitors ", description: "  Shop " });
  expect(data).toEqual({
    advertiserId: 3, name: "Site visitors", description: "Shop", source: "WEBSITE", kind: "MMP_RULE", deviceIdentifier: "ADID", consentType: "BOTH",
    osTypeId: null, userExpiryDays: 30, partnerSegmentId: null, seedAudienceId: null, lookAlikeSize: null,
    rules: [{ groupIndex: 0, filterId: 1, operatorId: 1, value: "/product", duration: 30, durationUnit: "DAY", queryName: "page_url" }],
  });
});

test("a look-alike's size: 1 to 10 %, digits only, blank is 1 %; other sources store none", () => {
  const lal = { ...WEB, source: "LOOK_ALIKE", seedAudienceId: "9", ruleGroups: [] };
  expect(audienceSchema().parse({ ...lal, lookAlikeSize: "10" })).toMatchObject({ seedAudienceId: 9, lookAlikeSize: 10 });
  expect(audienceSchema().parse({ ...lal, lookAlikeSize: "" })).toMatchObject({ lookAlikeSize: 1 });
  expect(errors({ ...lal, lookAlikeSize: "0" })).toEqual({ lookAlikeSize: M.lookAlikeSizeMin });
  expect(errors({ ...lal, lookAlikeSize: "11" })).toEqual({ lookAlikeSize: M.lookAlikeSizeMax });
  expect(errors({ ...lal, lookAlikeSize: "2.5" })).toEqual({ lookAlikeSize: M.digitsOnly });
  expect(audienceSchema().parse({ ...WEB, lookAlikeSize: "5" })).toMatchObject({ lookAlikeSize: null });
});

test("name and advertiser are required", () => {
  expect(errors({ ...WEB, name: " ", advertiserId: "" })).toEqual({ name: M.nameRequired, advertiserId: M.advertiserRequired });
  expect(errors({ ...WEB, name: "x".repeat(101) })).toEqual({ name: M.nameTooLong });
});

test("user expiry: digits only, at least 7, at most 180, at most 45 for IP backfill", () => {
  expect(errors({ ...WEB, userExpiryDays: "3.5" })).toEqual({ userExpiryDays: M.digitsOnly });
  expect(errors({ ...WEB, userExpiryDays: "" })).toEqual({ userExpiryDays: M.expiryRequired });
  expect(errors({ ...WEB, userExpiryDays: "6" })).toEqual({ userExpiryDays: M.expiryMin });
  expect(errors({ ...WEB, userExpiryDays: "181" })).toEqual({ userExpiryDays: M.expiryMax });
  expect(errors({ ...WEB, userExpiryDays: "180" })).toEqual({});
  const ip = { ...WEB, kind: "IP_BACKFILL", deviceIdentifier: "IP", ruleGroups: [] };
  expect(errors({ ...ip, userExpiryDays: "46" })).toEqual({ userExpiryDays: M.expiryMaxIpBackfill });
  expect(errors({ ...ip, userExpiryDays: "45" })).toEqual({});
  expect(errors({ ...ip, deviceIdentifier: "ADID" })).toEqual({ deviceIdentifier: M.ipBackfillNeedsIp });
});

test("each source's own field: OS for mobile, segment for DMP, seed for look-alike; other sources' fields are dropped", () => {
  expect(errors({ ...WEB, source: "MOBILE", ruleGroups: [{ rules: [{ ...RULE, filterId: "5" }] }] })).toEqual({ osTypeId: M.osRequired });
  expect(errors({ ...WEB, source: "MOBILE", osTypeId: "5", kind: "CRM" })).toEqual({ osTypeId: M.osRequired });
  expect(errors({ ...WEB, source: "DMP" })).toEqual({ partnerSegmentId: M.dmpSegmentRequired });
  // A free-text segment name is no longer taken: the catalogue segment is still required.
  expect(errors({ ...WEB, source: "DMP", dmpSegment: "auto-intenders" })).toEqual({ partnerSegmentId: M.dmpSegmentRequired });
  expect(errors({ ...WEB, source: "LOOK_ALIKE" })).toEqual({ seedAudienceId: M.seedRequired });
  expect(errors({ ...WEB, source: "" })).toEqual({ source: M.sourceRequired });
  expect(errors({ ...WEB, kind: "OTHER" })).toEqual({ kind: M.kindRequired });
  expect(errors({ ...WEB, consentType: "MAYBE" })).toEqual({ consentType: M.consentTypeRequired });
  const dmp = audienceSchema().parse({ ...WEB, source: "DMP", partnerSegmentId: "12", osTypeId: "4", seedAudienceId: "9" });
  expect(dmp).toMatchObject({ partnerSegmentId: 12, osTypeId: null, seedAudienceId: null, rules: [] });
  expect(audienceSchema().parse({ ...WEB, partnerSegmentId: "12" })).toMatchObject({ partnerSegmentId: null });
  expect(audienceSchema().parse({ ...WEB, source: "MOBILE", osTypeId: "3", kind: "CRM" })).toMatchObject({ osTypeId: 3, rules: [] });
});

test("rule-based audiences need a rule; every rule field has its message where it was typed", () => {
  expect(errors({ ...WEB, ruleGroups: [] })).toEqual({ ruleGroups: M.rulesRequired });
  expect(errors({ ...WEB, ruleGroups: [{ rules: [] }] })).toEqual({ ruleGroups: M.rulesRequired });
  const at = (f: string) => `ruleGroups.0.rules.0.${f}`;
  expect(errors({ ...WEB, ruleGroups: [{ rules: [{ filterId: "", operatorId: "", value: " ", duration: "0", durationUnit: "WEEK" }] }] })).toEqual({
    [at("filterId")]: M.filterRequired,
    [at("operatorId")]: M.operatorRequired,
    [at("value")]: M.valueRequired,
    [at("duration")]: M.durationMin,
    [at("durationUnit")]: M.durationUnitInvalid,
  });
  expect(errors({ ...WEB, ruleGroups: [{ rules: [{ ...RULE, operatorId: "3" }] }] })).toEqual({ [at("operatorId")]: M.operatorNotForFilter });
  expect(errors({ ...WEB, ruleGroups: [{ rules: [{ ...RULE, filterId: "6", operatorId: "3", value: "2" }] }] })).toEqual({ [at("filterId")]: M.filterNotForSource });
  const freq = { ...RULE, filterId: String(PAGE_FREQUENCY_FILTER_ID), operatorId: "3" };
  expect(errors({ ...WEB, ruleGroups: [{ rules: [{ ...freq, value: "0" }] }] })).toEqual({ [at("value")]: M.valueMin });
  expect(errors({ ...WEB, ruleGroups: [{ rules: [{ ...freq, value: "two" }] }] })).toEqual({ [at("value")]: M.digitsOnly });
  expect(errors({ ...WEB, ruleGroups: [{ rules: [{ ...RULE, duration: "1.5" }] }] })).toEqual({ [at("duration")]: M.digitsOnly });
  expect(errors({ ...WEB, ruleGroups: [{ rules: [{ ...RULE, duration: "181" }] }] })).toEqual({ [at("duration")]: M.durationMax });
  expect(errors({ ...WEB, ruleGroups: [{ rules: [{ ...RULE, durationUnit: "HOUR", duration: "181" }] }] })).toEqual({});
  expect(errors({ ...WEB, ruleGroups: Array.from({ length: 11 }, () => ({ rules: [RULE] })) })).toEqual({ ruleGroups: M.tooManyRules });
});

test("the rules sentence reads an OR of AND groups, numbers bare, text quoted, the look-back in its unit", () => {
  expect(rulesSentence([])).toBe("No rules");
  expect(rulesSentence([[{ ...RULE }]])).toBe('Users where Page URL contains "/product" in the last 30 days');
  expect(
    rulesSentence([
      [RULE, { filterId: 17, operatorId: 3, value: "2", duration: 7, durationUnit: "DAY" }],
      [{ filterId: 5, operatorId: 4, value: "purchase", duration: 1, durationUnit: "HOUR" }],
    ]),
  ).toBe('Users where (Page URL contains "/product" in the last 30 days and Page frequency is at least 2 in the last 7 days) or Event name equals "purchase" in the last hour');
  // Half-typed rules read with gaps, so the preview follows the typing.
  expect(rulesSentence([[{ filterId: "", operatorId: "", value: "", duration: "", durationUnit: "DAY" }]])).toBe("Users where … … …");
  expect(rulesSentence([[{ filterId: 99, operatorId: 42, value: "x", duration: 2, durationUnit: "DAY" }]])).toBe('Users where filter 99 operator 42 "x" in the last 2 days');
});

test("round trip: the form's groups, stored as rows (empty groups skipped), read back as the same groups and sentence", () => {
  const groups = [
    { rules: [RULE, { filterId: "17", operatorId: "5", value: "010", duration: "7", durationUnit: "DAY" }] },
    { rules: [] },
    { rules: [{ filterId: "5", operatorId: "2", value: "refund", duration: "12", durationUnit: "HOUR" }] },
  ];
  const { rules } = audienceSchema().parse({ ...WEB, ruleGroups: groups });
  expect(rules.map((r) => [r.groupIndex, r.filterId, r.value])).toEqual([[0, 1, "/product"], [0, 17, "10"], [1, 5, "refund"]]);
  const back = groupRules(rules);
  expect(back).toHaveLength(2);
  expect(rulesSentence(back)).toBe(
    'Users where (Page URL contains "/product" in the last 30 days and Page frequency is at most 10 in the last 7 days) or Event name does not contain "refund" in the last 12 hours',
  );
  // The stored rows parse back to the same rows.
  const again = audienceSchema().parse({ ...WEB, ruleGroups: back.map((g) => ({ rules: g })) });
  expect(again.rules).toEqual(rules);
});
