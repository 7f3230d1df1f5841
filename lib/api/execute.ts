// Runs a resource's operations for one REST request (lib/api/resource-operations.ts
// declares them): turns the URL and the JSON body into the operation's input
// and runs its definition with executeAction() for the caller's context. The
// router has checked the caller's access before any of these runs. Every
// write answers the record's view read again after the write, so each
// operation answers one shape.
import "server-only";
import type { SessionContext } from "../auth/context";
import { executeAction } from "../actions/define-action";
import { NotFoundError } from "../errors";
import { validationError } from "../validation/errors";
import { setActiveInBulkAction } from "../entities/actions";
import { readJsonBody } from "../net/read-body";
import { readView } from "../rest/read-view";
import type { ResourceView, RestResource } from "../rest/resource";

/** Only operations a resource has are declared: asked for another, it is not there. */
function declared<T>(operation: T | undefined): T {
  if (!operation) throw new NotFoundError();
  return operation;
}

/** How the console's actions name a record: its id, and its advertiser's when it has one. */
function recordIds(view: ResourceView): { id: number; advertiserId?: number } {
  return view.advertiserId === undefined ? { id: view.id } : { id: view.id, advertiserId: view.advertiserId };
}

export function listResource(resource: RestResource, ctx: SessionContext, url: URL): Promise<unknown> {
  return executeAction(resource.list.definition, ctx, Object.fromEntries(url.searchParams));
}

export const getResource = readView;

export async function createResource(resource: RestResource, ctx: SessionContext, request: Request): Promise<ResourceView> {
  const create = declared(resource.create);
  const body = await readJsonBody(request);
  const result = await executeAction(create.definition, ctx, create.input ? create.input(body) : body);
  return getResource(resource, ctx, create.createdId ? create.createdId(result) : (result as { id: number }).id);
}

/**
 * PATCH with `{ version, ...fields }`: the fields sent replace the stored
 * ones, the others stay; then the console's own update runs (its validation,
 * its version check: a stale version is 409).
 */
export async function updateResource(resource: RestResource, ctx: SessionContext, id: string, request: Request): Promise<ResourceView> {
  const update = declared(resource.update);
  const { version, ...fields } = await readJsonBody(request);
  if (typeof version !== "number" || !Number.isSafeInteger(version)) {
    throw validationError(["version"], `version is required: the version of the ${resource.singular} you last read`);
  }
  const editable = new Set(Object.keys(update.body.shape));
  const unknown = Object.keys(fields).find((key) => !editable.has(key));
  if (unknown !== undefined) throw validationError([unknown], `${unknown} cannot be changed here`);
  const current = await getResource(resource, ctx, id);
  const stored = update.editable
    ? update.editable(current)
    : Object.fromEntries([...editable].map((key) => [key, (current as unknown as Record<string, unknown>)[key]]));
  const values = { ...stored, ...fields };
  const input = update.input ? update.input({ id: current.id, version, values, current }) : { ...values, ...recordIds(current), version };
  await executeAction(update.definition, ctx, input);
  return getResource(resource, ctx, current.id);
}

export async function setResourceActive(resource: RestResource, ctx: SessionContext, id: string, active: boolean): Promise<ResourceView> {
  const operation = declared(active ? resource.activate : resource.deactivate);
  const current = await getResource(resource, ctx, id);
  if ("bulk" in operation) {
    await executeAction(setActiveInBulkAction.definition, ctx, { entity: operation.bulk, ids: [current.id], active });
  } else {
    const input = operation.input ? operation.input({ id: current.id, active, current }) : { ...recordIds(current), active };
    await executeAction(operation.definition, ctx, input);
  }
  return getResource(resource, ctx, current.id);
}

/**
 * DELETE: the entity's own delete definition for a record the caller can
 * read; answers the record's view as it was just before (it cannot be read
 * afterwards).
 */
export async function deleteResource(resource: RestResource, ctx: SessionContext, id: string): Promise<ResourceView> {
  const remove = declared(resource.delete);
  const current = await getResource(resource, ctx, id);
  await executeAction(remove.definition, ctx, remove.input ? remove.input({ id: current.id, current }) : { id: current.id });
  return current;
}
