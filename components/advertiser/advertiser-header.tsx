// Header of the advertiser details pages: logo, name, domain, status, the
// Image Library link, Edit and the status actions offered by state (business.md 4).
import Link from "next/link";
import { Button, buttonClass } from "@/components/ui/button";
import { RecordTitle } from "@/components/common/record-title";
import { canWrite, type Role } from "@/lib/auth/roles";
import { AdvertiserStatusActions } from "./advertiser-status-actions";

export interface AdvertiserHeaderData {
  id: number;
  name: string;
  domain: string;
  active: boolean;
  isArchived: boolean;
  logoUrl: string | null;
}

export function AdvertiserHeader({ advertiser, role }: { advertiser: AdvertiserHeaderData; role: Role }) {
  const writable = canWrite(role) && !advertiser.isArchived;
  return (
    <div className="flex flex-wrap items-center justify-between gap-4 rounded-xl border border-slate-200 bg-white p-5 shadow-xs">
      <div className="flex min-w-0 items-center gap-4">
        {advertiser.logoUrl ? (
          // eslint-disable-next-line @next/next/no-img-element -- uploaded files are served by our own route, not optimised
          <img src={advertiser.logoUrl} alt="" data-testid="advertiser-header-logo" className="h-12 w-12 rounded-md border border-slate-200 object-cover" />
        ) : null}
        <div className="min-w-0">
          <RecordTitle
            name={advertiser.name}
            nameTestId="advertiser-name"
            id={advertiser.id}
            active={advertiser.active}
            isArchived={advertiser.isArchived}
            facts={<span data-testid="advertiser-domain">{advertiser.domain}</span>}
          />
        </div>
      </div>
      <div className="flex items-center gap-2">
        {/* Every role that can open the advertiser may browse its library (shell.md 6:
            RO without Upload/Delete, DEMO with them disabled), archived ones too. */}
        <Link
          href={`/advertiser/details/${advertiser.id}/images`}
          data-testid="advertiser-image-library"
          className="rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50"
        >
          Image Library
        </Link>
        {writable ? (
          <Link
            href={`/advertiser/create/${advertiser.id}`}
            data-testid="advertiser-edit"
            className={buttonClass("secondary")}
          >
            Edit
          </Link>
        ) : (
          <Button disabled data-testid="advertiser-edit">
            Edit
          </Button>
        )}
        {/* Rendered for archived advertisers too (with no actions): the archive's success message lives in it. */}
        <AdvertiserStatusActions advertiserId={advertiser.id} active={advertiser.active} archived={advertiser.isArchived} disabled={!writable} />
      </div>
    </div>
  );
}
