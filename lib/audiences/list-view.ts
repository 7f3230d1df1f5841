// The /audience page's list view: the shared engine with the adapter of the
// URL's source (`type`) and the declaration's texts. Apart from ./list.ts so
// that the declaration (./entity.ts) can import the adapters without a cycle.
import "server-only";
import type { SessionContext } from "../auth/context";
import { fillRoute } from "../contracts/entity-routes";
import { listViewOf } from "../list/engine";
import type { ListView } from "../list/types";
import type { SearchParamsInput } from "../list/url-state";
import { audienceEntity as e } from "./entity";
import { audienceListAdapterFor, typeParamOf } from "./list";

/** The list view of /audience for the URL (its `type` included), on the shared engine with the registry's texts. */
export async function loadAudienceListView(ctx: SessionContext, params: SearchParamsInput): Promise<{ view: ListView; type: string | null }> {
  const type = typeParamOf(params);
  const view = await listViewOf(ctx, audienceListAdapterFor(params), params, {
    entity: e.key,
    names: { singular: e.labels.singular, plural: e.labels.plural },
    // shell.md 8 for the list; the menus' side lists keep their "No Result Found".
    emptyText: "No Audience found.",
    testId: "audience",
    selectable: true,
    detailsInNewTab: true,
    href: (r) => fillRoute(e.routes.details, { id: r.id }),
  });
  return { view: type ? { ...view, exportParams: { type } } : view, type };
}
