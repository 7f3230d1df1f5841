// The CRM section of a CRM audience's details page: the file upload and the
// remote upload schedule (both client components).
import { RemoteScheduleSection } from "./remote-schedule";
import { CrmFileUpload } from "./upload-crm-file";

export function CrmUploadPanel({ audienceId, canWrite, timeZone }: { audienceId: number; canWrite: boolean; timeZone: string }) {
  return (
    <section className="rounded-xl border border-slate-200 bg-white p-5 shadow-xs" data-testid="crm-panel" aria-labelledby="crm-panel-title">
      <h2 id="crm-panel-title" className="text-sm font-semibold tracking-wide text-slate-800 uppercase">
        CRM users
      </h2>
      <div className="mt-3 grid grid-cols-1 gap-6 xl:grid-cols-2">
        <CrmFileUpload audienceId={audienceId} canWrite={canWrite} />
        <RemoteScheduleSection audienceId={audienceId} canWrite={canWrite} timeZone={timeZone} />
      </div>
    </section>
  );
}
