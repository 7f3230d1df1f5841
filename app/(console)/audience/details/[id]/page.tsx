// /audience/details/{id} (business.md 2; opened in a new tab from lists and
// menus): the audience's status and actions, its fields, its users per day
// over the user's date range, rules and the strategies that target or block it.
import { shellVisibility } from "@/lib/auth/roles";
import { audienceForPage } from "@/lib/audiences/page";
import { audienceStrategies } from "@/lib/audiences/queries";
import { audienceUsersForPage } from "@/lib/audiences/chart/query";
import { AudienceDetailsView } from "@/components/audience/audience-details";

export const dynamic = "force-dynamic";

export default async function AudienceDetailsPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const { ctx, audience, advertiser, seed, canWrite } = await audienceForPage(id);
  const [strategies, users] = await Promise.all([audienceStrategies(ctx, audience), audienceUsersForPage(ctx, audience.id)]);
  return (
    <AudienceDetailsView
      audience={audience}
      advertiser={advertiser}
      seed={seed}
      strategies={strategies}
      canWrite={canWrite}
      timeZone={users.timeZone}
      activityLink={shellVisibility(ctx.role).activityLogs}
      usersChart={users.chart}
      dateRange={users.dateRange}
    />
  );
}
