"use client";
// The COHORT tab's days: installs and revenue, and the revenue in the cohort currency.
import { formatDate, formatMetricValue } from "@/lib/format";
import type { CohortDay } from "@/lib/advertisers/cohort";
import { createDataColumns, DataTable } from "@/components/ui/data-table";

const column = createDataColumns<CohortDay>();

export function CohortTable({ days, currencyCode, cohortCurrency }: { days: CohortDay[]; currencyCode: string; cohortCurrency: string }) {
  const columns = [
    column.accessor("day", { id: "day", header: "Day", cell: ({ row }) => formatDate(row.original.day) }),
    column.accessor("installs", {
      id: "installs",
      header: "Installs",
      meta: { numeric: true },
      cell: ({ row }) => formatMetricValue(row.original.installs, "number", currencyCode),
    }),
    column.accessor("revenue", {
      id: "revenue",
      header: "Revenue",
      meta: { numeric: true },
      cell: ({ row }) => formatMetricValue(row.original.revenue, "currency", currencyCode),
    }),
    column.accessor("cohortRevenue", {
      id: "cohortRevenue",
      header: `Revenue (${cohortCurrency})`,
      meta: { numeric: true },
      cell: ({ row }) => formatMetricValue(row.original.cohortRevenue, "currency", cohortCurrency),
    }),
  ];
  return <DataTable columns={columns} rows={days} rowId={(d) => d.day} emptyText={null} density="compact" testId="cohort-table" />;
}
