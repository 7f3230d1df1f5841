// What the strategy list's Export and Import controls need: the licensee's
// campaigns to choose from, the user's date range, and whether they may import.
import "server-only";
import type { SessionContext } from "../../auth/context";
import { canWrite } from "../../auth/roles";
import { campaignOptions } from "../../campaigns/list";
import { getPageDateRange } from "../../user-settings/queries";

export async function loadTransferControls(ctx: SessionContext) {
  const [campaigns, { range }] = await Promise.all([campaignOptions(ctx, null), getPageDateRange(ctx)]);
  return { campaigns: campaigns.map((c) => ({ id: c.id, name: c.name })), defaultRange: { from: range.from, to: range.to }, canImport: canWrite(ctx.role) };
}
