// /report/slicex/business-report: SliceX business report, the licensee's
// weeks or months of spend, revenue and margin with their growth.
import { requireConsoleSession } from "@/lib/auth/request";
import { loadBusinessPage, type SearchParams } from "@/lib/slicex/page";
import { BusinessControls, BusinessReportView } from "@/components/slicex/business-report";

export const dynamic = "force-dynamic";

export default async function SliceXBusinessReportPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const ctx = await requireConsoleSession();
  const data = await loadBusinessPage(ctx, await searchParams);
  return (
    <div className="space-y-4 p-6">
      <div>
        <p className="text-sm text-slate-600">SliceX</p>
        <h1 className="text-2xl font-semibold text-slate-900">Business Report</h1>
      </div>
      <BusinessControls input={data.input} fieldErrors={data.fieldErrors} timezones={data.timezones} />
      {data.report ? <BusinessReportView report={data.report} /> : null}
    </div>
  );
}
