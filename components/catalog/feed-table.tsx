"use client";
// The feed list of the PRODUCT CATALOG tab (shell.md 3: active, name, source,
// updateFrequency, lastUpdated, updatedStatus, objectsParsed/objectsFound,
// successRate).
import Link from "next/link";
import { EmptyRow } from "@/components/common/empty-row";
import { StatusDot } from "@/components/common/status-dot";
import type { FeedRow } from "@/lib/catalog/queries";
import { frequencyLabel } from "@/lib/catalog/schema";
import { secondaryButtonClass } from "@/components/common/form-classes";
import { formatDateTime, formatPercent } from "./format";
import { FeedStatusBadge } from "./status-badge";

const HEADERS = ["Status", "Name", "Source", "Update Frequency", "Last Updated", "Update Status", "Items Imported", "Success Rate", ""];

export function FeedTable({
  feeds,
  canWrite,
  busyId,
  onRefresh,
  feedHref,
}: {
  feeds: FeedRow[];
  canWrite: boolean;
  busyId: number | null;
  onRefresh: (feed: FeedRow) => void;
  feedHref: (feed: FeedRow) => string;
}) {
  return (
    <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-xs">
      <table className="w-full text-left text-sm" data-testid="catalog-feed-table">
        <thead className="border-b border-slate-200 bg-slate-50 text-xs font-semibold tracking-wide text-slate-500 uppercase">
          <tr>
            {HEADERS.map((h, i) => (
              <th key={i} scope="col" className="px-4 py-3 whitespace-nowrap">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {feeds.length === 0 ? (
            <EmptyRow colSpan={HEADERS.length} text="No catalog feed found." />
          ) : (
            feeds.map((feed) => (
              <tr key={feed.id} className="hover:bg-slate-50" data-testid="catalog-feed-row" data-feed-id={feed.id}>
                <td className="px-4 py-3">
                  <StatusDot active={feed.active} />
                </td>
                <td className="px-4 py-3">
                  <Link href={feedHref(feed)} scroll={false} className="font-medium text-primary hover:underline" data-testid="feed-name">
                    {feed.name}
                  </Link>
                </td>
                <td className="max-w-64 truncate px-4 py-3 text-slate-600" title={feed.source}>
                  {feed.source}
                </td>
                <td className="px-4 py-3 whitespace-nowrap text-slate-600">{frequencyLabel(feed.updateFrequencyHours)}</td>
                <td className="px-4 py-3 whitespace-nowrap text-slate-600" data-testid="feed-last-updated">
                  {formatDateTime(feed.lastUpdated)}
                </td>
                <td className="px-4 py-3">
                  <FeedStatusBadge status={feed.updateStatus} title={feed.lastProcessStatus} />
                </td>
                <td className="px-4 py-3 text-slate-700 tabular-nums" data-testid="feed-items">
                  {feed.itemsImported}/{feed.itemsTotal}
                </td>
                <td className="px-4 py-3 text-slate-700 tabular-nums" data-testid="feed-success-rate">
                  {formatPercent(feed.successRate)}
                </td>
                <td className="px-4 py-3 text-right">
                  <button
                    type="button"
                    className={secondaryButtonClass}
                    disabled={!canWrite || busyId === feed.id}
                    title={canWrite ? undefined : "Not available for your role"}
                    onClick={() => onRefresh(feed)}
                    data-testid="feed-refresh"
                  >
                    Refresh now
                  </button>
                </td>
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
