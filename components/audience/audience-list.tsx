"use client";
// The audience list on the client: the shared list (toolbar, bulk activate /
// deactivate, table, pagination) with the audience source (`?type=app|web|
// dmp|lal`, shell.md 2.6) kept in the URL beside the list's state. Bulk
// status changes the selected rows (one action call for the ids): 'select
// all matching' is not offered, since the engine's filters do not carry the
// source and would reach every source's audiences.
import { setActiveInBulkAction } from "@/lib/entities/actions";
import type { ListView } from "@/lib/list/types";
import { AUDIENCE_TYPE_PARAMS, SOURCE_LABELS } from "@/lib/audiences/labels";
import { EntityListView, useEntityList } from "@/components/list/entity-list";
import { useFilteredListNavigation } from "@/components/list/use-list-navigation";
import { inputClass } from "@/components/ui/field";

const typeQuery = (type: string | null): [string, string][] => (type ? [["type", type]] : []);

export function AudienceList({ view, type }: { view: ListView; type: string | null }) {
  const list = useEntityList(view, (ids, active) => setActiveInBulkAction({ entity: view.entity, ids, active }));
  const { go, navigate, pending } = useFilteredListNavigation(view, type, typeQuery);

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-end gap-3">
        <label className="block text-xs font-medium text-slate-600">
          Audience type
          <select
            value={type ?? ""}
            onChange={(e) => go({ page: 1 }, e.target.value || null)}
            className={`mt-1 ${inputClass(false, { width: "w-auto max-w-56" })}`}
            data-testid="audience-type-filter"
          >
            <option value="">All types</option>
            {Object.entries(AUDIENCE_TYPE_PARAMS).map(([value, source]) => (
              <option key={value} value={value}>
                {SOURCE_LABELS[source]}
              </option>
            ))}
          </select>
        </label>
      </div>
      <EntityListView view={view} list={{ ...list, navigate, pending: list.pending || pending }} />
    </div>
  );
}
