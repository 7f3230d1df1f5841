// Advertiser details (foundation: name, domain, status). A later release adds
// the tabs of business.md section 2.
import { StatusDot } from "@/components/common/status-dot";

export interface AdvertiserDetail {
  id: number;
  name: string;
  domain: string;
  active: boolean;
}

export function AdvertiserDetails({ advertiser }: { advertiser: AdvertiserDetail }) {
  return (
    <div className="space-y-5">
      <div className="rounded-xl border border-slate-200 bg-white p-6 shadow-xs">
        <h1 className="text-2xl font-semibold text-slate-900" data-testid="advertiser-name">
          {advertiser.name}
        </h1>
        <dl className="mt-6 grid grid-cols-1 gap-x-8 gap-y-4 text-sm sm:grid-cols-[8rem_1fr]">
          <dt className="font-medium text-slate-500">Domain</dt>
          <dd className="text-slate-900" data-testid="advertiser-domain">
            {advertiser.domain}
          </dd>
          <dt className="font-medium text-slate-500">Status</dt>
          <dd>
            <StatusDot active={advertiser.active} />
          </dd>
        </dl>
      </div>
    </div>
  );
}
