// /strategy/bulk-edit?ids=1,2,3 (business.md 2 bulk-edit review, 4): the bulk
// edit of the strategies selected in a strategy list. Data from
// lib/strategies/bulk-edit/page-data.ts; an id that is not the licensee's
// renders the 404 page; an A/B experiment's arm is left out with the reason
// above the form; no ids at all says how to choose them.
import Link from "next/link";
import { notFound } from "next/navigation";
import { NotFoundError } from "@/lib/errors";
import { loadBulkEditPage, parseIdsParam, type BulkEditPageData } from "@/lib/strategies/bulk-edit/page-data";
import { requireConsoleSession } from "@/lib/auth/request";
import { BulkEditForm } from "@/components/strategy/bulk-edit/bulk-edit-form";
import { WarningNote } from "@/components/ui/warning-note";

export const dynamic = "force-dynamic";

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function StrategyBulkEditPage({ searchParams }: { searchParams: SearchParams }) {
  const ctx = await requireConsoleSession();
  const { ids } = await searchParams;
  if (!ids || (Array.isArray(ids) ? ids.join("") : ids).trim() === "") return <NothingChosen />;
  let data: BulkEditPageData;
  try {
    data = await loadBulkEditPage(ctx, parseIdsParam(ids));
  } catch (err) {
    if (err instanceof NotFoundError) notFound();
    throw err;
  }
  return (
    <div className="space-y-5">
      <h1 className="text-2xl font-semibold text-slate-900">Bulk Edit Strategies</h1>
      {data.leftOut.map((s) => (
        <WarningNote key={s.id} testId="bulk-edit-left-out">
          Left out: {s.reason}
        </WarningNote>
      ))}
      {data.strategies.length > 0 ? <BulkEditForm data={data} /> : <p className="text-sm text-slate-700">No strategy of this selection can be bulk edited.</p>}
    </div>
  );
}

function NothingChosen() {
  return (
    <div className="space-y-3" data-testid="bulk-edit-empty">
      <h1 className="text-2xl font-semibold text-slate-900">Bulk Edit Strategies</h1>
      <p className="text-sm text-slate-700">
        No strategies are chosen. Select them in the{" "}
        <Link href="/strategy" className="font-medium text-primary hover:underline">
          strategy list
        </Link>{" "}
        (or a campaign&apos;s strategies), then choose Bulk Edit.
      </p>
    </div>
  );
}
