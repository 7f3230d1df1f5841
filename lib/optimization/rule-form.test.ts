import { convTypeChoices, EMPTY_RULE_FORM, RULE_MESSAGES as M, ruleFormValues, ruleSchema, type RuleFormValues } from "./rule-form";

const form = (over: Partial<RuleFormValues> = {}) => ({ ...EMPTY_RULE_FORM, spend: "10", convs: "2", durationDays: "7", ...over });

/** The messages by field, as the form shows them. */
function errors(input: unknown): Record<string, string[]> {
  const result = ruleSchema.safeParse(input);
  if (result.success) return {};
  const out: Record<string, string[]> = {};
  for (const issue of result.error.issues) (out[issue.path.join(".")] ??= []).push(issue.message);
  return out;
}

describe("the rule form's rules (shell.md 5)", () => {
  test("a valid rule parses into typed values: spend as exact decimal text, blanks as null", () => {
    expect(ruleSchema.parse(form({ spend: "0010.50", imps: "1000", refreshRateDays: "2" }))).toEqual({
      spend: "10.5", imps: 1000, clicks: null, convType: "INSTALL", convs: 2, durationDays: 7, refreshRateDays: 2,
    });
  });

  test("spend is at least 0.001, compared exactly", () => {
    expect(errors(form({ spend: "0.0009" }))).toEqual({ spend: [M.spendMin] });
    expect(errors(form({ spend: "-1" }))).toEqual({ spend: [M.spendMin] });
    expect(errors(form({ spend: "0" }))).toEqual({ spend: [M.spendMin] });
    expect(ruleSchema.parse(form({ spend: "0.001" })).spend).toBe("0.001");
    expect(errors(form({ spend: "abc" }))).toEqual({ spend: [M.notNumber] });
  });

  test("imps and clicks are whole numbers of at least 1", () => {
    expect(errors(form({ imps: "0", clicks: "0" }))).toEqual({ imps: [M.countMin], clicks: [M.countMin] });
    expect(errors(form({ imps: "1.5", clicks: "2.0" }))).toEqual({ imps: [M.whole], clicks: [M.whole] });
    expect(ruleSchema.parse(form({ spend: "", imps: "1", clicks: "1" }))).toMatchObject({ spend: null, imps: 1, clicks: 1 });
  });

  test("at least one of spend, imps or clicks", () => {
    expect(errors(form({ spend: "", imps: "", clicks: "" }))).toEqual({ spend: [M.oneLimit] });
    expect(errors(form({ spend: " " }))).toEqual({ spend: [M.oneLimit] });
  });

  test("convType is required, INSTALL by default, and CLICKS not with a clicks limit", () => {
    expect(EMPTY_RULE_FORM.convType).toBe("INSTALL");
    expect(errors(form({ convType: "" }))).toEqual({ convType: [M.required] });
    expect(errors(form({ convType: "CLICKS", clicks: "5" }))).toEqual({ convType: [M.clicksWithClicksLimit] });
    expect(ruleSchema.parse(form({ convType: "CLICKS" })).convType).toBe("CLICKS");
  });

  test("the conversion types offered drop CLICKS while a clicks limit is filled, and bring it back when cleared", () => {
    expect(convTypeChoices("")).toEqual(["INSTALL", "RE_ENGAGS", "CONV", "CLICKS"]);
    expect(convTypeChoices("10")).toEqual(["INSTALL", "RE_ENGAGS", "CONV"]);
    expect(convTypeChoices("  ")).toContain("CLICKS");
  });

  test("minimum conversions: required, whole, at least 1", () => {
    expect(errors(form({ convs: "" }))).toEqual({ convs: [M.required] });
    expect(errors(form({ convs: "0" }))).toEqual({ convs: [M.countMin] });
    expect(errors(form({ convs: "1.2" }))).toEqual({ convs: [M.whole] });
  });

  test("duration is required, 3 to 14 days", () => {
    expect(errors(form({ durationDays: "" }))).toEqual({ durationDays: [M.required] });
    expect(errors(form({ durationDays: "2" }))).toEqual({ durationDays: ["Minimum duration should be 3"] });
    expect(errors(form({ durationDays: "15" }))).toEqual({ durationDays: ["Maximum duration is 14"] });
    expect(ruleSchema.parse(form({ durationDays: "3" })).durationDays).toBe(3);
    expect(ruleSchema.parse(form({ durationDays: "14" })).durationDays).toBe(14);
  });

  test("refresh rate is optional, at least 1 day", () => {
    expect(errors(form({ refreshRateDays: "0" }))).toEqual({ refreshRateDays: ["Minimum Refresh Rate should atleast be of 1 day"] });
    expect(ruleSchema.parse(form({ refreshRateDays: "" })).refreshRateDays).toBeNull();
  });

  test("every problem is reported at once", () => {
    expect(Object.keys(errors({ ...EMPTY_RULE_FORM, spend: "", convType: "", durationDays: "1", refreshRateDays: "0" })).sort()).toEqual(
      ["convType", "convs", "durationDays", "refreshRateDays", "spend"],
    );
  });

  test("a stored rule shows in the form as text and parses back to itself", () => {
    const stored = { spend: "0.25", imps: 500, clicks: null, convType: "CONV" as const, convs: 3, durationDays: 10, refreshRateDays: null };
    expect(ruleSchema.parse(ruleFormValues(stored))).toEqual(stored);
  });
});

test("an API caller may leave out the limits it does not set", () => {
  expect(ruleSchema.parse({ spend: "10", convType: "INSTALL", convs: 2, durationDays: 7 })).toEqual({
    spend: "10", imps: null, clicks: null, convType: "INSTALL", convs: 2, durationDays: 7, refreshRateDays: null,
  });
});
