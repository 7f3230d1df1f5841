// The audience list (shell.md 3) on the shared list stack: ?type=app|web|dmp|lal
// lists one source (shell.md 2.6), none lists all; each audience's details
// open in a new tab (business.md 2).
import { requireConsoleSession } from "@/lib/auth/request";
import { loadAudienceListView } from "@/lib/audiences/list-view";
import { SOURCE_LABELS, sourceOfTypeParam } from "@/lib/audiences/labels";
import { CreateControl } from "@/components/list/create-control";
import { DateRangeControl } from "@/components/date-range/date-range-control";
import { AudienceList } from "@/components/audience/audience-list";

export const dynamic = "force-dynamic";

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function AudienceListPage({ searchParams }: { searchParams: SearchParams }) {
  const ctx = await requireConsoleSession();
  const { view, type } = await loadAudienceListView(ctx, await searchParams);
  const source = sourceOfTypeParam(type);
  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-semibold text-slate-900">{source ? `${SOURCE_LABELS[source]} Audiences` : "Audiences"}</h1>
          <p className="mt-1 text-sm text-slate-600" data-testid="list-total">
            {view.total} {view.total === 1 ? "audience" : "audiences"}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <DateRangeControl ctx={ctx} />
          <CreateControl role={ctx.role} href="/audience/create" label="Create Audience" testId="create-audience" />
        </div>
      </div>
      <AudienceList view={view} type={type} />
    </div>
  );
}
