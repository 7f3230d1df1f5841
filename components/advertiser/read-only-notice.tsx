// Shown instead of the advertiser form to users who may not change it.
import Link from "next/link";

export function ReadOnlyNotice({ advertiserId, archived = false }: { advertiserId?: number; archived?: boolean }) {
  return (
    <div data-testid="advertiser-read-only" className="rounded-xl border border-slate-200 bg-white p-6 text-sm text-slate-700 shadow-xs">
      <p>{archived ? "This advertiser is archived and can no longer be changed." : "You do not have permission to change advertisers."}</p>
      <Link href={advertiserId ? `/advertiser/details/${advertiserId}` : "/advertiser"} className="mt-3 inline-block text-primary underline">
        Back
      </Link>
    </div>
  );
}
