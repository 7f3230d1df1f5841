"use client";
// A conversion tracker's details (business.md 2: /advertiser/{advId}/pixel/details/{pixelId}):
// its fields, status with activate / deactivate after a confirmation titled
// 'Warning' (the result shows for about 1.5 s), an Edit link, the tracking
// code and its performance of the last 6 months. Read-only and demo users see
// the controls disabled (business.md 6).
import Link from "next/link";
import { Button, buttonClass } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { FlashMessage } from "@/components/common/flash-message";
import { StatusDot } from "@/components/ui/status-dot";
import { useConfirmedAction } from "@/components/common/use-confirmed-action";
import { setActiveInBulkAction } from "@/lib/entities/actions";
import type { PixelPerformance, PixelView } from "@/lib/pixels/queries";
import type { TrackingCode } from "@/lib/pixels/tracking";
import { TrackingCodeCard } from "./tracking-code";

const TEXT = {
  activate: {
    label: "Activate",
    question: "Are you sure you want to activate this conversion tracker?",
    success: "Successfully activated pixel",
    failure: "Error while activating pixel!!",
  },
  deactivate: {
    label: "Deactivate",
    question: "Are you sure you want to deactivate this conversion tracker? Its fires are no longer recorded.",
    success: "Successfully de-activated pixel",
    failure: "Error while de-activating pixel!!",
  },
} as const;

const number = (n: number) => n.toLocaleString("en-US");

function Item({ label, value, testId }: { label: string; value: React.ReactNode; testId?: string }) {
  return (
    <div>
      <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">{label}</dt>
      <dd className="mt-1 text-sm text-slate-900" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

export function PixelDetails({
  advertiser,
  pixel,
  performance,
  code,
  canWrite,
}: {
  advertiser: { id: number; name: string };
  pixel: PixelView;
  performance: PixelPerformance;
  code: TrackingCode;
  canWrite: boolean;
}) {
  // The dialog only needs to know it is open: the question follows the pixel's status.
  const { asking, ask, busy, run, message } = useConfirmedAction<true>();
  const action = pixel.active ? "deactivate" : "activate";

  function runAction() {
    run(
      () => setActiveInBulkAction({ entity: "pixel", ids: [pixel.id], active: action === "activate", advertiserId: advertiser.id }).catch(() => null),
      TEXT[action],
    );
  }

  return (
    <div className="space-y-5" data-testid="pixel-details">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <p className="text-sm text-slate-600">
            <Link href={`/advertiser/details/${advertiser.id}/pixel`} className="hover:underline" data-testid="pixel-advertiser">
              {advertiser.name}
            </Link>{" "}
            · Conversion Tracker
          </p>
          <h1 className="text-xl font-semibold text-slate-900" data-testid="pixel-title">
            {pixel.name}
          </h1>
        </div>
        <div className="flex items-center gap-2">
          <Button variant="primary" disabled={!canWrite || busy} onClick={() => ask(true)} data-testid={`pixel-${action}`}>
            {TEXT[action].label}
          </Button>
          {canWrite ? (
            <Link href={`/advertiser/${advertiser.id}/pixel/edit/${pixel.id}`} className={buttonClass("secondary")} data-testid="pixel-edit">
              Edit
            </Link>
          ) : (
            <Button disabled data-testid="pixel-edit">
              Edit
            </Button>
          )}
        </div>
      </div>

      <section className="rounded-xl border border-slate-200 bg-white p-5 shadow-xs">
        <h2 className="text-sm font-semibold tracking-wide text-slate-800 uppercase">Details</h2>
        <dl className="mt-4 grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <Item label="Status" value={<StatusDot active={pixel.active} label />} testId="pixel-status" />
          <Item label="ID" value={pixel.id} testId="pixel-id" />
          <Item label="Name" value={pixel.name} testId="pixel-name" />
          <Item label="Type" value={pixel.typeName} testId="pixel-type" />
          <Item label="View Validity Window" value={pixel.viewWindowText} testId="pixel-view-window" />
          <Item label="Click Validity Window" value={pixel.clickWindowText} testId="pixel-click-window" />
          <Item label="Conversion Count" value={pixel.userFcapText} testId="pixel-user-fcap" />
          <Item label="Advertiser" value={advertiser.name} />
        </dl>
      </section>

      <section className="rounded-xl border border-slate-200 bg-white p-5 shadow-xs" data-testid="pixel-performance">
        <h2 className="text-sm font-semibold tracking-wide text-slate-800 uppercase">Performance</h2>
        <p className="mt-1 text-xs text-slate-500">
          Last 6 months. Impressions, clicks and conversions of the strategies tracking this pixel; times fired counts the calls of its tracking code.
        </p>
        <dl className="mt-4 grid grid-cols-2 gap-4 lg:grid-cols-4">
          <Item label="Impressions" value={number(performance.impressions)} testId="pixel-impressions" />
          <Item label="Clicks" value={number(performance.clicks)} testId="pixel-clicks" />
          <Item label="Conversions" value={number(performance.conversions)} testId="pixel-conversions" />
          <Item label="Times fired" value={number(performance.timesFired)} testId="times-fired" />
        </dl>
      </section>

      <TrackingCodeCard code={code} />

      <ConfirmDialog
        open={asking !== null}
        title="Warning"
        message={TEXT[action].question}
        busy={busy}
        onConfirm={runAction}
        onCancel={() => ask(null)}
      />
      <FlashMessage message={message} testId="pixel-status-message" />
    </div>
  );
}
