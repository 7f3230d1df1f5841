"use client";
// The PRODUCT CATALOG tab of an advertiser: its feeds on the shared list stack
// (search, status filter, sorting and paging in the URL, CSV export), 'New
// Feed', 'Refresh now' per feed, and the selected feed's drawer (?feed=<id>,
// the feed name's link). While a feed is processing the page re-reads itself
// every 2 s, so the status turns to completed without a reload.
import { useEffect, useState, useTransition } from "react";
import { usePathname, useRouter } from "next/navigation";
import { refreshFeedAction, setFeedActiveAction } from "@/lib/catalog/actions";
import type { FeedRow, MappingRow } from "@/lib/catalog/queries";
import { SERVER_ERROR_MESSAGE, type ActionResult } from "@/lib/actions/result";
import type { ListView } from "@/lib/list/types";
import { expiredSession } from "@/components/account/session-events";
import { EntityListView, useEntityList } from "@/components/list/entity-list";
import { Button } from "@/components/ui/button";
import { FeedDrawer } from "./feed-drawer";
import { NewFeedDialog } from "./new-feed-dialog";
import { FeedStatusBadge } from "./status-badge";

const POLL_MS = 2000;

type FeedStatus = Parameters<typeof FeedStatusBadge>[0]["status"];

export function CatalogView({
  advertiser,
  view,
  selected,
  canWrite,
}: {
  advertiser: { id: number; name: string };
  /** The feed list; rows carry their update status (`data.updateStatus`, `data.lastProcessStatus`). */
  view: ListView;
  selected: { feed: FeedRow; mappings: MappingRow[] } | null;
  canWrite: boolean;
}) {
  const router = useRouter();
  const pathname = usePathname();
  const list = useEntityList(view);
  const { show } = list.actions;
  const [, startTransition] = useTransition();
  const [busyId, setBusyId] = useState<number | null>(null);
  const processing = view.rows.some((r) => r.data?.updateStatus === "PROCESSING");

  useEffect(() => {
    if (!processing) return;
    const timer = setInterval(() => startTransition(() => router.refresh()), POLL_MS);
    return () => clearInterval(timer);
  }, [processing, router]);

  const run = async (feedId: number, action: () => Promise<ActionResult<unknown>>, success: string) => {
    setBusyId(feedId);
    try {
      const result = await action();
      if (expiredSession(result)) return; // the sign-in page is loading
      if (result.ok) show("success", success);
      else show("error", result.formError ?? SERVER_ERROR_MESSAGE);
      router.refresh();
    } catch {
      show("error", SERVER_ERROR_MESSAGE);
    } finally {
      setBusyId(null);
    }
  };
  const refresh = (feedId: number) =>
    run(feedId, () => refreshFeedAction({ advertiserId: advertiser.id, id: feedId }), "Feed refresh started");

  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-center justify-between gap-4">
        {/* The advertiser's name is in the details header above the tabs. */}
        <h2 className="text-lg font-semibold text-slate-900">Product Catalog</h2>
        <NewFeedDialog
          advertiserId={advertiser.id}
          canWrite={canWrite}
          onCreated={(id) => {
            show("success", "Feed created: it is being processed");
            router.push(`${pathname}?feed=${id}`, { scroll: false });
          }}
        />
      </div>
      <EntityListView
        view={view}
        list={list}
        actionsHeader=""
        cells={{
          updateStatus: (row) => (
            <FeedStatusBadge status={row.data?.updateStatus as FeedStatus} title={row.data?.lastProcessStatus as string | null} />
          ),
        }}
        rowActions={(row) => (
          <Button
            size="sm"
            disabled={!canWrite || busyId === row.id}
            title={canWrite ? undefined : "Not available for your role"}
            onClick={() => void refresh(row.id)}
            data-testid="feed-refresh"
          >
            Refresh now
          </Button>
        )}
      />
      {selected && (
        <FeedDrawer
          key={selected.feed.id}
          feed={selected.feed}
          mappings={selected.mappings}
          canWrite={canWrite}
          busy={busyId === selected.feed.id}
          onClose={() => router.push(pathname, { scroll: false })}
          onRefresh={() => void refresh(selected.feed.id)}
          onSetActive={(active) =>
            void run(
              selected.feed.id,
              () => setFeedActiveAction({ advertiserId: advertiser.id, id: selected.feed.id, active }),
              active ? "Feed activated" : "Feed deactivated",
            )
          }
          onSaved={() => {
            show("success", "Feed saved");
            router.refresh();
          }}
        />
      )}
    </div>
  );
}
