"use client";
// Search, status and parent filters of a list, and the CSV export of what
// the list shows. Each change goes to the URL and back to page 1.
import { useEffect, useRef } from "react";
import { LIST_ENTITY_CONFIG } from "@/lib/list/entities";
import type { ListView } from "@/lib/list/types";
import type { ListStatus, ListUrlState } from "@/lib/list/url-state";
import { listQueryString } from "./use-list-navigation";

const SEARCH_DEBOUNCE_MS = 500;
const FIELD = "rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-800 shadow-xs focus:border-primary focus:ring-2 focus:ring-ring focus:outline-none";

export function ListToolbar({
  view,
  navigate,
}: {
  view: ListView;
  navigate: (patch: Partial<ListUrlState>, opts?: { replace?: boolean }) => void;
}) {
  const { state, filters, entity } = view;
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
  const exportQuery = listQueryString(view, { page: 1 });

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
            aria-label={`Search ${LIST_ENTITY_CONFIG[entity].plural}`}
            maxLength={100}
            onChange={(e) => search(e.target.value)}
            className={`mt-1 block w-64 ${FIELD}`}
          />
        </label>
      </form>
      <label className="block text-xs font-medium text-slate-600">
        Status
        <select
          value={state.status}
          onChange={(e) => navigate({ status: e.target.value as ListStatus, page: 1 })}
          className={`mt-1 block ${FIELD}`}
        >
          <option value="all">All</option>
          <option value="active">Active</option>
          <option value="inactive">Inactive</option>
        </select>
      </label>
      {filters.advertisers && (
        <label className="block text-xs font-medium text-slate-600">
          Advertiser
          <select
            value={state.advertiserId ?? ""}
            onChange={(e) => navigate({ advertiserId: Number(e.target.value) || null, campaignId: null, page: 1 })}
            className={`mt-1 block max-w-56 ${FIELD}`}
          >
            <option value="">All advertisers</option>
            {filters.advertisers.map((a) => (
              <option key={a.id} value={a.id}>
                {a.name}
              </option>
            ))}
          </select>
        </label>
      )}
      {filters.campaigns && (
        <label className="block text-xs font-medium text-slate-600">
          Campaign
          <select
            value={state.campaignId ?? ""}
            onChange={(e) => navigate({ campaignId: Number(e.target.value) || null, page: 1 })}
            className={`mt-1 block max-w-56 ${FIELD}`}
          >
            <option value="">All campaigns</option>
            {filters.campaigns.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        </label>
      )}
      <a
        href={`/api/list/${entity}/export${exportQuery ? `?${exportQuery}` : ""}`}
        download
        data-testid="export-csv"
        className="ml-auto inline-flex items-center gap-2 rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-700 shadow-xs hover:bg-slate-50"
        title="Download every matching row with the columns shown, as CSV"
      >
        Export CSV
      </a>
    </div>
  );
}
