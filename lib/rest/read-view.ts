// A record's view for an operation's answer: the resource's own get
// definition run for the caller, so another licensee's id or an archived row
// is 404 exactly as GET /api/v1/{resource}/{id} answers it.
import "server-only";
import { executeAction } from "../actions/define-action";
import type { SessionContext } from "../auth/context";
import type { ResourceView, RestResource } from "./resource";

export async function readView(resource: RestResource, ctx: SessionContext, id: string | number): Promise<ResourceView> {
  return (await executeAction(resource.get, ctx, { id })) as ResourceView;
}
