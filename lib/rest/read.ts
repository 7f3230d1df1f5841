// The read operations of every REST resource: list (lib/rest/list.ts) and get,
// both read definitions through the tenant-scoped client answering API views.
// Get takes `{ id }`: another licensee's id, an archived row or an id that
// cannot be one is "not found" (404), exactly like a missing one.
import { z } from "../validation/z";
import type { ActionSpec } from "../actions/define-action";
import { IdSchema } from "../actions/fields";
import { orNotFound } from "../data/gate";
import type { TenantClient } from "../data/tenant-db";
import { listOperation, type ListModel, type ListSource } from "./list";
import { erase, type AnyDefinition, type ListFilter, type ListOperation } from "./resource";

export const GetInputSchema = z.object({ id: IdSchema });

type Where = Record<string, unknown>;

export function getDefinition<Row, View>(
  name: string,
  what: string,
  find: (db: TenantClient, id: number) => Promise<Row | null>,
  toView: (row: Row) => View,
): AnyDefinition {
  const definition: ActionSpec<typeof GetInputSchema, View> = {
    name,
    access: "read",
    input: GetInputSchema,
    run: async ({ db, input }) => toView(orNotFound(await find(db, input.id), what)),
  };
  return erase(definition);
}

/** What list and get need of a model's delegate on the tenant-scoped client. */
export interface ReadModel<Row> extends ListModel<Row> {
  findFirst(args: { where: Where }): Promise<Row | null>;
}

/** A resource's reads; what most resources share is the default. */
export interface ReadSource<Row, View> extends Partial<Omit<ListSource<Row, View>, "model" | "toView" | "sortFields">> {
  model(db: TenantClient): ReadModel<Row>;
  toView(row: Row): View;
  /** Sortable view fields; the first is the default sort, ascending. */
  sortFields: readonly [string, ...string[]];
  /** Rows get reads (default: not archived). */
  getWhere?: Where;
}

const DEFAULT_FILTERS: readonly ListFilter[] = ["advertiserId", "status"];

/** List and get of a resource (`name` prefixes the definitions' names; `what` is the "not found" noun). */
export function readOperations<Row, View>(name: string, what: string, source: ReadSource<Row, View>): { list: ListOperation; get: AnyDefinition } {
  const notArchived = { isArchived: false };
  return {
    list: listOperation(`${name}.list`, {
      defaultSort: { field: source.sortFields[0], direction: "asc" },
      searchColumns: ["name"],
      filters: DEFAULT_FILTERS,
      where: notArchived,
      ...source,
    }),
    get: getDefinition(`${name}.get`, what, (db, id) => source.model(db).findFirst({ where: { ...(source.getWhere ?? notArchived), id } }), source.toView),
  };
}
