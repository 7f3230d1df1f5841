// /report/schedule/details/{id}: a report template, its schedule (editable),
// pause / resume, run now, delete, and its run history.
import Link from "next/link";
import { reportTemplateForPage } from "@/lib/report-templates/page";
import { TemplateDetails } from "@/components/report-templates/template-details";

export const dynamic = "force-dynamic";

export default async function ReportTemplateDetailsPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const { template, canWrite, timeZone, recipientRule } = await reportTemplateForPage(id);
  return (
    <div className="mx-auto max-w-5xl space-y-4 p-6">
      <div>
        <Link href="/report/schedule/list" className="text-sm text-slate-600 hover:underline">
          Report Templates and Scheduling
        </Link>
        <h1 className="mt-1 text-2xl font-semibold text-slate-900" data-testid="template-title">
          {template.name}
        </h1>
        {template.description ? <p className="mt-1 text-sm text-slate-600">{template.description}</p> : null}
      </div>
      <TemplateDetails template={template} canWrite={canWrite} timeZone={timeZone} recipientRule={recipientRule} />
    </div>
  );
}
