// The backfill query language: each rule and message, the templates a source
// may use, IP backfill's targeted and excluded events (business.md 5), the
// stored form's round trip and the sentence.
import {
  BACKFILL_MESSAGES as M,
  backfillRuleSchema,
  parseStoredQuery,
  querySentence,
  serializeQuery,
  templatesFor,
  type BackfillAudience,
  type BackfillInput,
} from "./query";

const WEB: BackfillAudience = { source: "WEBSITE", kind: "MMP_RULE" };
const APP: BackfillAudience = { source: "MOBILE", kind: "MMP_RULE" };
const IP: BackfillAudience = { source: "WEBSITE", kind: "IP_BACKFILL" };
const VISITS: BackfillInput = { template: "VISITED_PAGE", text: "/product", minCount: "2", days: "30" };

function errors(input: BackfillInput, audience: BackfillAudience = WEB): Record<string, string> {
  const r = backfillRuleSchema(audience).safeParse(input);
  if (r.success) return {};
  return Object.fromEntries(r.error.issues.map((i) => [i.path.join("."), i.message]));
}

describe("backfill query", () => {
  it("parses a template with its parameters, the schedule defaulting to only once", () => {
    expect(backfillRuleSchema(WEB).parse({ ...VISITS, event: "ignored", schedule: "" })).toEqual({
      query: { template: "VISITED_PAGE", text: "/product", minCount: 2, days: 30 },
      schedule: "ONCE",
      targetedEvents: [],
      excludedEvents: [],
    });
    // The count is optional (at least once); event names are lower-cased.
    expect(backfillRuleSchema(APP).parse({ template: "FIRED_EVENT", event: " AF_Purchase ", days: 7, schedule: "WEEKLY" }).query).toEqual({
      template: "FIRED_EVENT", event: "af_purchase", minCount: 1, days: 7,
    });
  });

  it("gives each field its message", () => {
    expect(errors({ days: "30" })).toEqual({ template: M.templateRequired });
    expect(errors({ template: "VISITED_PAGE", text: "/p", days: "30" }, APP)).toEqual({ template: M.templateNotForSource });
    expect(errors({ template: "ANY_ACTIVITY", days: "30" }, { source: "DMP", kind: "MMP_RULE" })).toEqual({ template: M.sourceWithoutBackfill });
    expect(errors({ template: "FIRED_EVENT", event: "", days: "30" })).toEqual({ event: M.eventRequired });
    expect(errors({ template: "FIRED_EVENT", event: "buy now; drop table", days: "30" })).toEqual({ event: M.eventInvalid });
    expect(errors({ ...VISITS, text: "  " })).toEqual({ text: M.textRequired });
    expect(errors({ ...VISITS, text: "x".repeat(201) })).toEqual({ text: M.textTooLong });
    expect(errors({ ...VISITS, minCount: "2x" })).toEqual({ minCount: M.digitsOnly });
    expect(errors({ ...VISITS, minCount: "0" })).toEqual({ minCount: M.countMin });
    expect(errors({ ...VISITS, minCount: "1001" })).toEqual({ minCount: M.countMax });
    expect(errors({ ...VISITS, days: "" })).toEqual({ days: M.daysRequired });
    expect(errors({ ...VISITS, days: "0" })).toEqual({ days: M.daysMin });
    expect(errors({ ...VISITS, days: "181" })).toEqual({ days: M.daysMax });
    expect(errors({ ...VISITS, days: "99999999999" })).toEqual({ days: M.daysMax });
    expect(errors({ ...VISITS, schedule: "HOURLY" })).toEqual({ schedule: M.scheduleInvalid });
    expect(errors({ ...VISITS, targetedEvents: "install, Bad Event" })).toEqual({ targetedEvents: M.eventInvalid });
    expect(errors({ ...VISITS, targetedEvents: Array.from({ length: 21 }, (_, i) => `e${i}`) })).toEqual({ targetedEvents: M.tooManyEvents });
    expect(errors({ ...VISITS, targetedEvents: "install", excludedEvents: "INSTALL" })).toEqual({ excludedEvents: M.eventBothLists });
  });

  it("needs at least one targeted and one excluded event for IP backfill (business.md 5)", () => {
    expect(errors(VISITS, IP)).toEqual({ targetedEvents: M.ipBackfillEvents, excludedEvents: M.ipBackfillEvents });
    expect(errors({ ...VISITS, targetedEvents: "page_view" }, IP)).toEqual({ excludedEvents: M.ipBackfillEvents });
    expect(errors({ ...VISITS, excludedEvents: ["af_purchase"] }, IP)).toEqual({ targetedEvents: M.ipBackfillEvents });
    expect(backfillRuleSchema(IP).parse({ ...VISITS, targetedEvents: "page_view, add_to_cart, page_view", excludedEvents: ["af_purchase"] })).toMatchObject({
      targetedEvents: ["page_view", "add_to_cart"],
      excludedEvents: ["af_purchase"],
    });
    // Other audiences may leave both empty.
    expect(errors(VISITS, WEB)).toEqual({});
  });

  it("offers page and referrer templates to website audiences only", () => {
    expect(templatesFor("WEBSITE", "MMP_RULE").map((t) => t.id)).toEqual(["FIRED_EVENT", "VISITED_PAGE", "REFERRED_FROM", "ANY_ACTIVITY", "AUDIENCE_RULES"]);
    expect(templatesFor("MOBILE", "MMP_RULE").map((t) => t.id)).toEqual(["FIRED_EVENT", "ANY_ACTIVITY", "AUDIENCE_RULES"]);
    // The rules template needs rules: not for CRM or IP backfill audiences.
    expect(templatesFor("WEBSITE", "IP_BACKFILL").map((t) => t.id)).toEqual(["FIRED_EVENT", "VISITED_PAGE", "REFERRED_FROM", "ANY_ACTIVITY"]);
    expect(errors({ template: "AUDIENCE_RULES", targetedEvents: "page_view", excludedEvents: "install" }, IP)).toEqual({ template: M.templateNotForSource });
    expect(templatesFor("DMP", "MMP_RULE")).toEqual([]);
    // The audience's rules keep their own look-backs: no days asked.
    expect(backfillRuleSchema(WEB).parse({ template: "AUDIENCE_RULES", days: "" }).query).toEqual({ template: "AUDIENCE_RULES" });
  });

  it("stores a query as canonical JSON and reads it back; anything else is not a query", () => {
    const { query } = backfillRuleSchema(WEB).parse({ ...VISITS, event: "stray" });
    const stored = serializeQuery(query);
    expect(stored).toBe('{"template":"VISITED_PAGE","text":"/product","minCount":2,"days":30}');
    expect(parseStoredQuery(stored, WEB)).toEqual(query);
    expect(parseStoredQuery("SELECT * FROM users", WEB)).toBeNull();
    expect(parseStoredQuery('{"template":"VISITED_PAGE","text":"/p","days":500}', WEB)).toBeNull();
    expect(parseStoredQuery('{"template":"VISITED_PAGE","text":"/p","days":5}', APP)).toBeNull();
  });

  it("reads as a sentence", () => {
    expect(querySentence({ template: "VISITED_PAGE", text: "/product", minCount: 2, days: 30 })).toBe(
      'Users who visited a page containing "/product" at least 2 times in the last 30 days',
    );
    expect(querySentence({ template: "FIRED_EVENT", event: "install", minCount: 1, days: 1 })).toBe("Users who fired install in the last 1 day");
    expect(querySentence({ template: "ANY_ACTIVITY", days: 7 }, ["page_view"], ["af_purchase", "install"])).toBe(
      "Users with any activity in the last 7 days, who fired any of page_view and none of af_purchase, install",
    );
    expect(querySentence({ template: "AUDIENCE_RULES" }, [], ["af_purchase"])).toBe("Users who match the audience's rules, who fired none of af_purchase");
    expect(querySentence({ template: "REFERRED_FROM", text: "news", days: 7 }, [], ["install"])).toBe(
      'Users who came from a referrer containing "news" in the last 7 days, who fired none of install',
    );
  });
});
