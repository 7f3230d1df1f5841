import { requireConsoleSession } from "@/lib/auth/request";
import { getPageDateRange } from "@/lib/user-settings/queries";
import { loadHomeDashboard } from "@/lib/metrics/home";
import { HomeView } from "@/components/home/home-view";

export const dynamic = "force-dynamic";

export default async function HomePage() {
  const ctx = await requireConsoleSession();
  const { range, picker } = await getPageDateRange(ctx);
  const dashboard = await loadHomeDashboard(ctx, range);
  return (
    <HomeView
      userName={ctx.userName}
      licenseeName={ctx.licenseeName}
      currencyCode={ctx.currencyCode}
      dateRange={picker}
      dashboard={dashboard}
    />
  );
}
