// XML product feeds (RSS 2.0 / Google Merchant, Atom, <products><product>,
// Yandex YML, or any document with one repeating element).
//
// What a "line" is for XML: one product element (the repeating element, e.g.
// <item>). totalLines = product elements found; a product element that is not
// well-formed XML on its own is an error line.
//
// A well-formed document is parsed whole. fast-xml-parser accepts broken XML
// silently, so the document is validated first; when it is invalid, the
// products are salvaged one by one: the text is cut at each opening tag of the
// repeating element, each piece up to its last closing tag is validated and
// parsed on its own, and pieces that fail (or lack a closing tag) count as
// error lines. One broken product thus costs one line, not the whole feed.
import { XMLParser, XMLValidator } from "fast-xml-parser";
import type { FeedRecords, RecordData } from "./records";

const PARSER_OPTIONS = {
  ignoreAttributes: false,
  attributeNamePrefix: "@",
  textNodeName: "#text",
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  ignoreDeclaration: true,
  ignorePiTags: true,
  htmlEntities: true,
} as const;

/** Where products sit in the common feed formats, most specific first. */
const KNOWN_ITEM_PATHS = [
  ["rss", "channel", "item"],
  ["feed", "entry"],
  ["yml_catalog", "shop", "offers", "offer"],
  ["products", "product"],
  ["catalog", "product"],
  ["catalog", "products", "product"],
  ["items", "item"],
  ["offers", "offer"],
];
const KNOWN_ITEM_TAGS = ["item", "entry", "product", "offer"];

type XmlNode = { [key: string]: XmlValue };
type XmlValue = string | number | boolean | XmlNode | XmlValue[];

const isNode = (v: unknown): v is XmlNode => typeof v === "object" && v !== null && !Array.isArray(v);

export function parseXmlRecords(text: string): FeedRecords {
  const valid = XMLValidator.validate(text);
  if (valid === true) return parseWellFormed(text);
  const at = `line ${valid.err.line}, column ${valid.err.col}`;
  const reason = valid.err.msg.replace(/\.$/, "");
  return salvage(text, `The XML is not well-formed (${reason} at ${at}); products were read one by one`);
}

function parseWellFormed(text: string): FeedRecords {
  const doc = new XMLParser(PARSER_OPTIONS).parse(text) as XmlNode;
  const found = findItems(doc);
  if (!found) return emptyRecords("No repeating product element was found in the XML");
  const records = found.items.map((item) => (isNode(item) ? flatten(item) : null));
  return toFeedRecords(records, found.path, []);
}

/** The repeating product element: a known feed path, else the largest array of elements. */
function findItems(doc: XmlNode): { path: string[]; items: XmlValue[] } | null {
  for (const path of KNOWN_ITEM_PATHS) {
    const value = at(doc, path);
    if (value !== undefined) return { path, items: Array.isArray(value) ? value : [value] };
  }
  const found: { best: { path: string[]; items: XmlValue[] } | null } = { best: null };
  const visit = (node: XmlNode, path: string[]) => {
    for (const [key, value] of Object.entries(node)) {
      if (key.startsWith("@") || key === "#text") continue;
      const children = Array.isArray(value) ? value : [value];
      if (Array.isArray(value) && value.some(isNode) && value.length > (found.best?.items.length ?? 0)) {
        found.best = { path: [...path, key], items: value };
      }
      for (const child of children) if (isNode(child)) visit(child, [...path, key]);
    }
  };
  visit(doc, []);
  return found.best;
}

function at(doc: XmlNode, path: string[]): XmlValue | undefined {
  let node: XmlValue | undefined = doc;
  for (const key of path) {
    if (!isNode(node)) return undefined;
    node = node[key];
  }
  return node;
}

/**
 * One product as variable name → text. Nested elements become paths
 * ("shipping/country"), attributes "@name", repeated elements are joined
 * with commas (additional images, several categories).
 */
export function flatten(item: XmlNode): RecordData {
  const out: RecordData = {};
  const add = (name: string, value: string) => {
    if (!name || value === "") return;
    out[name] = out[name] ? `${out[name]},${value}` : value;
  };
  const walk = (node: XmlNode, prefix: string) => {
    for (const [key, value] of Object.entries(node)) {
      const name = key === "#text" ? prefix : prefix ? `${prefix}/${key}` : key;
      for (const v of Array.isArray(value) ? value : [value]) {
        if (isNode(v)) walk(v, name);
        else add(name, String(v).trim());
      }
    }
  };
  walk(item, "");
  return out;
}

function salvage(text: string, note: string): FeedRecords {
  const tag = detectItemTag(text);
  if (!tag) return emptyRecords(`${note}: no repeating product element was found`);
  const opening = new RegExp(`<${escapeRegExp(tag)}(?=[\\s>/])`, "g");
  const starts = [...text.matchAll(opening)].map((m) => m.index);
  const closing = `</${tag}>`;
  const parser = new XMLParser(PARSER_OPTIONS);
  const records = starts.map((start, i) => {
    const segment = text.slice(start, starts[i + 1] ?? text.length);
    const end = segment.lastIndexOf(closing);
    if (end < 0) return null;
    const piece = segment.slice(0, end + closing.length);
    if (XMLValidator.validate(piece) !== true) return null;
    const node = (parser.parse(piece) as XmlNode)[tag];
    return isNode(node) ? flatten(node) : null;
  });
  return toFeedRecords(records, [...ancestorsOf(text, starts[0]), tag], [note]);
}

/** The product tag of a broken document: a usual one if present, else the most frequent element with children. */
function detectItemTag(text: string): string | null {
  const counts = new Map<string, number>();
  const withChildren = new Set<string>();
  for (const m of text.matchAll(/<([A-Za-z_][\w:.-]*)(?=[\s>/])[^>]*?(\/?)>(\s*<[A-Za-z_])?/g)) {
    counts.set(m[1], (counts.get(m[1]) ?? 0) + 1);
    if (!m[2] && m[3]) withChildren.add(m[1]);
  }
  const known = KNOWN_ITEM_TAGS.filter((t) => counts.has(t)).sort((a, b) => counts.get(b)! - counts.get(a)!);
  if (known.length) return known[0];
  let best: string | null = null;
  for (const [tag, count] of counts) {
    if (count >= 2 && withChildren.has(tag) && (!best || count > counts.get(best)!)) best = tag;
  }
  return best;
}

/** Element names enclosing the first product, for the variable paths ("rss/channel"). */
function ancestorsOf(text: string, position: number): string[] {
  const stack: string[] = [];
  for (const m of text.slice(0, position).matchAll(/<(\/?)([A-Za-z_][\w:.-]*)[^>]*?(\/?)>/g)) {
    if (m[3]) continue;
    if (m[1]) stack.pop();
    else stack.push(m[2]);
  }
  return stack;
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

function toFeedRecords(records: (RecordData | null)[], itemPath: string[], notes: string[]): FeedRecords {
  const base = itemPath.join("/");
  const errors = [...notes];
  const bad = records.filter((r) => r === null).length;
  if (bad) errors.push(`${bad} product element(s) could not be parsed`);
  return {
    totalLines: records.length,
    structuralErrors: bad,
    records: records.filter((r): r is RecordData => r !== null),
    pathOf: (name) => `${base}/${name}`,
    errors,
  };
}

function emptyRecords(message: string): FeedRecords {
  return { totalLines: 0, structuralErrors: 0, records: [], pathOf: (name) => name, errors: [message] };
}
