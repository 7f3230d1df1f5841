// Creative validation (business.md 3 CREATIVE, 5 "Creatives and sets"): one
// set of zod schemas for the add-creatives table and the edit form (browser,
// via @hookform/resolvers), the server actions and the REST API, so all give
// the same messages on the same fields. Pure: safe in client components.
//
// Rules that need the database (the uploaded file belongs to this licensee
// and advertiser and exists, the macros are catalog variables of the
// advertiser's feeds) run in ./mutations.ts with the messages below.
import { z } from "../validation/z";
import { IdSchema, MAX_ID, VersionSchema } from "../actions/fields";
import { CreativeType } from "../generated/prisma/enums";
import { adTagRowSchema, type AdTagKind } from "./ad-tags/schema";

export const CREATIVE_MESSAGES = {
  nameRequired: "Name is required",
  nameTooLong: "Name must be at most 255 characters",
  kktuTooShort: "KKTU code must be more than 4 characters",
  personTooShort: "Person must be more than 4 characters",
  erIdTooShort: "ER id must be more than 4 characters",
  identifierTooLong: "At most 100 characters",
  identifiersMissing: "This creative has no ad-marking identifiers (KKTU code, person, ER id), which its type needs: Edit it to add them.",
  identifiersMissingShort: "Identifiers missing",
  fileRequired: "Upload a file for this creative",
  fileNotFound: "This file was not uploaded for this advertiser: upload it again",
  sizeInvalid: "Width and height must be whole numbers from 1 to 10000",
  defaultImageRequired: "Choose the catalog value of the default image",
  additionalImageRequired: "Choose a catalog value for each additional image",
  macroNotInCatalog: "Not a catalog variable of this advertiser's feeds",
  dimensionRequired: "Choose at least one dimension",
  nativeTitleRequired: "Title is required for native creatives",
  typeMismatch: "These creatives must have the creative set's type",
  noCreatives: "Add at least one creative",
  tooManyCreatives: "At most 50 creatives at once",
  // business.md 5: "name, advertiser, click destination ... required".
  clickDestinationRequired: "Click destination is required",
  clickDestinationOfAdvertiser: "Choose a click destination of this advertiser",
  /** A creative stored before the click destination was required: its details and the lists say so until an edit chooses one. */
  clickDestinationMissing: "This creative has no click destination, which every creative needs: Edit it to choose one.",
  clickDestinationMissingShort: "Needs a click destination",
  staleVersion: "This creative was changed by someone else. Reload it and try again.",
  archivedReadOnly: "This creative is archived and can no longer be changed.",
  setArchived: "This creative set is archived: creatives can no longer be added to it.",
} as const;
const M = CREATIVE_MESSAGES;

export const CREATIVE_TYPES = Object.values(CreativeType) as CreativeType[];

/**
 * Types whose creatives need the KKTU code, person and ER id (business.md 3:
 * "extra required identifiers for some types"). Decision: every creative whose
 * file we host and serve ourselves (images, videos, HTML5, native, hybrid
 * static, playable) carries the ad-marking identifiers; third-party ad tags
 * are marked by the ad server that hosts them, and dynamic creatives (macro,
 * HTML, video, hybrid dynamic) are assembled per impression from the catalog,
 * so their marking is the catalog's.
 */
export const TYPES_WITH_IDENTIFIERS: readonly CreativeType[] = [
  "IMAGE",
  "VIDEO",
  "CTV_VIDEO",
  "ZIPPED_HTML",
  "PLAYABLE",
  "NATIVE_ICON",
  "NATIVE_IMAGE",
  "NATIVE_VIDEO",
  "HYBRID_STATIC_AD",
];

/** Types added as pasted third-party tags instead of uploaded files. */
export const AD_TAG_TYPES: readonly CreativeType[] = ["THIRD_PARTY_AD_TAGS", "THIRD_PARTY_VIDEO_AD_TAGS"];
export const NATIVE_TYPES: readonly CreativeType[] = ["NATIVE_ICON", "NATIVE_IMAGE", "NATIVE_VIDEO"];

export const isAdTagType = (type: CreativeType) => AD_TAG_TYPES.includes(type);
/** The kind of tag an ad-tag type takes (its rules: ./ad-tags/schema.ts). */
export const adTagKindOf = (type: CreativeType): AdTagKind => (type === "THIRD_PARTY_VIDEO_AD_TAGS" ? "video" : "display");
export const needsIdentifiers = (type: CreativeType) => TYPES_WITH_IDENTIFIERS.includes(type);

/** Dimensions a dynamic video is rendered in (business.md 5: at least one). */
export const DYNAMIC_VIDEO_DIMENSIONS = ["1920x1080", "1080x1920", "1080x1080", "1280x720", "720x1280"] as const;

/** Identifiers are "more than 4 characters" (business.md 5). */
const MIN_IDENTIFIER = 5;

const trimmed = z.string().trim();
const optionalText = trimmed.max(100, M.identifierTooLong).default("");
const size = z.number({ error: M.sizeInvalid }).int(M.sizeInvalid).min(1, M.sizeInvalid).max(10_000, M.sizeInvalid);

export const CreativeNameSchema = trimmed.min(1, M.nameRequired).max(255, M.nameTooLong);

const isBlank = (value: unknown) => value === null || value === undefined || (typeof value === "string" && value.trim() === "");

/**
 * A creative's own click destination (business.md 5: required): none is the
 * field's message (400); an id that names no record is "not found", as
 * IdSchema says, and one of another advertiser is the mutation's field error.
 * Documented as the record id it is, and required.
 */
const ClickDestinationIdSchema = z
  .unknown()
  .refine((value) => !isBlank(value), { message: M.clickDestinationRequired })
  .pipe(IdSchema) // not reached after the message above: a pipe stops at its first part's issues
  .meta({ override: { type: "integer", minimum: 1, maximum: MAX_ID } });

/** A creative stored before the click destination was required. */
export const lacksClickDestination = (creative: { clickDestinationId: number | null }) => creative.clickDestinationId === null;

/** The type-specific values kept in Creative.properties. */
export const CreativePropertiesSchema = z
  .object({
    /** DYNAMIC_MACRO: the catalog variable of the default image and of each additional image. */
    defaultImageMacro: trimmed.max(200).optional(),
    additionalImageMacros: z.array(trimmed.max(200)).max(10).optional(),
    /** DYNAMIC_VIDEO: the sizes it is rendered in. */
    dimensions: z.array(z.enum(DYNAMIC_VIDEO_DIMENSIONS)).max(DYNAMIC_VIDEO_DIMENSIONS.length).optional(),
    /** NATIVE_*: the texts shown around the icon, image or video. */
    title: trimmed.max(90).optional(),
    description: trimmed.max(300).optional(),
    callToAction: trimmed.max(30).optional(),
  })
  .default({});
export type CreativeProperties = z.output<typeof CreativePropertiesSchema>;

/** The identifiers and their messages, for the new rows, the edit form and the HLS conversion form. */
const IDENTIFIERS = [
  ["kktuCode", M.kktuTooShort],
  ["person", M.personTooShort],
  ["erId", M.erIdTooShort],
] as const;

/** The identifiers' labels, wherever they are asked for or shown. */
export const AD_MARKING_LABELS = { kktuCode: "KKTU code", person: "Person", erId: "ER id" } as const;
export const AD_MARKING_KEYS = IDENTIFIERS.map(([key]) => key);

/** The ad-marking identifiers' fields as typed (trimmed, at most 100 characters); whether a type needs them is identifierIssues'. */
export const AD_MARKING_FIELDS = { kktuCode: optionalText, person: optionalText, erId: optionalText };
export type AdMarkingValues = { kktuCode?: string | null; person?: string | null; erId?: string | null };

type Issue = { path: (string | number)[]; message: string };

/** Each identifier the type needs that is not more than 4 characters (a value that is not text, refused by its field, has none). */
export function identifierIssues(type: CreativeType, values: AdMarkingValues): Issue[] {
  if (!needsIdentifiers(type)) return [];
  const length = (value: unknown) => (typeof value === "string" ? value.trim().length : 0);
  return IDENTIFIERS.filter(([key]) => length(values[key]) < MIN_IDENTIFIER).map(([key, message]) => ({ path: [key], message }));
}

/** A stored creative whose type needs identifiers it lacks (converted before they were asked for): its edit form asks for them. */
export const lacksIdentifiers = (type: CreativeType, values: AdMarkingValues) => identifierIssues(type, values).length > 0;

/** identifierIssues as a schema's refinement: each message beside its field. */
export function refineIdentifiers(type: CreativeType) {
  return (values: AdMarkingValues, ctx: z.RefinementCtx) => {
    for (const issue of identifierIssues(type, values)) ctx.addIssue({ code: "custom", path: issue.path, message: issue.message });
  };
}

/** The rules of the type-specific values (business.md 5), as field issues under `properties`. */
export function propertyIssues(type: CreativeType, p: CreativeProperties): Issue[] {
  const issues: Issue[] = [];
  if (type === "DYNAMIC_MACRO") {
    if (!p.defaultImageMacro) issues.push({ path: ["properties", "defaultImageMacro"], message: M.defaultImageRequired });
    (p.additionalImageMacros ?? []).forEach((v, i) => {
      if (!v) issues.push({ path: ["properties", "additionalImageMacros", i], message: M.additionalImageRequired });
    });
  }
  if (type === "DYNAMIC_VIDEO" && (p.dimensions ?? []).length === 0) issues.push({ path: ["properties", "dimensions"], message: M.dimensionRequired });
  if (NATIVE_TYPES.includes(type) && !p.title) issues.push({ path: ["properties", "title"], message: M.nativeTitleRequired });
  return issues;
}

/** One creative of the add-creatives table. File types name their upload; ad-tag types carry the tag. */
export const NewCreativeRowSchema = z.object({
  name: CreativeNameSchema,
  width: size,
  height: size,
  clickDestinationId: ClickDestinationIdSchema,
  isDco: z.boolean().default(false),
  ...AD_MARKING_FIELDS,
  /** The lib/storage key the upload answered (file types). Its facts are re-read on the server. */
  storageKey: trimmed.max(1024).optional(),
  /** The pasted tag (ad-tag types). */
  adTag: trimmed.max(100_000).optional(),
  properties: CreativePropertiesSchema,
});
export type NewCreativeRow = z.input<typeof NewCreativeRowSchema>;
export type NewCreativeData = z.output<typeof NewCreativeRowSchema>;

/** Every rule of one new row for a type, as issues relative to the row. */
export function newRowIssues(type: CreativeType, row: NewCreativeData): Issue[] {
  const issues = [...identifierIssues(type, row), ...propertyIssues(type, row.properties)];
  if (isAdTagType(type)) {
    // The tag row's own rules (the ad-tag input's parser uses the same schema); its `tag` is our `adTag`.
    const tagRow = adTagRowSchema(adTagKindOf(type)).safeParse({ name: row.name, width: row.width, height: row.height, tag: row.adTag ?? "" });
    for (const i of tagRow.success ? [] : tagRow.error.issues) {
      issues.push({ path: i.path[0] === "tag" ? ["adTag", ...i.path.slice(1).map(String)] : i.path.map((p) => (typeof p === "symbol" ? String(p) : p)), message: i.message });
    }
  } else if (!row.storageKey) issues.push({ path: ["storageKey"], message: M.fileRequired });
  return issues;
}

/** Save the add-creatives table into a set: every row has the set's type. */
export const SaveCreativesSchema = z
  .object({
    creativeSetId: IdSchema,
    type: z.enum(CreativeType),
    creatives: z.array(NewCreativeRowSchema).min(1, M.noCreatives).max(50, M.tooManyCreatives),
  })
  .superRefine((input, ctx) => {
    input.creatives.forEach((row, i) => {
      for (const issue of newRowIssues(input.type, row)) ctx.addIssue({ code: "custom", path: ["creatives", i, ...issue.path], message: issue.message });
    });
  });
export type SaveCreativesInput = z.input<typeof SaveCreativesSchema>;

/** The edit form: name, click destination and the identifiers; type, advertiser and file are fixed. */
export const CreativeEditSchema = z
  .object({
    type: z.enum(CreativeType),
    name: CreativeNameSchema,
    clickDestinationId: ClickDestinationIdSchema,
    ...AD_MARKING_FIELDS,
  })
  // Also when another field failed (zod skips refinements then by default): a creative lacking its click destination and its identifiers names all of them at once.
  .superRefine((input, ctx) => refineIdentifiers(input.type)(input, ctx), { when: (payload) => typeof payload.value === "object" && payload.value !== null });
export type CreativeEditValues = z.input<typeof CreativeEditSchema>;

export const UpdateCreativeSchema = z.intersection(z.object({ id: IdSchema, version: VersionSchema }), CreativeEditSchema);

/** A macro as typed ("{image_link}" or "image_link") → the variable name. */
export function macroName(value: string): string {
  return value.trim().replace(/^\{\s*/, "").replace(/\s*\}$/, "");
}

/** Paths of the macros of `p` that are not among the catalog's variables. */
export function macroCatalogIssues(p: CreativeProperties, variables: ReadonlySet<string>): Issue[] {
  const issues: Issue[] = [];
  if (p.defaultImageMacro && !variables.has(macroName(p.defaultImageMacro))) {
    issues.push({ path: ["properties", "defaultImageMacro"], message: M.macroNotInCatalog });
  }
  (p.additionalImageMacros ?? []).forEach((v, i) => {
    if (v && !variables.has(macroName(v))) issues.push({ path: ["properties", "additionalImageMacros", i], message: M.macroNotInCatalog });
  });
  return issues;
}

/** The default name of a new creative from the advertiser's CREATIVE_NAME_FORMAT ("{creativeSetName}_{size}"). */
export function defaultCreativeName(format: string, values: { creativeSetName: string; width: number; height: number; index: number; fileName?: string }): string {
  const sizeText = `${values.width}x${values.height}`;
  const name = format
    .replaceAll("{creativeSetName}", values.creativeSetName)
    .replaceAll("{size}", sizeText)
    .replaceAll("{index}", String(values.index + 1))
    .replaceAll("{fileName}", values.fileName ?? "")
    .trim();
  return (name || `${values.creativeSetName}_${sizeText}`).slice(0, 255);
}
