/**
 * @jest-environment jsdom
 */
// The API reference page as a reader sees it: every operation of the
// document, its parameters, body fields and responses, and every schema with
// its fields, the type links leading to a schema section that exists.
import { render, screen, within } from "@testing-library/react";
import { z } from "@/lib/validation/z";
import { IdSchema } from "@/lib/actions/fields";
import { listOperation } from "@/lib/rest/list";
import { buildOpenApiDocument } from "@/lib/api/openapi";
import { resourceOperations } from "@/lib/api/resource-operations";
import { getDefinition } from "@/lib/rest/read";
import { erase, type RestResource } from "@/lib/rest/resource";
import { referenceView } from "@/lib/api/reference";
import { ApiReference } from "./api-reference";

const WidgetSchema = z.object({
  id: z.number().int(),
  name: z.string().meta({ description: "What the widget is called." }),
  parts: z.array(z.object({ key: z.string() })),
  active: z.boolean(),
  version: z.number().int(),
});
type Widget = z.output<typeof WidgetSchema>;
const noop = { name: "widget.write", access: "write" as const, input: z.unknown(), run: async () => ({ id: 1 }) };

const widgets: RestResource<Widget> = {
  path: "widgets",
  singular: "widget",
  plural: "widgets",
  schemaName: "Widget",
  description: "Widgets of the test.",
  view: WidgetSchema,
  list: listOperation<Widget, Widget>("widget.list", {
    sortFields: ["name", "id"],
    defaultSort: { field: "name", direction: "asc" },
    searchColumns: ["name"],
    filters: ["advertiserId", "status"],
    where: {},
    model: () => ({ findMany: async () => [], count: async () => 0 }),
    toView: (row) => row,
  }),
  get: getDefinition<Widget, Widget>("widget.get", "Widget", async () => null, (row) => row),
  create: {
    definition: erase(noop),
    body: z.object({ advertiserId: IdSchema, name: z.string().min(4).max(50) }),
    input: (body) => body,
    createdId: () => 1,
  },
  deactivate: { definition: erase(noop), input: ({ id }) => ({ id }) },
};

function renderReference() {
  const resource = widgets as unknown as RestResource;
  const document = buildOpenApiDocument([resource], resourceOperations(resource));
  render(<ApiReference view={referenceView(document)} documentUrl="/api/v1/openapi.json" />);
  return document;
}

test("every operation of the document is shown with its method and full path", () => {
  renderReference();
  const operations = screen.getAllByTestId("api-operation");
  const titles = operations.map((op) => within(op).getByRole("heading", { level: 3 }).textContent);
  expect(titles).toEqual([
    "GET/api/v1/widgetsList widgets",
    "POST/api/v1/widgetsCreate a widget",
    "GET/api/v1/widgets/{id}Get a widget",
    "POST/api/v1/widgets/{id}/deactivateDeactivate a widget",
  ]);
  expect(screen.getByTestId("openapi-download").getAttribute("href")).toBe("/api/v1/openapi.json");
});

test("a list shows its paging, sorting and filter parameters; a create its body fields with their limits", () => {
  renderReference();
  const list = screen.getByRole("table", { name: "Parameters of GET /api/v1/widgets" });
  const names = within(list).getAllByRole("row").slice(1).map((row) => within(row).getAllByRole("cell")[0].textContent);
  expect(names).toEqual(["page", "size", "sort", "q", "advertiserId", "status", "pageSize", "search"]);
  within(list).getByText('"active" | "inactive"');

  const body = screen.getByRole("table", { name: "Request body of POST /api/v1/widgets" });
  const nameRow = within(body).getByText("name").closest("tr")!;
  within(nameRow).getByText("4 to 50 characters");
  within(within(body).getByText("advertiserId").closest("tr")!).getByText("Yes");
});

test("responses name their body, and every schema link leads to a schema section with its fields", () => {
  renderReference();
  const container = document.body;
  const responses = screen.getByRole("table", { name: "Responses of GET /api/v1/widgets/{id}" });
  expect(within(responses).getAllByRole("row").slice(1).map((r) => within(r).getAllByRole("cell")[0].textContent)).toEqual(["200", "401", "404", "429"]);
  expect(within(responses).getByRole("link", { name: "Widget" }).getAttribute("href")).toBe("#schema-Widget");

  for (const link of container.querySelectorAll('a[href^="#schema-"]')) {
    expect(container.querySelector(link.getAttribute("href")!)).not.toBeNull();
  }
  const fields = screen.getByRole("table", { name: "Fields of Widget" });
  const rows = within(fields).getAllByRole("row").slice(1).map((r) => within(r).getAllByRole("cell")[0].textContent);
  expect(rows).toEqual(["id", "name", "parts", "parts[].key", "active", "version"]);
  within(fields).getByText("What the widget is called.");
});
