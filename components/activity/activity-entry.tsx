"use client";
// One activity entry (shell.md 2.10): initial, user, message, entity type and
// name (a link in a new tab unless the type has no page), timestamp; expanding
// shows the changed fields, Expand opens them in a larger dialog.
import { useState } from "react";
import * as Dialog from "@radix-ui/react-dialog";
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
          <button
            type="button"
            onClick={() => setDialog(true)}
            className="rounded px-2 py-1 text-xs font-medium text-primary hover:bg-accent"
            aria-label={`Expand change details of ${item.entityName}`}
          >
            Expand
          </button>
          <button
            type="button"
            aria-expanded={expanded}
            aria-label={expanded ? "Hide changes" : "Show changes"}
            onClick={() => setExpanded((e) => !e)}
            className="rounded p-1 text-slate-500 hover:bg-slate-100"
          >
            <svg viewBox="0 0 20 20" className={`h-4 w-4 transition ${expanded ? "rotate-180" : ""}`} aria-hidden="true">
              <path d="M5 8l5 5 5-5" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
            </svg>
          </button>
        </div>
      </div>
      {expanded && (
        <div className="mt-2 pl-12" data-testid="activity-changes">
          <ChangeTable changes={item.updatedFields} />
        </div>
      )}
      <Dialog.Root open={dialog} onOpenChange={setDialog}>
        <Dialog.Portal>
          <Dialog.Overlay className="fixed inset-0 z-[60] bg-slate-900/40" />
          <Dialog.Content
            data-testid="activity-change-dialog"
            aria-describedby={undefined}
            className="fixed top-1/2 left-1/2 z-[60] max-h-[85vh] w-[min(92vw,900px)] -translate-x-1/2 -translate-y-1/2 overflow-auto rounded-xl bg-white p-6 shadow-xl focus:outline-none"
          >
            <Dialog.Title className="text-base font-semibold text-slate-900">
              {item.entityTypeLabel}: {item.entityName}
            </Dialog.Title>
            <p className="mt-1 text-sm text-slate-600">
              {item.userName} · {item.message} · {item.time}
            </p>
            <div className="mt-4">
              <ChangeTable changes={item.updatedFields} large />
            </div>
            <div className="mt-5 flex justify-end">
              <Dialog.Close className="rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50">
                Close
              </Dialog.Close>
            </div>
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
    </li>
  );
}
