// The server part of a dashboard list page: heading, Create control, date
// range of the metrics, then the list rendered for the URL's state. Texts and
// routes come from the entity's declaration (lib/entities/registry.ts).
import type { SessionContext } from "@/lib/auth/context";
import { listEntity, loadListView } from "@/lib/entities/lists";
import type { SearchParamsInput } from "@/lib/list/url-state";
import { DateRangeControl } from "@/components/date-range/date-range-control";
import { CreateControl } from "./create-control";
import { EntityList } from "./entity-list";

export async function ListPage({ ctx, entity, searchParams }: { ctx: SessionContext; entity: string; searchParams: SearchParamsInput }) {
  const { labels, routes, list } = listEntity(entity);
  const view = await loadListView(ctx, entity, searchParams);
  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-semibold text-slate-900">{labels.titlePlural}</h1>
          <p className="mt-1 text-sm text-slate-600" data-testid="list-total">
            {view.total} {view.total === 1 ? labels.singular : labels.plural}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <DateRangeControl ctx={ctx} />
          {list.create && routes.create && (
            <CreateControl role={ctx.role} href={routes.create} label={list.create.label} testId={list.create.testId} />
          )}
        </div>
      </div>
      <EntityList view={view} />
    </div>
  );
}
