"use client";
// Feed details in a drawer from the right: counts and status, Refresh now,
// activate/deactivate, edit, and the variable mapping table.
import { useState } from "react";
import * as Dialog from "@radix-ui/react-dialog";
import type { FeedRow, MappingRow } from "@/lib/catalog/queries";
import { frequencyLabel } from "@/lib/catalog/schema";
import { secondaryButtonClass } from "@/components/common/form-classes";
import { formatDateTime, formatPercent } from "./format";
import { FeedEditForm } from "./feed-edit-form";
import { MappingTable } from "./mapping-table";
import { FeedStatusBadge } from "./status-badge";

export function FeedDrawer({
  feed,
  mappings,
  canWrite,
  busy,
  onClose,
  onRefresh,
  onSetActive,
  onSaved,
}: {
  feed: FeedRow;
  mappings: MappingRow[];
  canWrite: boolean;
  busy: boolean;
  onClose: () => void;
  onRefresh: () => void;
  onSetActive: (active: boolean) => void;
  onSaved: () => void;
}) {
  const [editing, setEditing] = useState(false);
  const facts: [string, React.ReactNode, string?][] = [
    ["Source", feed.source],
    ["Update frequency", frequencyLabel(feed.updateFrequencyHours)],
    ["Update status", <FeedStatusBadge key="s" status={feed.updateStatus} />],
    ["Last process status", feed.lastProcessStatus ?? "-", "feed-last-process-status"],
    ["Last success", formatDateTime(feed.lastUpdated)],
    ["Next run", formatDateTime(feed.nextRunAt)],
    ["Lines (total / parsed / errors)", `${feed.totalLines} / ${feed.parsedLines} / ${feed.errorLines}`, "feed-lines"],
    ["Items imported", `${feed.itemsImported}/${feed.itemsTotal}`],
    ["Success rate", formatPercent(feed.successRate)],
    ["Quality score", formatPercent(feed.qualityScore), "feed-quality"],
    ["Variables mapped", String(feed.variablesMapped)],
  ];
  const disabledTitle = canWrite ? undefined : "Not available for your role";

  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/30" />
        <Dialog.Content
          data-testid="feed-drawer"
          aria-describedby={undefined}
          className="fixed top-0 right-0 z-50 flex h-full w-[min(100vw,960px)] flex-col bg-white shadow-2xl focus:outline-none"
        >
          <div className="flex items-center gap-3 border-b border-slate-200 px-5 py-3">
            <Dialog.Title className="truncate text-base font-semibold text-slate-900">{feed.name}</Dialog.Title>
            <div className="ml-auto flex items-center gap-2">
              <button type="button" className={secondaryButtonClass} disabled={!canWrite || busy} title={disabledTitle} onClick={onRefresh}>
                Refresh now
              </button>
              <button
                type="button"
                className={secondaryButtonClass}
                disabled={!canWrite || busy}
                title={disabledTitle}
                onClick={() => onSetActive(!feed.active)}
              >
                {feed.active ? "Deactivate" : "Activate"}
              </button>
              <button type="button" className={secondaryButtonClass} disabled={!canWrite || editing} title={disabledTitle} onClick={() => setEditing(true)}>
                Edit
              </button>
            </div>
            <Dialog.Close aria-label="Close" className="rounded-md p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-800">
              <svg viewBox="0 0 20 20" className="h-5 w-5" aria-hidden="true">
                <path d="M5 5l10 10M15 5L5 15" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
              </svg>
            </Dialog.Close>
          </div>
          <div className="flex-1 space-y-6 overflow-y-auto p-5">
            {editing && (
              <FeedEditForm
                feed={feed}
                onDone={(saved) => {
                  setEditing(false);
                  if (saved) onSaved();
                }}
              />
            )}
            <dl className="grid grid-cols-1 gap-x-6 gap-y-3 text-sm sm:grid-cols-[14rem_1fr]">
              {facts.map(([label, value, testId]) => (
                <div key={label} className="contents">
                  <dt className="font-medium text-slate-500">{label}</dt>
                  <dd className="break-words text-slate-900" data-testid={testId}>
                    {value}
                  </dd>
                </div>
              ))}
            </dl>
            <section className="space-y-3">
              <h2 className="text-sm font-semibold tracking-wide text-slate-700 uppercase">Variable Mapping</h2>
              <MappingTable advertiserId={feed.advertiserId} mappings={mappings} canWrite={canWrite} />
            </section>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
