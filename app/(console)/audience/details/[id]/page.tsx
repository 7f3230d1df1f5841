// /audience/details/{id} (business.md 2; opened in a new tab from lists and
// menus): the audience's status and actions, its fields, rules and the
// strategies that target or block it.
import { shellVisibility } from "@/lib/auth/roles";
import { audienceForPage } from "@/lib/audiences/page";
import { audienceStrategies } from "@/lib/audiences/queries";
import { getUserTimeSettings } from "@/lib/user-settings/queries";
import { AudienceDetailsView } from "@/components/audience/audience-details";

export const dynamic = "force-dynamic";

export default async function AudienceDetailsPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const { ctx, audience, advertiser, seed, canWrite } = await audienceForPage(id);
  const [strategies, time] = await Promise.all([audienceStrategies(ctx, audience), getUserTimeSettings(ctx)]);
  return (
    <AudienceDetailsView
      audience={audience}
      advertiser={advertiser}
      seed={seed}
      strategies={strategies}
      canWrite={canWrite}
      timeZone={time.iana}
      activityLink={shellVisibility(ctx.role).activityLogs}
    />
  );
}
