import { ReportDefinitionSchema } from "./definition";
import { definitionFromSearch, definitionToSearch } from "./url-state";

test("a definition survives the round trip through the URL", () => {
  const def = ReportDefinitionSchema.parse({
    dimensions: ["campaign", "date"], metrics: ["impressions", "ctr"], from: "2024-03-01", to: "2024-03-07", timezoneId: 814, compare: true,
    filters: [{ dimension: "inventory", op: "notIn", values: ["app:3", "site:9"] }, { dimension: "country", values: ["IN", ""] }],
    sort: { by: "ctr", desc: false }, page: 3, pageSize: 100,
  });
  const search = definitionToSearch(def);
  expect(search).toContain("dims=campaign%2Cdate");
  expect(ReportDefinitionSchema.parse(definitionFromSearch(new URLSearchParams(search)))).toEqual(def);
});

test("a hand-edited URL is parsed as given, so the schema reports what is wrong", () => {
  const input = definitionFromSearch(new URLSearchParams("dims=planet&metrics=impressions&from=2024-03-01&to=2024-03-02&f=country.maybe.IN&page=x"));
  expect(input).toEqual({ dimensions: ["planet"], metrics: ["impressions"], from: "2024-03-01", to: "2024-03-02", filters: [{ dimension: "country", op: "maybe", values: ["IN"] }] });
  const r = ReportDefinitionSchema.safeParse(input);
  expect(r.success).toBe(false);
  expect(r.error?.issues.map((i) => i.path.join("."))).toEqual(["dimensions.0", "filters.0.op"]);
});

test("a link saved with the retired page size 50 opens with 25 rows a page", () => {
  const input = definitionFromSearch(new URLSearchParams("dims=campaign&metrics=impressions&from=2024-03-01&to=2024-03-02&size=50"));
  expect(ReportDefinitionSchema.parse(input).pageSize).toBe(25);
});
