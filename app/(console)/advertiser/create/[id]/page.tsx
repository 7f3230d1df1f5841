// /advertiser/create/{id}: edit an advertiser (read-write users, not archived).
import { advertiserForPage } from "@/lib/advertisers/page";
import { canWrite } from "@/lib/auth/roles";
import { advertiserFormOptions } from "@/lib/advertisers/form-page";
import { advertiserFormValues } from "@/lib/advertisers/form-values";
import { AdvertiserForm } from "@/components/advertiser/advertiser-form";
import { ReadOnlyNotice } from "@/components/advertiser/read-only-notice";

export const dynamic = "force-dynamic";

export default async function EditAdvertiserPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const { ctx, advertiser } = await advertiserForPage(id);
  if (!canWrite(ctx.role) || advertiser.isArchived) return <ReadOnlyNotice advertiserId={advertiser.id} archived={advertiser.isArchived} />;
  const { timezones, currencies } = await advertiserFormOptions();
  return (
    <AdvertiserForm
      mode="edit"
      advertiserId={advertiser.id}
      version={advertiser.version}
      initial={advertiserFormValues(advertiser)}
      timezones={timezones}
      currencies={currencies}
    />
  );
}
