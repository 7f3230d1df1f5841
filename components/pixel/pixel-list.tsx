"use client";
// The CONVERSION TRACKER tab of an advertiser (business.md 2:
// /advertiser/details/{id}/pixel): the pixel list on the shared list stack
// (search, status filter, sorting and paging in the URL, CSV export), bulk and
// per-row activate / deactivate after a confirmation titled 'Warning'
// (business.md 4, shell.md 4), the result for 2500 ms (shell.md 8), an Edit
// link per row, and 'New Conversion Tracker' opening the form in a modal
// without leaving the list.
import { useState } from "react";
import Link from "next/link";
import { EntityListView, useEntityList } from "@/components/list/entity-list";
import { RowStatusButton } from "@/components/list/list-table";
import { Button, buttonClass } from "@/components/ui/button";
import { fillRoute } from "@/lib/contracts/entity-routes";
import type { ListView } from "@/lib/list/types";
import { PixelFormDialog } from "./pixel-form-dialog";

export function PixelList({
  advertiserId,
  view,
  editRoute,
  notice,
}: {
  advertiserId: number;
  /** The list; its write controls are the tab's (RO hidden, DEMO or archived advertiser disabled). */
  view: ListView;
  /** The pixel's edit route pattern ("/advertiser/{advertiserId}/pixel/edit/{id}"). */
  editRoute: string;
  notice?: string;
}) {
  const list = useEntityList(view);
  const { actions } = list;
  const [creating, setCreating] = useState(false);
  const mode = view.writeControls;
  const enabled = mode === "enabled";

  return (
    <div className="space-y-4" data-testid="pixel-list">
      <div className="flex flex-wrap items-center justify-between gap-4">
        {/* The advertiser's name is in the details header above the tabs. */}
        <h2 className="text-lg font-semibold text-slate-900">Conversion Tracker</h2>
        <Button
          variant="primary"
          disabled={!enabled}
          title={enabled ? undefined : "Not available for your role"}
          onClick={() => setCreating(true)}
          data-testid="new-pixel"
        >
          New Conversion Tracker
        </Button>
      </div>
      {notice ? (
        <p className="rounded-md border border-amber-200 bg-amber-50 px-4 py-2 text-sm text-amber-800" data-testid="pixel-notice">
          {notice}
        </p>
      ) : null}
      <EntityListView
        view={view}
        list={list}
        rowActions={(row) => {
          const edit = fillRoute(editRoute, { id: row.id, advertiserId });
          return (
            <div className="flex items-center gap-2">
              <RowStatusButton row={row} enabled={enabled} onClick={() => actions.askRowAction([row.id], !row.active)} testId="pixel-row-toggle" />
              {enabled && edit ? (
                <Link href={edit} className={buttonClass("secondary", "xs")} data-testid="pixel-row-edit">
                  Edit
                </Link>
              ) : (
                <Button size="xs" disabled data-testid="pixel-row-edit">
                  Edit
                </Button>
              )}
            </div>
          );
        }}
      />
      <PixelFormDialog
        open={creating}
        onOpenChange={setCreating}
        advertiserId={advertiserId}
        canWrite={enabled}
        onCreated={(pixel) => {
          actions.show("success", `Conversion tracker "${pixel.name}" created`);
          list.refresh();
        }}
      />
    </div>
  );
}
