import { requireConsoleSession } from "@/lib/tenancy/request";
import { getUserDateRangeSettings } from "@/lib/user-settings/queries";
import { loadHomeDashboard } from "@/lib/metrics/home";
import { HomeView } from "@/components/home/home-view";

export const dynamic = "force-dynamic";

export default async function HomePage() {
  const ctx = await requireConsoleSession();
  const { settings, stored } = await getUserDateRangeSettings(ctx);
  const dashboard = await loadHomeDashboard(ctx, settings.range);
  return (
    <HomeView
      userName={ctx.userName}
      licenseeName={ctx.licenseeName}
      currencyCode={ctx.currencyCode}
      dateRange={{ stored, from: settings.range.from, to: settings.range.to, timezoneName: settings.timezoneName }}
      dashboard={dashboard}
    />
  );
}
