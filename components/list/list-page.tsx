// The server part of a dashboard list page: heading, Create control, date
// range of the metrics, then the list rendered for the URL's state.
import type { SessionContext } from "@/lib/auth/context";
import { LIST_ENTITY_CONFIG } from "@/lib/list/entities";
import { loadListView } from "@/lib/list/load";
import type { ListEntity } from "@/lib/list/types";
import type { SearchParamsInput } from "@/lib/list/url-state";
import { DateRangeControl } from "@/components/date-range/date-range-control";
import { CreateControl } from "./create-control";
import { EntityList } from "./entity-list";

export async function ListPage({ ctx, entity, searchParams }: { ctx: SessionContext; entity: ListEntity; searchParams: SearchParamsInput }) {
  const config = LIST_ENTITY_CONFIG[entity];
  const view = await loadListView(ctx, entity, searchParams);
  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-semibold text-slate-900">{config.title}</h1>
          <p className="mt-1 text-sm text-slate-600" data-testid="list-total">
            {view.total} {view.total === 1 ? config.singular : config.plural}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <DateRangeControl ctx={ctx} />
          <CreateControl role={ctx.role} href={config.createHref} label={config.createLabel} testId={config.createTestId} />
        </div>
      </div>
      <EntityList view={view} />
    </div>
  );
}
