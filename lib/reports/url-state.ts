// A report definition in the page's URL (bookmarkable, shareable), and back.
// Client-safe. The page parses the result with ReportDefinitionSchema, so a
// hand-edited URL gets the schema's messages like any other input.
//   ?dims=campaign,date&metrics=impressions,clicks&from=2024-03-01&to=2024-03-07&tz=805
//   &f=country.in.IN,US&f=campaign.notIn.12&compare=1&sort=impressions&desc=1&page=2&size=25
// Filter values never hold a dot or a comma (ids, codes, app:<id>), so
// `dimension.op.v1,v2` needs no escaping.
import type { ReportDefinition, ReportDefinitionInput } from "./definition";

type Params = Pick<URLSearchParams, "get" | "getAll">;

const list = (v: string | null) => (v ? v.split(",").filter(Boolean) : undefined);
const int = (v: string | null) => (v !== null && /^-?\d+$/.test(v) ? Number(v) : undefined);

/** What the URL says; fields it does not name are left out (the page fills its defaults). */
export function definitionFromSearch(params: Params): Partial<ReportDefinitionInput> {
  const out: Record<string, unknown> = {};
  const dims = list(params.get("dims"));
  if (dims) out.dimensions = dims;
  const metrics = list(params.get("metrics"));
  if (metrics) out.metrics = metrics;
  for (const key of ["from", "to"] as const) {
    const v = params.get(key);
    if (v) out[key] = v;
  }
  const tz = int(params.get("tz"));
  if (tz !== undefined) out.timezoneId = tz;
  const filters = params.getAll("f").map((f) => {
    const [dimension = "", op = "", ...rest] = f.split(".");
    return { dimension, op, values: rest.join(".").split(",") };
  });
  if (filters.length) out.filters = filters;
  if (params.get("compare") === "1") out.compare = true;
  const sort = params.get("sort");
  if (sort) out.sort = { by: sort, desc: params.get("desc") !== "0" };
  const page = int(params.get("page"));
  if (page !== undefined) out.page = page;
  const size = int(params.get("size"));
  if (size !== undefined) out.pageSize = size;
  return out as Partial<ReportDefinitionInput>;
}

/** The URL's query for a definition (defaults left out to keep links short). */
export function definitionToSearch(def: ReportDefinition | ReportDefinitionInput): string {
  const p = new URLSearchParams();
  p.set("dims", def.dimensions.join(","));
  p.set("metrics", def.metrics.join(","));
  p.set("from", def.from);
  p.set("to", def.to);
  if (def.timezoneId !== undefined) p.set("tz", String(def.timezoneId));
  for (const f of def.filters ?? []) p.append("f", `${f.dimension}.${f.op ?? "in"}.${f.values.join(",")}`);
  if (def.compare) p.set("compare", "1");
  if (def.sort) {
    p.set("sort", def.sort.by);
    p.set("desc", def.sort.desc === false ? "0" : "1");
  }
  if (def.page && def.page > 1) p.set("page", String(def.page));
  if (def.pageSize) p.set("size", String(def.pageSize));
  return p.toString();
}
