// The shape of a REST resource of the public API (/api/v1/{path}). A resource
// names, per entity, the operations it offers; every operation IS an action
// definition (lib/actions/define-action.ts) run with executeAction() for the
// API key's (or cookie's) context, so the API and the screens enforce the
// same session, role, licensee, validation, transaction and audit rules:
// - list and get: read definitions returning API views (plain JSON, never rows);
// - create, update (PATCH with `version`), activate and deactivate: the very
//   definitions the console's server actions run (`someAction.definition`),
//   with a small mapping from the REST request to the action's input.
// Each entity declares its resource once, in lib/<entity>/rest.ts, and hands it
// to the registry as `rest:` in its entity.ts; the REST router and the OpenAPI
// document (lib/api) read it there. Low: entities import this, never lib/api.
import type { z } from "../validation/z";
import type { ActionSpec } from "../actions/define-action";

/** A definition whose input and result types the REST layer does not need to know. */
export type AnyDefinition = ActionSpec<z.ZodType, unknown>;

/** Erases a definition's types so resources of every entity fit one list (the input is still parsed by its schema). */
export function erase<S extends z.ZodType, T>(definition: ActionSpec<S, T>): AnyDefinition {
  return definition as unknown as AnyDefinition;
}

/** The list filters the API knows; each resource names the ones that apply to it. */
export const LIST_FILTERS = ["advertiserId", "campaignId", "status"] as const;
export type ListFilter = (typeof LIST_FILTERS)[number];

export interface ListOperation {
  /** A read definition taking the query parameters (lib/rest/list.ts listOperation). */
  definition: AnyDefinition;
  /** The query parameters as documented: paging, sort fields, filters and search of this resource. */
  query: z.ZodObject;
}

export interface CreateOperation {
  definition: AnyDefinition;
  /** The request body as documented (the same zod schema the form and the action validate with). */
  body: z.ZodType;
  /** The action's input for a request body (a JSON object); default: the body. */
  input?(body: Record<string, unknown>): unknown;
  /** The new record's id in the action's result; default: its `id`. */
  createdId?(result: unknown): number;
}

export interface UpdateOperation<View extends ResourceView = ResourceView> {
  definition: AnyDefinition;
  /** The fields a PATCH may send (besides `version`), as documented. */
  body: z.ZodObject;
  /**
   * The current values of those fields, from the view: a PATCH replaces the
   * fields it sends and keeps the others. Default: the view's fields of the same names.
   */
  editable?(current: View): Record<string, unknown>;
  /** Default: the values with the record's id, advertiserId (when it has one) and the version sent. */
  input?(args: { id: number; version: number; values: Record<string, unknown>; current: View }): unknown;
}

/**
 * Activate or deactivate: a definition of the entity's own (the advertiser's
 * details page), or "bulk": the registry's one bulk status action
 * (lib/entities/actions.ts setActiveInBulkAction) for this one record, as the
 * lists' row buttons run it.
 */
export type StatusOperation<View extends ResourceView = ResourceView> =
  | { definition: AnyDefinition; input?(args: { id: number; active: boolean; current: View }): unknown }
  | { bulk: string /* the entity's key ("campaign"); the registry declares its bulk status */ };

/** Activate and deactivate through the entity's own status definition (its input says which). */
export function statusOperations<S extends z.ZodType, T>(definition: ActionSpec<S, T>): { activate: StatusOperation; deactivate: StatusOperation } {
  const operation = { definition: erase(definition) };
  return { activate: operation, deactivate: operation };
}

/** Activate and deactivate through the registry's bulk status action, for the entity of `key`. */
export function bulkStatusOperations(key: string): { activate: StatusOperation; deactivate: StatusOperation } {
  return { activate: { bulk: key }, deactivate: { bulk: key } };
}

/**
 * DELETE /api/v1/{path}/{id}: the entity's own delete definition (the
 * console's Delete button), taking `{ id }` unless `input` says otherwise.
 * The answer is the record's view as it was just before.
 */
export interface DeleteOperation<View extends ResourceView = ResourceView> {
  definition: AnyDefinition;
  input?(args: { id: number; current: View }): unknown;
}

/** Every view carries its id; editable ones their row version. */
export interface ResourceView {
  id: number;
  version?: number;
  /** Records of an advertiser: their actions name it beside the record's id. */
  advertiserId?: number;
}

export interface RestResource<View extends ResourceView = ResourceView> {
  /** The URL segment: "advertisers", "click-destinations". */
  path: string;
  /** For messages and the document: "click destination" / "click destinations". */
  singular: string;
  plural: string;
  /** The view's schema name in the document: "ClickDestination". */
  schemaName: string;
  description: string;
  /** The API view every operation answers with, documented as the response. */
  view: z.ZodType<View>;
  list: ListOperation;
  /** A read definition taking `{ id }`, answering the view (lib/rest/read.ts getDefinition). */
  get: AnyDefinition;
  create?: CreateOperation;
  update?: UpdateOperation<View>;
  activate?: StatusOperation<View>;
  deactivate?: StatusOperation<View>;
  delete?: DeleteOperation<View>;
}

/** The operations a resource may have, in the order the document lists them. */
export const OPERATION_KINDS = ["list", "get", "create", "update", "activate", "deactivate", "delete"] as const;
export type OperationKind = (typeof OPERATION_KINDS)[number];

export function operationsOf(resource: RestResource<ResourceView>): OperationKind[] {
  return OPERATION_KINDS.filter((kind) => resource[kind] !== undefined);
}
