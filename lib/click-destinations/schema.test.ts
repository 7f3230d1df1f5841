import { MMP_PARAMETERS, knownMmp, mmpParameters } from "./mmp";
import {
  CLICK_DESTINATION_MESSAGES as M,
  MAX_PARAMS,
  clickDestinationSchema,
  formParamRows,
  isHttpUrl,
  parseStoredParams,
  summarizeParams,
} from "./schema";
import { firstErrors } from "@/tests/helpers/schema-errors";

/** Field path -> first message, with the advertiser's MMP. */
const errorsOf = (mmp: string | null, input: unknown) => firstErrors(clickDestinationSchema(mmp), input);

const valid = { name: "Store link", url: "https://example.com/landing?x=1", mmpParams: [] };

describe("MMP dictionary", () => {
  it("has the standard parameters of each MMP, at least one required", () => {
    for (const name of ["AppsFlyer", "Adjust", "Branch", "Kochava", "Singular", "Tenjin"]) {
      expect(MMP_PARAMETERS[name].length).toBeGreaterThan(2);
      expect(MMP_PARAMETERS[name].some((p) => p.required)).toBe(true);
      expect(MMP_PARAMETERS[name].every((p) => p.label && p.key)).toBe(true);
    }
    expect(mmpParameters("AppsFlyer").find((p) => p.key === "pid")).toMatchObject({ label: "Media source", required: true });
  });

  it("finds an MMP case-insensitively; none, 'None' and unknown ones have no parameters", () => {
    expect(knownMmp("appsflyer")).toBe("AppsFlyer");
    expect(mmpParameters(" adjust ")).toBe(MMP_PARAMETERS.Adjust);
    expect(mmpParameters(null)).toEqual([]);
    expect(mmpParameters("None")).toEqual([]);
    expect(knownMmp("Acme MMP")).toBeNull();
  });
});

describe("name and url", () => {
  it("name is required, at most 255 characters", () => {
    expect(errorsOf(null, { ...valid, name: "  " })).toEqual({ name: M.nameRequired });
    expect(errorsOf(null, { ...valid, name: undefined })).toEqual({ name: M.nameRequired });
    expect(errorsOf(null, { ...valid, name: "n".repeat(256) })).toEqual({ name: M.nameTooLong });
  });

  it("url is required and must be http or https", () => {
    expect(errorsOf(null, { ...valid, url: "" })).toEqual({ url: M.urlRequired });
    expect(errorsOf(null, { ...valid, url: "ftp://example.com/x" })).toEqual({ url: M.urlInvalid });
    expect(errorsOf(null, { ...valid, url: "example.com" })).toEqual({ url: M.urlInvalid });
    expect(errorsOf(null, { ...valid, url: "javascript:alert(1)" })).toEqual({ url: M.urlInvalid });
    expect(errorsOf(null, { ...valid, url: "https://exa mple.com" })).toEqual({ url: M.urlInvalid });
    expect(errorsOf(null, { ...valid, url: `https://example.com/${"a".repeat(2048)}` })).toEqual({ url: M.urlTooLong });
    expect(errorsOf(null, { ...valid, url: "http://app.appsflyer.com/com.x?pid=dsp&c={campaign_name}" })).toEqual({});
    expect(isHttpUrl("HTTPS://EXAMPLE.COM")).toBe(true);
  });
});

describe("MMP parameters", () => {
  it("a required parameter of the advertiser's MMP needs a value", () => {
    expect(errorsOf("AppsFlyer", { ...valid, mmpParams: [{ key: "pid", value: "" }] })).toEqual({
      "mmpParams.0.value": "Media source (pid) is required for AppsFlyer",
    });
    expect(errorsOf("AppsFlyer", valid)).toEqual({ mmpParams: "Media source (pid) is required for AppsFlyer" });
    expect(errorsOf("AppsFlyer", { ...valid, mmpParams: [{ key: "pid", value: "dsp_int" }] })).toEqual({});
    expect(errorsOf("Adjust", valid)).toEqual({ mmpParams: "Tracker token (tracker) is required for Adjust" });
    expect(errorsOf(null, valid)).toEqual({});
  });

  it("keys are required when a value is given, free of URL separators, and unique", () => {
    const rows = (mmpParams: unknown[]) => errorsOf(null, { ...valid, mmpParams });
    expect(rows([{ key: "", value: "x" }])).toEqual({ "mmpParams.0.key": M.paramKeyRequired });
    expect(rows([{ key: "a b", value: "x" }])).toEqual({ "mmpParams.0.key": M.paramKeyInvalid });
    expect(rows([{ key: "a&b", value: "x" }])).toEqual({ "mmpParams.0.key": M.paramKeyInvalid });
    expect(rows([{ key: "a", value: "1" }, { key: "a", value: "2" }])).toEqual({ "mmpParams.1.key": M.paramKeyDuplicate });
    expect(rows([{ key: "a", value: "v".repeat(1025) }])).toEqual({ "mmpParams.0.value": M.paramValueTooLong });
    expect(rows(Array.from({ length: MAX_PARAMS + 1 }, (_, i) => ({ key: `k${i}`, value: "v" })))).toEqual({ mmpParams: M.tooManyParams });
  });

  it("drops empty rows and optional parameters left empty; trims the rest", () => {
    const parsed = clickDestinationSchema("AppsFlyer").parse({
      name: " Tracker ",
      url: " https://app.appsflyer.com/x ",
      mmpParams: [
        { key: "pid", value: " dsp_int " },
        { key: "c", value: "" },
        { key: "", value: "" },
        { key: "custom", value: "1" },
      ],
    });
    expect(parsed).toEqual({
      name: "Tracker",
      url: "https://app.appsflyer.com/x",
      mmpParams: [
        { key: "pid", value: "dsp_int" },
        { key: "custom", value: "1" },
      ],
    });
  });
});

describe("form rows and display", () => {
  it("lists the MMP's standard parameters first, then other stored ones", () => {
    const { rows, standardCount } = formParamRows("Branch", [
      { key: "extra", value: "1" },
      { key: "~channel", value: "dsp" },
    ]);
    expect(standardCount).toBe(MMP_PARAMETERS.Branch.length);
    expect(rows[0]).toEqual({ key: "~channel", value: "dsp" });
    expect(rows[1]).toEqual({ key: "~campaign", value: "" });
    expect(rows[rows.length - 1]).toEqual({ key: "extra", value: "1" });
  });

  it("reads stored JSON defensively and summarises it", () => {
    expect(parseStoredParams([{ key: "pid", value: "x" }, { nope: 1 }, null, "x"])).toEqual([{ key: "pid", value: "x" }]);
    expect(parseStoredParams({ key: "pid" })).toEqual([]);
    expect(summarizeParams([{ key: "pid", value: "x" }, { key: "c", value: "y" }])).toBe("pid=x, c=y");
    expect(summarizeParams([])).toBe("-");
    expect(M.empty).toBe("No Click Destinations for the selected Advertiser");
  });
});
