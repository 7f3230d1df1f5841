// Frame of every advertiser details tab (business.md 2): header with status
// actions, then the tab strip; the tab's page renders below.
import { advertiserForPage } from "@/lib/advertisers/page";
import { AdvertiserHeader } from "@/components/advertiser/advertiser-header";
import { AdvertiserTabs } from "@/components/advertiser/advertiser-tabs";
import { visibleTabs } from "@/lib/advertisers/tabs";

export const dynamic = "force-dynamic";

export default async function AdvertiserDetailsLayout({
  params,
  children,
}: {
  params: Promise<{ id: string }>;
  children: React.ReactNode;
}) {
  const { id } = await params;
  const { ctx, advertiser } = await advertiserForPage(id);
  return (
    <div className="space-y-4">
      <AdvertiserHeader
        advertiser={{ id: advertiser.id, name: advertiser.name, domain: advertiser.domain, active: advertiser.active, isArchived: advertiser.isArchived, logoUrl: advertiser.logoUrl }}
        role={ctx.role}
      />
      <AdvertiserTabs advertiserId={advertiser.id} tabs={visibleTabs(ctx.role, advertiser.cohortEnabled)} />
      <div>{children}</div>
    </div>
  );
}
