// /report/schedule/list (shell.md 2.6 "report templates and scheduling"): the
// licensee's saved reports and their e-mail schedules on the shared list
// stack. Templates are saved from a report page ('Save as template'); read-only
// users see them all and change none (shell.md 6).
import { requireConsoleSession } from "@/lib/auth/request";
import { reportTemplateEntity } from "@/lib/report-templates/entity";
import { ListPage } from "@/components/list/list-page";

export const dynamic = "force-dynamic";

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function ReportTemplateListPage({ searchParams }: { searchParams: SearchParams }) {
  const ctx = await requireConsoleSession();
  return <ListPage ctx={ctx} entity={reportTemplateEntity.key} searchParams={await searchParams} />;
}
