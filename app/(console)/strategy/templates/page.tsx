// /strategy/templates (shell.md 2.6, 3): the licensee's strategy templates on
// the shared list stack, paged, sorted and searched on the server.
import { requireConsoleSession } from "@/lib/auth/request";
import { loadListView } from "@/lib/entities/lists";
import { strategyTemplateEntity } from "@/lib/strategy-templates/entity";
import { TemplateList } from "@/components/strategy-template/template-list";

export const dynamic = "force-dynamic";

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function StrategyTemplatesPage({ searchParams }: { searchParams: SearchParams }) {
  const ctx = await requireConsoleSession();
  const view = await loadListView(ctx, strategyTemplateEntity.key, await searchParams);
  return (
    <div className="space-y-5">
      <div>
        <h1 className="text-2xl font-semibold text-slate-900">{strategyTemplateEntity.labels.titlePlural}</h1>
        <p className="mt-1 text-sm text-slate-600" data-testid="list-total">
          {view.total} {view.total === 1 ? strategyTemplateEntity.labels.singular : strategyTemplateEntity.labels.plural}
        </p>
      </div>
      <TemplateList view={view} />
    </div>
  );
}
