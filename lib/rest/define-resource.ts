// The one way a REST resource is declared (in lib/<entity>/rest.ts, named by
// the entity's `rest:` in its entity.ts): its names, its view schema, where
// its rows come from, and the writes it has. Names follow from the singular
// and plural ("click destination" → /api/v1/click-destinations, schema
// ClickDestination, definitions clickDestination.list / .get, "Click
// destination not found"); the view is the schema's columns of the row
// (lib/rest/view.ts) unless the entity maps its own.
import "server-only";
import type { z } from "../validation/z";
import { readOperations, type ReadSource } from "./read";
import type { CreateOperation, DeleteOperation, RestResource, StatusOperation, UpdateOperation } from "./resource";
import { viewMapper } from "./view";

export interface ResourceOptions<Row, View extends { id: number }> extends Omit<ReadSource<Row, View>, "toView"> {
  /** What the resource is, for the OpenAPI document. */
  description: string;
  /** Default: the view schema's fields of the row. */
  toView?: (row: Row) => View;
  create?: CreateOperation;
  update?: UpdateOperation<View>;
  activate?: StatusOperation<View>;
  deactivate?: StatusOperation<View>;
  delete?: DeleteOperation<View>;
}

const words = (text: string) => text.split(" ");
const capital = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

export function defineResource<S extends z.ZodObject, Row extends object>(
  [singular, plural]: [string, string],
  view: S,
  options: ResourceOptions<Row, z.output<S> & { id: number }>,
): RestResource<z.output<S> & { id: number }> {
  const {
    description,
    toView = viewMapper(view) as (row: Row) => z.output<S> & { id: number },
    create,
    update,
    activate,
    deactivate,
    delete: remove,
    ...read
  } = options;
  const [first, ...rest] = words(singular);
  return {
    path: words(plural).join("-"),
    singular,
    plural,
    schemaName: words(singular).map(capital).join(""),
    description,
    view: view as unknown as z.ZodType<z.output<S> & { id: number }>,
    ...readOperations(first + rest.map(capital).join(""), capital(singular), { ...read, toView }),
    ...(create ? { create } : {}),
    ...(update ? { update } : {}),
    ...(activate ? { activate } : {}),
    ...(deactivate ? { deactivate } : {}),
    ...(remove ? { delete: remove } : {}),
  };
}
