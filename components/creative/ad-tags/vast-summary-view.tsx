"use client";
// What a verified VAST/VPAID tag holds (its VastSummary): version, ads,
// duration, media files and tracking events. Shown beside a tag after
// 'Verify' and on the creative details page (a server page: this part is a
// client one because the shared table renders its cells with functions).
import type { VastSummary } from "@/lib/creatives/media/types";
import { createDataColumns, DataTable } from "@/components/ui/data-table";

type MediaFile = VastSummary["mediaFiles"][number];

const column = createDataColumns<MediaFile>();
const COLUMNS = [
  column.accessor((f) => f.type || "?", { id: "type", header: "Type" }),
  column.accessor((f) => (f.width && f.height ? `${f.width}x${f.height}` : "?"), { id: "size", header: "Size" }),
  column.accessor((f) => (f.bitrateKbps === null ? "?" : `${f.bitrateKbps} Kbps`), { id: "bitrate", header: "Bitrate" }),
  column.accessor((f) => f.apiFramework ?? "", { id: "api", header: "API" }),
  column.display({
    id: "link",
    header: "Link",
    meta: { cellClassName: "max-w-[16rem] truncate font-mono" },
    cell: ({ row }) => <span title={row.original.url}>{row.original.url}</span>,
  }),
];

export interface VastSummaryViewProps {
  summary: VastSummary;
}

export function VastSummaryView({ summary }: VastSummaryViewProps) {
  return (
    <div className="space-y-2 text-sm" data-testid="vast-summary">
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
        <dt className="text-slate-500">VAST version</dt>
        <dd>{summary.version || "Not stated"}</dd>
        <dt className="text-slate-500">Ads</dt>
        <dd>{summary.adCount}</dd>
        <dt className="text-slate-500">Duration</dt>
        <dd>{summary.durationSeconds === null ? "Not stated" : `${summary.durationSeconds} s`}</dd>
        <dt className="text-slate-500">VPAID</dt>
        <dd>{summary.isVpaid ? "Yes" : "No"}</dd>
        <dt className="text-slate-500">Tracking events</dt>
        <dd>{summary.trackingEvents.length ? summary.trackingEvents.join(", ") : "None"}</dd>
      </dl>
      <DataTable
        columns={COLUMNS}
        rows={summary.mediaFiles}
        rowId={(file, i) => `${file.url}-${i}`}
        emptyText={null}
        caption={`Media files (${summary.mediaFiles.length})`}
        captionVisible
        density="compact"
        className="overflow-hidden rounded-md border border-slate-200"
      />
    </div>
  );
}
