// What the API reference page (/home/api_reference) shows, read from the
// OpenAPI document itself: every operation grouped by resource, with its
// parameters, body fields and responses, and every schema's fields. Plain
// data, so the page renders it on the server and hands tables to the shared
// DataTable. Pure: no server imports.
import type { oas31 } from "zod-openapi";

export interface FieldRow {
  /** Dotted for nested fields ("link.url"), "[]" for array items ("mmpParams[].key"). */
  name: string;
  type: string;
  required: boolean;
  description: string;
  /** The schema a $ref names (its section on the page), when the type is one. */
  ref?: string;
  /** Path, query: where a parameter goes. */
  in?: string;
}

export interface ResponseRow {
  status: string;
  description: string;
  /** The answer's shape in one line: "Advertiser", "page of Advertiser", "Error". */
  body: string;
  ref?: string;
}

export interface OperationView {
  /** The operationId, also the anchor of its section. */
  id: string;
  method: string;
  path: string;
  summary: string;
  description: string;
  parameters: FieldRow[];
  body: FieldRow[];
  responses: ResponseRow[];
}

export interface ReferenceView {
  title: string;
  description: string;
  baseUrl: string;
  security: { name: string; description: string }[];
  groups: { tag: string; description: string; operations: OperationView[] }[];
  schemas: { name: string; fields: FieldRow[] }[];
}

type Schema = oas31.SchemaObject | oas31.ReferenceObject;

const refName = (schema: Schema): string | undefined =>
  "$ref" in schema && typeof schema.$ref === "string" ? schema.$ref.replace("#/components/schemas/", "") : undefined;

/** A schema's type in one line: "integer", "string (date-time)", "\"active\" | \"inactive\"", "Pixel[]", "string | null". */
export function typeText(schema: Schema | undefined): string {
  if (!schema) return "any";
  const ref = refName(schema);
  if (ref) return ref;
  const s = schema as oas31.SchemaObject;
  if (s.enum) return s.enum.map((v) => JSON.stringify(v)).join(" | ");
  if (s.anyOf || s.oneOf) return (s.anyOf ?? s.oneOf)!.map((part) => typeText(part)).join(" | ");
  const types = Array.isArray(s.type) ? s.type : s.type ? [s.type] : [];
  if (types.length === 0) return "any";
  return types
    .map((t) => (t === "array" ? `${typeText(s.items as Schema | undefined)}[]` : s.format ? `${t} (${s.format})` : t))
    .join(" | ");
}

/** Limits worth telling a caller: lengths, ranges, patterns, defaults. */
function limitsText(s: oas31.SchemaObject): string {
  const parts: string[] = [];
  if (s.minLength !== undefined || s.maxLength !== undefined) parts.push(`${s.minLength ?? 0} to ${s.maxLength ?? "any"} characters`);
  const min = s.minimum ?? (typeof s.exclusiveMinimum === "number" ? s.exclusiveMinimum + 1 : undefined);
  if (min !== undefined && min > -Number.MAX_SAFE_INTEGER) parts.push(`at least ${min}`);
  if (s.maximum !== undefined && s.maximum < Number.MAX_SAFE_INTEGER) parts.push(`at most ${s.maximum}`);
  if (s.maxItems !== undefined) parts.push(`at most ${s.maxItems} items`);
  if (s.default !== undefined) parts.push(`default ${JSON.stringify(s.default)}`);
  if (s.deprecated) parts.push("deprecated");
  return parts.join("; ");
}

function describe(schema: Schema): string {
  if (refName(schema)) return "";
  const s = schema as oas31.SchemaObject;
  const base = s.anyOf?.find((part) => !("type" in part && part.type === "null")) as oas31.SchemaObject | undefined;
  return [s.description ?? base?.description, limitsText(base ?? s)].filter(Boolean).join(". ");
}

/** The fields of an object schema, nested objects flattened ("link.url", "mmpParams[].key"). */
export function fieldRows(schema: Schema | undefined, prefix = ""): FieldRow[] {
  if (!schema || refName(schema)) return [];
  const s = schema as oas31.SchemaObject;
  const objectOf = (part: Schema | undefined) => {
    const p = part as oas31.SchemaObject | undefined;
    return p?.properties ? p : (p?.anyOf?.find((x) => (x as oas31.SchemaObject).properties) as oas31.SchemaObject | undefined);
  };
  return Object.entries(s.properties ?? {}).flatMap(([key, child]) => {
    const name = `${prefix}${key}`;
    const row: FieldRow = { name, type: typeText(child), required: (s.required ?? []).includes(key), description: describe(child), ref: refName(child) };
    const nested = objectOf(child);
    const items = (child as oas31.SchemaObject).items as Schema | undefined;
    const itemObject = objectOf(items);
    return [
      row,
      ...(nested ? fieldRows(nested, `${name}.`) : []),
      ...(itemObject ? fieldRows(itemObject, `${name}[].`) : []),
    ];
  });
}

function jsonSchemaOf(content: oas31.ContentObject | undefined): Schema | undefined {
  return content?.["application/json"]?.schema as Schema | undefined;
}

/** "Advertiser", "page of Advertiser", "Error": what respObject (or the error envelope) holds. */
function bodyText(schema: Schema | undefined): { body: string; ref?: string } {
  if (!schema) return { body: "" };
  const ref = refName(schema);
  if (ref) return { body: ref, ref };
  const inner = (schema as oas31.SchemaObject).properties?.respObject as Schema | undefined;
  if (!inner) return { body: typeText(schema) };
  const innerRef = refName(inner);
  if (innerRef) return { body: innerRef, ref: innerRef };
  const items = ((inner as oas31.SchemaObject).properties?.data as oas31.SchemaObject | undefined)?.items as Schema | undefined;
  const itemRef = items && refName(items);
  return itemRef ? { body: `page of ${itemRef}`, ref: itemRef } : { body: typeText(inner) };
}

function operationView(method: string, path: string, baseUrl: string, op: oas31.OperationObject): OperationView {
  const parameters = ((op.parameters ?? []) as oas31.ParameterObject[]).map((p) => ({
    name: p.name,
    in: p.in,
    type: typeText(p.schema as Schema | undefined),
    required: p.required === true,
    description: describe((p.schema ?? {}) as Schema) || (p.description ?? ""),
  }));
  const body = fieldRows(jsonSchemaOf((op.requestBody as oas31.RequestBodyObject | undefined)?.content));
  const responses = Object.entries(op.responses ?? {}).map(([status, response]) => {
    const r = response as oas31.ResponseObject;
    return { status, description: r.description, ...bodyText(jsonSchemaOf(r.content)) };
  });
  return { id: op.operationId ?? `${method}-${path}`, method: method.toUpperCase(), path: `${baseUrl}${path}`, summary: op.summary ?? "", description: op.description ?? "", parameters, body, responses };
}

const METHODS = ["get", "post", "patch", "put", "delete"] as const;

export function referenceView(document: oas31.OpenAPIObject): ReferenceView {
  const baseUrl = document.servers?.[0]?.url ?? "";
  const operations = Object.entries(document.paths ?? {}).flatMap(([path, item]) =>
    METHODS.flatMap((method) => {
      const op = (item as oas31.PathItemObject)[method];
      return op ? [{ tag: op.tags?.[0] ?? "", view: operationView(method, path, baseUrl, op) }] : [];
    }),
  );
  const tags = document.tags ?? [];
  return {
    title: document.info.title,
    description: document.info.description ?? "",
    baseUrl,
    security: Object.entries(document.components?.securitySchemes ?? {}).map(([name, scheme]) => ({
      name,
      description: (scheme as oas31.SecuritySchemeObject).description ?? "",
    })),
    groups: tags.map((tag) => ({
      tag: tag.name,
      description: tag.description ?? "",
      operations: operations.filter((o) => o.tag === tag.name).map((o) => o.view),
    })),
    schemas: Object.entries(document.components?.schemas ?? {}).map(([name, schema]) => ({ name, fields: fieldRows(schema as Schema) })),
  };
}
