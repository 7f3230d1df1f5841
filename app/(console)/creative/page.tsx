// All creatives (shell.md 3 creative columns) on the shared list stack, with
// the creatives' own filters: type and review status per exchange; an
// advertiser's creatives are this list with ?advertiserId=N.
import { requireConsoleSession } from "@/lib/auth/request";
import { loadCreativeListView, creativeListExtra } from "@/lib/creatives/list";
import { creativeTypeText } from "@/lib/creatives/type-labels";
import { aggregators } from "@/lib/creatives/reviews";
import { CREATIVE_TYPES } from "@/lib/creatives/schema";
import { CreativeList } from "@/components/creative/list/creative-list";
import { DateRangeControl } from "@/components/date-range/date-range-control";

export const dynamic = "force-dynamic";

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function CreativeListPage({ searchParams }: { searchParams: SearchParams }) {
  const ctx = await requireConsoleSession();
  const params = await searchParams;
  const [view, exchanges] = await Promise.all([loadCreativeListView(ctx, params), aggregators()]);
  const extra = creativeListExtra(params);
  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-semibold text-slate-900">Creatives</h1>
          <p className="mt-1 text-sm text-slate-600" data-testid="list-total">
            {view.total} {view.total === 1 ? "creative" : "creatives"}
          </p>
        </div>
        <DateRangeControl ctx={ctx} />
      </div>
      <CreativeList
        view={view}
        filters={{ type: extra.type, review: extra.reviewStatus, exchange: extra.exchangeId }}
        typeOptions={CREATIVE_TYPES.map((t) => ({ value: t, label: creativeTypeText(t) }))}
        exchanges={exchanges}
      />
    </div>
  );
}
