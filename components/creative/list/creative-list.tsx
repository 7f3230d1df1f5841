"use client";
// A creative list on the client (all creatives, an advertiser's, a set's):
// the shared list (toolbar, bulk activate/deactivate, table, pagination) with
// the creatives' own filters (type, review status per exchange) kept in the
// URL beside the list's state, the media icon and preview cells, and
// "Associate Strategies" for the selected rows when they share an advertiser
// and a type.
import type { ReactNode } from "react";
import type { ListRowView, ListView } from "@/lib/list/types";
import type { CreativeMediaIcon } from "@/lib/creatives/media-kind";
import type { CreativeType } from "@/lib/generated/prisma/enums";
import { EntityListView, useEntityList } from "@/components/list/entity-list";
import { useFilteredListNavigation } from "@/components/list/use-list-navigation";
import { inputClass } from "@/components/ui/field";
import { CreativePreview, MediaIcon } from "../creative-preview";
import { AssociateStrategiesDialog } from "../associate-strategies-dialog";

export interface CreativeListFilters {
  type: string | null;
  review: string | null;
  exchange: number | null;
}

export interface CreativeListProps {
  view: ListView;
  filters: CreativeListFilters;
  /** Options of the type filter (null: not offered, a set's creatives all have its type) and of the exchanges. */
  typeOptions: { value: string; label: string }[] | null;
  exchanges: { id: number; name: string }[];
  /** Above the table, beside the filters (a set's 'Add Creatives'). */
  actions?: ReactNode;
}

interface RowData {
  type: CreativeType;
  advertiserId: number;
  fileUrl: string | null;
  width: number;
  height: number;
  media: CreativeMediaIcon;
  previewUrl: string | null;
}
const dataOf = (row: ListRowView) => row.data as unknown as RowData;

function extraQuery(filters: CreativeListFilters): [string, string][] {
  return [
    ["type", filters.type ?? ""],
    ["review", filters.review ?? ""],
    ["exchange", filters.exchange ? String(filters.exchange) : ""],
  ].filter(([, v]) => v !== "") as [string, string][];
}

export function CreativeList({ view, filters, typeOptions, exchanges, actions }: CreativeListProps) {
  const list = useEntityList(view);
  const { go, navigate, pending } = useFilteredListNavigation(view, filters, extraQuery);
  const setFilter = (patch: Partial<CreativeListFilters>) => go({ page: 1 }, { ...filters, ...patch });

  const selected = view.rows.filter((r) => list.actions.selectedIds.includes(r.id)).map(dataOf);
  const sameGroup = selected.length > 0 && selected.every((d) => d.advertiserId === selected[0].advertiserId && d.type === selected[0].type);

  const select = (label: string, value: string, onChange: (v: string) => void, options: { value: string; label: string }[], testId: string) => (
    <label className="block text-xs font-medium text-slate-600">
      {label}
      <select value={value} onChange={(e) => onChange(e.target.value)} className={`mt-1 ${inputClass(false, { width: "w-auto max-w-56" })}`} data-testid={testId}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </label>
  );

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-end gap-3" data-testid="creative-filters">
        {typeOptions && select("Type", filters.type ?? "", (v) => setFilter({ type: v || null }), [{ value: "", label: "All types" }, ...typeOptions], "creative-type-filter")}
        {select(
          "Review status",
          filters.review ?? "",
          (v) => setFilter({ review: v || null }),
          [
            { value: "", label: "Any review" },
            { value: "APPROVED", label: "Approved" },
            { value: "REJECTED", label: "Rejected" },
            { value: "PENDING", label: "Pending" },
          ],
          "creative-review-filter",
        )}
        {select(
          "Exchange",
          filters.exchange ? String(filters.exchange) : "",
          (v) => setFilter({ exchange: Number(v) || null }),
          [{ value: "", label: "Any exchange" }, ...exchanges.map((e) => ({ value: String(e.id), label: e.name }))],
          "creative-exchange-filter",
        )}
        <div className="ml-auto flex items-center gap-2">
          {view.writeControls !== "hidden" && (
            <AssociateStrategiesDialog
              kind="creative"
              ids={sameGroup ? list.actions.selectedIds : []}
              advertiserId={selected[0]?.advertiserId ?? 0}
              creativeType={selected[0]?.type ?? "IMAGE"}
              disabled={view.writeControls !== "enabled" || !sameGroup}
              onDone={list.refresh}
            />
          )}
          {actions}
        </div>
      </div>
      <EntityListView
        view={view}
        list={{ ...list, navigate, pending: list.pending || pending }}
        cells={{
          media: (row) => <MediaIcon media={dataOf(row).media} />,
          preview: (row) => {
            const d = dataOf(row);
            return <CreativePreview compact media={d.media} fileUrl={d.fileUrl} previewUrl={d.previewUrl} width={d.width} height={d.height} name={row.cells.name} />;
          },
        }}
      />
    </div>
  );
}
