// The date-range picker with the signed-in user's saved range, for any page
// that reads metrics: `<DateRangeControl ctx={ctx} />`.
import type { SessionContext } from "@/lib/auth/context";
import { getUserDateRangeSettings } from "@/lib/user-settings/queries";
import { DateRangePicker } from "./date-range-picker";

export async function DateRangeControl({ ctx }: { ctx: SessionContext }) {
  const { settings, stored } = await getUserDateRangeSettings(ctx);
  return <DateRangePicker stored={stored} from={settings.range.from} to={settings.range.to} timezoneName={settings.timezoneName} />;
}
