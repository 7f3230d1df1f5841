// The creative rules of business.md 5 with their messages: identifiers of
// more than 4 characters where the type needs them, dynamic macro catalog
// values, at least one dynamic video dimension, file or tag per type.
import { AD_TAG_MESSAGES } from "./ad-tags/schema";
import { CREATIVE_MESSAGES as M, CreativeEditSchema, SaveCreativesSchema, defaultCreativeName, macroCatalogIssues } from "./schema";

const row = (extra: Record<string, unknown> = {}) => ({
  name: "Banner",
  width: 300,
  height: 250,
  clickDestinationId: 7,
  kktuCode: "KK-123",
  person: "Alice",
  erId: "ER-12345",
  storageKey: "creatives/1/2/u/a.png",
  ...extra,
});
const errorsOf = (input: unknown) => {
  const r = SaveCreativesSchema.safeParse(input);
  return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join("."), i.message]));
};

test("image creatives need KKTU code, person and ER id of more than 4 characters", () => {
  expect(errorsOf({ creativeSetId: 1, type: "IMAGE", creatives: [row({ kktuCode: "1234", person: "Bob", erId: "" })] })).toEqual({
    "creatives.0.kktuCode": M.kktuTooShort,
    "creatives.0.person": M.personTooShort,
    "creatives.0.erId": M.erIdTooShort,
  });
  expect(errorsOf({ creativeSetId: 1, type: "IMAGE", creatives: [row({ kktuCode: "12345" })] })).toEqual({});
});

test("third-party ad tags need the tag but not the identifiers", () => {
  expect(errorsOf({ creativeSetId: 1, type: "THIRD_PARTY_AD_TAGS", creatives: [row({ kktuCode: "", person: "", erId: "", storageKey: undefined })] })).toEqual({
    "creatives.0.adTag": AD_TAG_MESSAGES.tagRequired,
  });
});

test("ad-tag rows are held to the ad-tag rules of their kind (display markup, VAST link or XML)", () => {
  const tagRow = (adTag: string) => row({ kktuCode: "", person: "", erId: "", storageKey: undefined, adTag });
  expect(errorsOf({ creativeSetId: 1, type: "THIRD_PARTY_AD_TAGS", creatives: [tagRow("just text")] })).toEqual({ "creatives.0.adTag": AD_TAG_MESSAGES.displayMarkup });
  expect(errorsOf({ creativeSetId: 1, type: "THIRD_PARTY_AD_TAGS", creatives: [tagRow("<script src='https://ads.example/t.js'></script>")] })).toEqual({});
  expect(errorsOf({ creativeSetId: 1, type: "THIRD_PARTY_VIDEO_AD_TAGS", creatives: [tagRow("<div>no vast</div>")] })).toEqual({ "creatives.0.adTag": AD_TAG_MESSAGES.videoTag });
  expect(errorsOf({ creativeSetId: 1, type: "THIRD_PARTY_VIDEO_AD_TAGS", creatives: [tagRow("https://ads.example/vast.xml")] })).toEqual({});
});

test("file types need an uploaded file", () => {
  expect(errorsOf({ creativeSetId: 1, type: "VIDEO", creatives: [row({ storageKey: undefined })] })).toEqual({ "creatives.0.storageKey": M.fileRequired });
});

test("dynamic macro creatives need the default image's and each additional image's catalog value", () => {
  expect(errorsOf({ creativeSetId: 1, type: "DYNAMIC_MACRO", creatives: [row({ properties: { additionalImageMacros: ["image_link", ""] } })] })).toEqual({
    "creatives.0.properties.defaultImageMacro": M.defaultImageRequired,
    "creatives.0.properties.additionalImageMacros.1": M.additionalImageRequired,
  });
  const variables = new Set(["image_link", "additional_image_link"]);
  expect(macroCatalogIssues({ defaultImageMacro: "{image_link}", additionalImageMacros: ["price"] }, variables)).toEqual([
    { path: ["properties", "additionalImageMacros", 0], message: M.macroNotInCatalog },
  ]);
  expect(macroCatalogIssues({ defaultImageMacro: "image_link" }, variables)).toEqual([]);
});

test("dynamic video needs at least one dimension", () => {
  expect(errorsOf({ creativeSetId: 1, type: "DYNAMIC_VIDEO", creatives: [row({ properties: { dimensions: [] } })] })).toEqual({
    "creatives.0.properties.dimensions": M.dimensionRequired,
  });
  expect(errorsOf({ creativeSetId: 1, type: "DYNAMIC_VIDEO", creatives: [row({ properties: { dimensions: ["1920x1080"] } })] })).toEqual({});
});

test("the edit form checks the identifiers of the stored type", () => {
  expect(CreativeEditSchema.safeParse({ type: "VIDEO", name: "V", clickDestinationId: 7, kktuCode: "12345", person: "Alice", erId: "abc" }).error?.issues[0].message).toBe(M.erIdTooShort);
  expect(CreativeEditSchema.safeParse({ type: "DYNAMIC_HTML", name: "H", clickDestinationId: 7 }).success).toBe(true);
});

test("every creative needs a click destination (business.md 5): missing, null or blank is the field's message; a bad id is not found", () => {
  for (const clickDestinationId of [undefined, null, ""]) {
    expect(errorsOf({ creativeSetId: 1, type: "IMAGE", creatives: [row({ clickDestinationId })] })).toEqual({ "creatives.0.clickDestinationId": M.clickDestinationRequired });
  }
  const editErrors = (input: Record<string, unknown>) => Object.fromEntries((CreativeEditSchema.safeParse(input).error?.issues ?? []).map((i) => [i.path.join("."), i.message]));
  // A stored video without its destination or its identifiers: every message at once.
  expect(editErrors({ type: "VIDEO", name: "V", clickDestinationId: null, kktuCode: "", person: "", erId: "" })).toEqual({
    clickDestinationId: M.clickDestinationRequired,
    kktuCode: M.kktuTooShort,
    person: M.personTooShort,
    erId: M.erIdTooShort,
  });
  const badId = CreativeEditSchema.safeParse({ type: "DYNAMIC_HTML", name: "H", clickDestinationId: "abc" }).error?.issues[0];
  expect((badId as { params?: unknown } | undefined)?.params).toEqual({ notFound: true });
});

test("new names follow the advertiser's format", () => {
  expect(defaultCreativeName("{creativeSetName}_{size}", { creativeSetName: "Spring", width: 300, height: 250, index: 0 })).toBe("Spring_300x250");
});
