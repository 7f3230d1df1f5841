// The creative set list (shell.md 3) on the shared list stack; each set's
// details open in a new tab.
import { requireConsoleSession } from "@/lib/tenancy/request";
import { listEntity, loadListView } from "@/lib/entities/lists";
import { creativeSetEntity } from "@/lib/creative-sets/entity";
import { DateRangeControl } from "@/components/date-range/date-range-control";
import { CreateControl } from "@/components/list/create-control";
import { CreativeSetList } from "@/components/creative-set/creative-set-list";

export const dynamic = "force-dynamic";

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function CreativeSetListPage({ searchParams }: { searchParams: SearchParams }) {
  const ctx = await requireConsoleSession();
  const { labels, routes, list } = listEntity(creativeSetEntity.key);
  const view = await loadListView(ctx, creativeSetEntity.key, await searchParams);
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
          {list.create && routes.create ? <CreateControl role={ctx.role} href={routes.create} label={list.create.label} testId={list.create.testId} /> : null}
        </div>
      </div>
      <CreativeSetList view={view} />
    </div>
  );
}
