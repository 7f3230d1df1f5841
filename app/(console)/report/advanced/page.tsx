// /report/advanced: the advanced report (components/reports/report-pages.tsx).
import { AdvancedReportPage } from "@/components/reports/report-pages";
import type { SearchParams } from "@/lib/report-pages/page";

export const dynamic = "force-dynamic";

export default function Page({ searchParams }: { searchParams: Promise<SearchParams> }) {
  return <AdvancedReportPage searchParams={searchParams} />;
}
