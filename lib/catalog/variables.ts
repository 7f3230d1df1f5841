// Feed variables and standard variables: the first guess of a mapping, and the
// scores computed from it. Pure: shared by the parser, the job and the UI.
import { KEY_VARIABLES, STANDARD_VARIABLES, type StandardVariable } from "./schema";

/** Common feed names of each standard variable, normalised (lower case, letters and digits only). */
const SYNONYMS: Partial<Record<StandardVariable, string[]>> = {
  id: ["id", "itemid", "productid", "sku", "offerid", "externalid"],
  title: ["title", "name", "productname", "producttitle"],
  description: ["description", "desc", "summary", "productdescription"],
  link: ["link", "url", "producturl", "landingpage", "deeplink"],
  image_link: ["imagelink", "image", "imageurl", "picture", "mainimage", "thumbnail"],
  additional_image_link: ["additionalimagelink", "additionalimages", "images"],
  price: ["price", "regularprice", "originalprice"],
  sale_price: ["saleprice", "specialprice", "discountprice"],
  availability: ["availability", "stock", "instock", "stockstatus"],
  brand: ["brand", "vendor", "manufacturer"],
  category: ["category", "googleproductcategory", "categoryid", "categoryname"],
  product_type: ["producttype", "type"],
  item_group_id: ["itemgroupid", "groupid", "parentid"],
};

const BY_NAME = new Map<string, StandardVariable>();
for (const variable of STANDARD_VARIABLES) BY_NAME.set(normalise(variable), variable);
for (const [variable, names] of Object.entries(SYNONYMS) as [StandardVariable, string[]][]) {
  for (const name of names) if (!BY_NAME.has(name)) BY_NAME.set(name, variable);
}

/** "g:image_link" → "imagelink"; "@id" → "id"; "shipping/price" → "price" (last segment). */
function normalise(name: string): string {
  const last = name.split("/").pop() ?? name;
  return last.replace(/^@/, "").replace(/^[A-Za-z0-9]+:/, "").toLowerCase().replace(/[^a-z0-9]/g, "");
}

/**
 * The standard variable a feed variable most likely holds, from its name.
 * Nested paths ("shipping/price") are not guessed: only top-level values are
 * the product's own.
 */
export function guessStandardVariable(name: string): StandardVariable | null {
  if (name.includes("/")) return null;
  return BY_NAME.get(normalise(name)) ?? null;
}

/** Standard variable → the feed variables mapped to it. */
export type MappingIndex = Map<string, string[]>;

export function mappingIndex(mappings: { name: string; standardVariable: string | null }[]): MappingIndex {
  const index: MappingIndex = new Map();
  for (const m of mappings) {
    if (!m.standardVariable) continue;
    index.set(m.standardVariable, [...(index.get(m.standardVariable) ?? []), m.name]);
  }
  return index;
}

/**
 * Share of items (0..100, 2 decimals) that have every key variable (id,
 * title, link, image_link, price) filled through the mapping. An item counts
 * only when all five are there: one missing image makes the product unusable.
 */
export function qualityScore(items: { data: Record<string, string> }[], index: MappingIndex): number {
  if (items.length === 0) return 0;
  const complete = items.filter((item) =>
    KEY_VARIABLES.every((key) => (index.get(key) ?? []).some((name) => (item.data[name] ?? "").trim() !== "")),
  ).length;
  return percent(complete, items.length);
}

/** parsedLines / totalLines × 100, 2 decimals; 0 for an empty feed. */
export function successRate(parsedLines: number, totalLines: number): number {
  return totalLines === 0 ? 0 : percent(parsedLines, totalLines);
}

/** part / whole as a percentage with 2 decimals. */
export function percent(part: number, whole: number): number {
  return Math.round((part / whole) * 10000) / 100;
}
