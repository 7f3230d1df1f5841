"use client";
// The PRODUCT CATALOG tab of an advertiser: its feeds, 'New Feed', and the
// selected feed's drawer (?feed=<id>). While a feed is processing the page
// re-reads itself every 2 s, so the status turns to completed without a reload.
import { useEffect, useState, useTransition } from "react";
import { usePathname, useRouter } from "next/navigation";
import { refreshFeedAction, setFeedActiveAction } from "@/lib/catalog/actions";
import type { FeedRow, MappingRow } from "@/lib/catalog/queries";
import { SERVER_ERROR_MESSAGE, type ActionResult } from "@/lib/data/action-result";
import { expiredSession } from "@/components/account/session-events";
import { FeedDrawer } from "./feed-drawer";
import { FeedTable } from "./feed-table";
import { NewFeedDialog } from "./new-feed-dialog";

const POLL_MS = 2000;

export function CatalogView({
  advertiser,
  feeds,
  selected,
  canWrite,
}: {
  advertiser: { id: number; name: string };
  feeds: FeedRow[];
  selected: { feed: FeedRow; mappings: MappingRow[] } | null;
  canWrite: boolean;
}) {
  const router = useRouter();
  const pathname = usePathname();
  const [, startTransition] = useTransition();
  const [busyId, setBusyId] = useState<number | null>(null);
  const [message, setMessage] = useState<{ kind: "ok" | "error"; text: string } | null>(null);
  const processing = feeds.some((f) => f.updateStatus === "PROCESSING");

  useEffect(() => {
    if (!processing) return;
    const timer = setInterval(() => startTransition(() => router.refresh()), POLL_MS);
    return () => clearInterval(timer);
  }, [processing, router]);

  useEffect(() => {
    if (!message) return;
    const timer = setTimeout(() => setMessage(null), 2500);
    return () => clearTimeout(timer);
  }, [message]);

  const run = async (feedId: number, action: () => Promise<ActionResult<unknown>>, success: string) => {
    setBusyId(feedId);
    try {
      const result = await action();
      if (expiredSession(result)) return; // the sign-in page is loading
      setMessage(result.ok ? { kind: "ok", text: success } : { kind: "error", text: result.formError ?? SERVER_ERROR_MESSAGE });
      router.refresh();
    } catch {
      setMessage({ kind: "error", text: SERVER_ERROR_MESSAGE });
    } finally {
      setBusyId(null);
    }
  };
  const refresh = (feed: FeedRow) => run(feed.id, () => refreshFeedAction(advertiser.id, feed.id), "Feed refresh started");
  const feedHref = (feed: FeedRow) => `${pathname}?feed=${feed.id}`;

  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-center justify-between gap-4">
        {/* The advertiser's name is in the details header above the tabs. */}
        <h2 className="text-lg font-semibold text-slate-900">Product Catalog</h2>
        <NewFeedDialog
          advertiserId={advertiser.id}
          canWrite={canWrite}
          onCreated={(id) => {
            setMessage({ kind: "ok", text: "Feed created: it is being processed" });
            router.push(`${pathname}?feed=${id}`, { scroll: false });
          }}
        />
      </div>
      {message && (
        <div
          role={message.kind === "error" ? "alert" : "status"}
          className={`rounded-md border px-3 py-2 text-sm ${
            message.kind === "error" ? "border-red-200 bg-red-50 text-red-700" : "border-emerald-200 bg-emerald-50 text-emerald-800"
          }`}
        >
          {message.text}
        </div>
      )}
      <FeedTable feeds={feeds} canWrite={canWrite} busyId={busyId} onRefresh={(f) => void refresh(f)} feedHref={feedHref} />
      {selected && (
        <FeedDrawer
          key={selected.feed.id}
          feed={selected.feed}
          mappings={selected.mappings}
          canWrite={canWrite}
          busy={busyId === selected.feed.id}
          onClose={() => router.push(pathname, { scroll: false })}
          onRefresh={() => void refresh(selected.feed)}
          onSetActive={(active) =>
            void run(
              selected.feed.id,
              () => setFeedActiveAction(advertiser.id, selected.feed.id, active),
              active ? "Feed activated" : "Feed deactivated",
            )
          }
          onSaved={() => {
            setMessage({ kind: "ok", text: "Feed saved" });
            router.refresh();
          }}
        />
      )}
    </div>
  );
}
