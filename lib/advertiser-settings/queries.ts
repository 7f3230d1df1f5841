// Reads of advertiser settings (business.md 7: get settings; click-signing
// dictionary), through the data gate. Results are plain objects ready for
// client components: every known key, stored or not, with its typed value.
import "server-only";
import type { SessionContext } from "../auth/context";
import { orNotFound, parseId } from "../data/gate";
import { tenantDb } from "../data/tenant-db";
import type { ClickSigningApp, SettingRulesContext } from "./schema";
import { rulesContextOf, toSettingViews, type SettingView } from "./views";
import { missingRequiredSettings } from "./required";

export { rulesContextOf, toSettingViews, type SettingView } from "./views";

export interface AdvertiserSettingsPage {
  advertiserId: number;
  settings: SettingView[];
  rules: SettingRulesContext;
  /** Keys of required settings without a value (business.md 5), for the tab's warnings. */
  missingRequired: string[];
}

/** Every known setting of one advertiser of the session's licensee (archived advertisers too: read-only). */
export async function getAdvertiserSettings(ctx: SessionContext, advertiserId: number | string): Promise<AdvertiserSettingsPage> {
  const id = parseId(String(advertiserId));
  const advertiser = orNotFound(
    await tenantDb(ctx).advertiser.findUnique({ where: { id }, select: { id: true, androidPhoneBundle: true, iosPhoneBundle: true } }),
    "Advertiser",
  );
  const rows = await tenantDb(ctx).advertiserSetting.findMany({ where: { advertiserId: advertiser.id } });
  const settings = toSettingViews(rows);
  return { advertiserId: advertiser.id, settings, rules: rulesContextOf(advertiser, rows), missingRequired: missingRequiredSettings(settings) };
}

export const DICTIONARY_PAGE_SIZE = 1000;

/**
 * The click-signing app dictionary (business.md 7: page 1, size 1000; rows
 * carry platform ANDROID or IOS and appName): the Android packages and iOS app
 * ids of the licensee's advertisers that are not archived.
 */
export async function listClickSigningApps(
  ctx: SessionContext,
  opts: { page?: number; size?: number } = {},
): Promise<ClickSigningApp[]> {
  const size = Math.min(Math.max(Math.trunc(opts.size ?? DICTIONARY_PAGE_SIZE), 1), DICTIONARY_PAGE_SIZE);
  const page = Math.max(Math.trunc(opts.page ?? 1), 1);
  // Inside a save, tenantDb(ctx) is that save's transaction.
  const rows = await tenantDb(ctx).advertiser.findMany({
    where: { isArchived: false },
    select: { androidPhoneBundle: true, iosPhoneBundle: true },
    orderBy: { id: "asc" },
  });
  const seen = new Set<string>();
  const apps: ClickSigningApp[] = [];
  const add = (platform: ClickSigningApp["platform"], appName: string | null) => {
    const name = appName?.trim();
    if (!name || seen.has(`${platform}:${name}`)) return;
    seen.add(`${platform}:${name}`);
    apps.push({ platform, appName: name });
  };
  for (const r of rows) {
    add("ANDROID", r.androidPhoneBundle);
    add("IOS", r.iosPhoneBundle);
  }
  return apps.slice((page - 1) * size, page * size);
}
