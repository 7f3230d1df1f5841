"use client";
// Feed details in a drawer from the right: counts and status, Refresh now,
// activate/deactivate, edit, and the variable mapping table.
import { useState } from "react";
import type { FeedRow, MappingRow } from "@/lib/catalog/queries";
import { frequencyLabel } from "@/lib/catalog/schema";
import { Button } from "@/components/ui/button";
import { Modal } from "@/components/ui/modal";
import { formatDateTime, formatPercent } from "@/lib/catalog/format";
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
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      placement="right"
      title={feed.name}
      width="min(100vw, 960px)"
      testId="feed-drawer"
      headerExtra={
        <>
          <Button size="sm" disabled={!canWrite || busy} title={disabledTitle} onClick={onRefresh}>
            Refresh now
          </Button>
          <Button size="sm" disabled={!canWrite || busy} title={disabledTitle} onClick={() => onSetActive(!feed.active)}>
            {feed.active ? "Deactivate" : "Activate"}
          </Button>
          <Button size="sm" disabled={!canWrite || editing} title={disabledTitle} onClick={() => setEditing(true)}>
            Edit
          </Button>
        </>
      }
    >
      <div className="space-y-6 p-5">
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
    </Modal>
  );
}
