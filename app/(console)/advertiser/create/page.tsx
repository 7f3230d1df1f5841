// /advertiser/create: a new advertiser (read-write users only).
import { requireConsoleSession } from "@/lib/auth/request";
import { canWrite } from "@/lib/auth/roles";
import { advertiserFormOptions } from "@/lib/advertisers/form-page";
import { newAdvertiserFormValues } from "@/lib/advertisers/form-values";
import { AdvertiserForm } from "@/components/advertiser/advertiser-form";
import { ReadOnlyNotice } from "@/components/advertiser/read-only-notice";

export const dynamic = "force-dynamic";

export default async function CreateAdvertiserPage() {
  const ctx = await requireConsoleSession();
  if (!canWrite(ctx.role)) return <ReadOnlyNotice />;
  const { timezones, currencies } = await advertiserFormOptions();
  return <AdvertiserForm mode="create" initial={newAdvertiserFormValues(ctx.currencyCode)} timezones={timezones} currencies={currencies} />;
}
