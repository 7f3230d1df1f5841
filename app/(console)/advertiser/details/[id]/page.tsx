// DETAILS tab of /advertiser/details/{id} (business.md 2).
import { advertiserForPage } from "@/lib/advertisers/page";
import { getTimezone } from "@/lib/user-settings/timezones";
import { AdvertiserDetailsView } from "@/components/advertiser/advertiser-details";

export const dynamic = "force-dynamic";

export default async function AdvertiserDetailsPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const { advertiser } = await advertiserForPage(id);
  const timezone = await getTimezone(advertiser.timezoneId);
  return <AdvertiserDetailsView advertiser={advertiser} timezoneName={timezone.name} />;
}
