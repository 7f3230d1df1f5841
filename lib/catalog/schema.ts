// Catalog feed forms (business.md 3: CATALOG FEED), shared by the client form
// and the server actions. Pure: safe in client components.
import { z } from "../validation/z";

export const FEED_FORMATS = ["XML", "CSV", "TSV", "ZIP"] as const;
export type FeedFormatName = (typeof FEED_FORMATS)[number];

export const FEED_SOURCE_TYPES = ["FILE", "FTP", "SFTP"] as const;
export type FeedSourceTypeName = (typeof FEED_SOURCE_TYPES)[number];

/** How often a feed is fetched and parsed again, in hours. */
export const UPDATE_FREQUENCIES = [
  { hours: 1, label: "Every hour" },
  { hours: 6, label: "Every 6 hours" },
  { hours: 12, label: "Every 12 hours" },
  { hours: 24, label: "Daily" },
  { hours: 168, label: "Weekly" },
] as const;
export const UPDATE_FREQUENCY_HOURS: readonly number[] = UPDATE_FREQUENCIES.map((f) => f.hours);

export function frequencyLabel(hours: number): string {
  return UPDATE_FREQUENCIES.find((f) => f.hours === hours)?.label ?? `Every ${hours} hours`;
}

/**
 * The standard variables a feed column or element can be mapped to (Google
 * Merchant product attributes, the de-facto feed vocabulary).
 */
export const STANDARD_VARIABLES = [
  "id",
  "title",
  "description",
  "link",
  "image_link",
  "additional_image_link",
  "price",
  "sale_price",
  "availability",
  "brand",
  "category",
  "product_type",
  "condition",
  "gtin",
  "mpn",
  "item_group_id",
  "color",
  "size",
  "gender",
  "age_group",
  "custom_label_0",
  "custom_label_1",
  "custom_label_2",
] as const;
export type StandardVariable = (typeof STANDARD_VARIABLES)[number];

/** The variables the quality score checks (a product without them cannot be shown in an ad). */
export const KEY_VARIABLES = ["id", "title", "link", "image_link", "price"] as const satisfies readonly StandardVariable[];

export const MAX_FEED_BYTES = 20 * 1024 * 1024;

/** "20 MB", or bytes below a megabyte. */
export function sizeText(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB` : `${bytes} bytes`;
}

/** business.md 8: file errors, size exceeds limit. */
export function sizeLimitMessage(bytes: number = MAX_FEED_BYTES): string {
  return `File size exceeds the limit of ${sizeText(bytes)}`;
}

const frequency = z.coerce
  .number({ message: "Choose an update frequency" })
  .int()
  .refine((h) => UPDATE_FREQUENCY_HOURS.includes(h), "Choose an update frequency");

const name = z.string().trim().min(1, "Name is required").max(256, "Name must be at most 256 characters");

/** A host name or IPv4 address, or an IPv6 address in brackets; never user:password@. */
const FTP_LINK = /^(s?ftp):\/\/([^/\s:@[\]]+|\[[0-9a-f:.]+\])(:\d{1,5})?(\/[^\s]*[^/\s])$/i;
const LINK_MESSAGE = "Enter a link like ftp://host/path/feed.csv or sftp://host/path/feed.xml";

function parsesAsUrl(link: string): boolean {
  try {
    return Boolean(new URL(link)); // a port over 65535, a malformed IPv6 address
  } catch {
    return false;
  }
}

/** `ftp://host/path/file.csv` or `sftp://host:2222/path/file.xml`; credentials go in their own fields. */
export const feedLink = z.string().trim().regex(FTP_LINK, LINK_MESSAGE).refine(parsesAsUrl, LINK_MESSAGE);

export function linkProtocol(link: string): "FTP" | "SFTP" {
  return link.toLowerCase().startsWith("sftp:") ? "SFTP" : "FTP";
}

const credentials = {
  username: z.string().trim().max(256).optional().default(""),
  /** Empty on edit: keep the stored password. */
  password: z.string().max(256).optional().default(""),
};

/**
 * New feed. The uploaded file itself travels beside these fields (multipart
 * FormData) and is checked by content, not here.
 */
export const FeedCreateSchema = z.discriminatedUnion("source", [
  z.object({ source: z.literal("FILE"), name, updateFrequencyHours: frequency }),
  z.object({ source: z.literal("LINK"), name, updateFrequencyHours: frequency, link: feedLink, ...credentials }),
]);
export type FeedCreateInput = z.input<typeof FeedCreateSchema>;
export type FeedCreateValues = z.output<typeof FeedCreateSchema>;

/** Edit: name and frequency; a link feed may also change its link and credentials. */
export const FeedUpdateSchema = z.object({
  name,
  updateFrequencyHours: frequency,
  link: feedLink.optional(),
  ...credentials,
});
export type FeedUpdateValues = z.output<typeof FeedUpdateSchema>;

// Blank is "none", stored as null; null itself is accepted too, so parsed values parse again unchanged.
export const VariableMappingUpdateSchema = z.object({
  standardVariable: z
    .union([z.enum(STANDARD_VARIABLES, { message: "Choose a standard variable" }), z.literal(""), z.null()])
    .transform((v) => (v ? v : null)),
  description: z
    .string()
    .trim()
    .max(500, "Description must be at most 500 characters")
    .nullable()
    .transform((v) => (v ? v : null)),
});
export type VariableMappingUpdateInput = z.input<typeof VariableMappingUpdateSchema>;
