"use client";
// Search, status and parent filters of a list, and the CSV export of what
// the list shows. Each change goes to the URL and back to page 1.
import { useEffect, useRef } from "react";
import type { ListView } from "@/lib/list/types";
import type { ListStatus, ListUrlState } from "@/lib/list/url-state";
import { listQueryString } from "./use-list-navigation";
import { buttonClass } from "@/components/ui/button";
import { inputClass } from "@/components/ui/field";

const SEARCH_DEBOUNCE_MS = 500;

/**
 * A filter by parent (advertiser, campaign), shown when the list offers one:
 * its first choice, null, lists every parent's rows.
 */
function ParentFilter(props: {
  label: string;
  options: readonly { id: number; name: string }[] | null;
  value: number | null | undefined;
  onChange: (id: number | null) => void;
}) {
  if (!props.options) return null;
  return (
    <label className="block text-xs font-medium text-slate-600">
      {props.label}
      <select
        value={props.value ?? ""}
        onChange={(e) => props.onChange(Number(e.target.value) || null)}
        className={`mt-1 ${inputClass(false, { width: "w-auto max-w-56" })}`}
      >
        <option value="">All {props.label.toLowerCase()}s</option>
        {props.options.map((o) => (
          <option key={o.id} value={o.id}>
            {o.name}
          </option>
        ))}
      </select>
    </label>
  );
}

export function ListToolbar({
  view,
  navigate,
}: {
  view: ListView;
  navigate: (patch: Partial<ListUrlState>, opts?: { replace?: boolean }) => void;
}) {
  const { state, filters, entity, names } = view;
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const search = (text: string, now = false) => {
    clearTimeout(timer.current);
    const q = text.trim();
    if (q === state.q) return;
    const go = () => navigate({ q, page: 1 }, { replace: true });
    if (now) go();
    else timer.current = setTimeout(go, SEARCH_DEBOUNCE_MS);
  };
  // An advertiser's list (its pixels) names its advertiser to the export, not in the page's URL.
  const exportQuery = [listQueryString(view, { page: 1, ...view.scope }), new URLSearchParams(view.exportParams ?? {}).toString()].filter(Boolean).join("&");

  return (
    <div className="flex flex-wrap items-end gap-3" data-testid="list-toolbar">
      <form
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          search(String(new FormData(e.currentTarget).get("q") ?? ""), true);
        }}
      >
        <label className="block text-xs font-medium text-slate-600">
          Search
          <input
            type="search"
            name="q"
            defaultValue={state.q}
            placeholder="Name or id"
            aria-label={`Search ${names.plural}`}
            maxLength={100}
            onChange={(e) => search(e.target.value)}
            className={`mt-1 ${inputClass(false, { width: "w-64" })}`}
          />
        </label>
      </form>
      <label className="block text-xs font-medium text-slate-600">
        Status
        <select
          value={state.status}
          onChange={(e) => navigate({ status: e.target.value as ListStatus, page: 1 })}
          className={`mt-1 ${inputClass(false, { width: "w-auto" })}`}
        >
          <option value="all">All</option>
          <option value="active">Active</option>
          <option value="inactive">Inactive</option>
        </select>
      </label>
      <ParentFilter
        label="Advertiser"
        options={filters.advertisers}
        value={state.advertiserId}
        // Another advertiser's campaigns are not its own: the campaign filter starts over.
        onChange={(advertiserId) => navigate({ advertiserId, campaignId: null, page: 1 })}
      />
      <ParentFilter label="Campaign" options={filters.campaigns} value={state.campaignId} onChange={(campaignId) => navigate({ campaignId, page: 1 })} />
      <a
        href={`/api/list/${entity}/export${exportQuery ? `?${exportQuery}` : ""}`}
        download
        data-testid="export-csv"
        className={buttonClass("secondary", "md", "ml-auto")}
        title="Download every matching row with the columns shown, as CSV"
      >
        Export CSV
      </a>
    </div>
  );
}
