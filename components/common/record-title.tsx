// The title block of a details page header: the record's name, then a line of
// facts (what the page adds first, the id, the status dot and an 'Archived'
// badge), alike for every entity.
import type { ReactNode } from "react";
import { StatusDot } from "@/components/ui/status-dot";

export function RecordTitle({
  name,
  nameTestId,
  id,
  active,
  isArchived,
  facts,
}: {
  name: string;
  nameTestId: string;
  id: number;
  active: boolean;
  isArchived: boolean;
  /** Shown before the id (an advertiser's domain). */
  facts?: ReactNode;
}) {
  return (
    <>
      <h1 className="truncate text-xl font-semibold text-slate-900" data-testid={nameTestId}>
        {name}
      </h1>
      <div className="mt-1 flex flex-wrap items-center gap-3 text-sm text-slate-500">
        {facts}
        <span className="text-slate-500">ID {id}</span>
        <StatusDot active={active} label />
        {isArchived ? (
          <span data-testid="archived-badge" className="rounded bg-slate-200 px-2 py-0.5 text-xs font-semibold text-slate-700">
            Archived
          </span>
        ) : null}
      </div>
    </>
  );
}
