"use client";
// A creative's review status on every exchange: the status (red when
// rejected, green when approved), the exchange's reason and when it last
// changed. A client part of the server-rendered details page, which passes
// each status's label (the labels live with the server's review code).
import type { CreativeReviewView } from "@/lib/creatives/reviews";
import { createDataColumns, DataTable } from "@/components/ui/data-table";

export type CreativeReviewRow = CreativeReviewView & { statusLabel: string };

const TONE: Partial<Record<CreativeReviewView["status"], string>> = { REJECTED: "text-red-700", APPROVED: "text-emerald-700" };
const utc = (iso: string | null) => (iso ? new Date(iso).toUTCString() : "-");

const column = createDataColumns<CreativeReviewRow>();
const COLUMNS = [
  column.accessor("aggregatorName", { id: "exchange", header: "Exchange" }),
  column.display({
    id: "status",
    header: "Status",
    cell: ({ row }) => <span className={TONE[row.original.status] ?? "text-slate-600"}>{row.original.statusLabel}</span>,
  }),
  column.accessor((r) => r.reason ?? "-", { id: "reason", header: "Reason" }),
  column.accessor((r) => utc(r.updatedAt), { id: "updated", header: "Updated" }),
];

export function CreativeReviewsTable({ reviews }: { reviews: CreativeReviewRow[] }) {
  return (
    <DataTable
      columns={COLUMNS}
      rows={reviews}
      rowId={(r) => r.aggregatorId}
      emptyText="No exchanges."
      testId="creative-reviews-table"
      density="compact"
      className="mt-3 overflow-hidden rounded-lg border border-slate-200"
      rowAttributes={(r) => ({ "data-testid": "creative-review-row", "data-status": r.status })}
    />
  );
}
