// /report/inventory: a typed report (lib/reports/typed.ts, components/reports/report-pages.tsx).
import { TypedReportPage } from "@/components/reports/report-pages";
import type { SearchParams } from "@/lib/report-pages/page";

export const dynamic = "force-dynamic";

export default function Page({ searchParams }: { searchParams: Promise<SearchParams> }) {
  return <TypedReportPage kind="inventory" searchParams={searchParams} />;
}
