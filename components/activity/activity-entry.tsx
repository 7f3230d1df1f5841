"use client";
// One activity entry (shell.md 2.10): initial, user, message, entity type and
// name (a link in a new tab unless the type has no page), timestamp; expanding
// shows the changed fields, Expand opens them in a larger dialog.
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Modal, ModalClose } from "@/components/ui/modal";
import type { ActivityItem } from "@/lib/activity/queries";
import { ChangeTable } from "./change-table";

export function ActivityEntry({ item }: { item: ActivityItem }) {
  const [expanded, setExpanded] = useState(false);
  const [dialog, setDialog] = useState(false);
  return (
    <li data-testid="activity-entry" className="border-b border-slate-100 px-5 py-3">
      <div className="flex items-start gap-3">
        <span
          aria-hidden="true"
          className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-accent text-sm font-semibold text-accent-foreground"
        >
          {item.userInitial}
        </span>
        <div className="min-w-0 flex-1">
          <p className="text-sm text-slate-800">
            <span data-testid="activity-user" className="font-semibold">
              {item.userName}
            </span>{" "}
            <span data-testid="activity-message">{item.message}</span>
          </p>
          <p className="mt-0.5 truncate text-sm text-slate-600">
            <span className="text-slate-500">{item.entityTypeLabel}: </span>
            {item.href ? (
              <a href={item.href} target="_blank" rel="noopener" data-testid="activity-entity" className="font-medium text-primary hover:underline">
                {item.entityName}
              </a>
            ) : (
              <span data-testid="activity-entity" className="font-medium text-slate-700">
                {item.entityName}
              </span>
            )}
          </p>
          <p className="mt-0.5 text-xs text-slate-500" data-testid="activity-time">
            {item.time}
          </p>
        </div>
        <div className="flex shrink-0 items-center gap-1">
          <Button variant="link" size="xs" className="px-2 py-1" onClick={() => setDialog(true)} aria-label={`Expand change details of ${item.entityName}`}>
            Expand
          </Button>
          <Button
            variant="ghost"
            size="icon"
            aria-expanded={expanded}
            aria-label={expanded ? "Hide changes" : "Show changes"}
            onClick={() => setExpanded((e) => !e)}
          >
            <svg viewBox="0 0 20 20" className={`h-4 w-4 transition ${expanded ? "rotate-180" : ""}`} aria-hidden="true">
              <path d="M5 8l5 5 5-5" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
            </svg>
          </Button>
        </div>
      </div>
      {expanded && (
        <div className="mt-2 pl-12" data-testid="activity-changes">
          <ChangeTable changes={item.updatedFields} />
        </div>
      )}
      <Modal
        open={dialog}
        onOpenChange={setDialog}
        title={`${item.entityTypeLabel}: ${item.entityName}`}
        description={`${item.userName} · ${item.message} · ${item.time}`}
        closeButton={false}
        width="min(92vw, 900px)"
        testId="activity-change-dialog"
        footer={
          <ModalClose asChild>
            <Button>Close</Button>
          </ModalClose>
        }
      >
        <div className="px-5 py-4">
          <ChangeTable changes={item.updatedFields} large />
        </div>
      </Modal>
    </li>
  );
}
