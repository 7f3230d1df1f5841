// SETTINGS tab of /advertiser/details/{id} (business.md 2 and 3 ADVERTISER SETTINGS),
// with the advertiser's MMP postback URL and key.
import { headers } from "next/headers";
import { advertiserForPage } from "@/lib/advertisers/page";
import { getAdvertiserSettings, listClickSigningApps } from "@/lib/advertiser-settings/queries";
import type { ClickSigningApp } from "@/lib/advertiser-settings/schema";
import { SETTINGS_ARCHIVED_MESSAGE } from "@/lib/advertiser-settings/mutations";
import type { SessionContext } from "@/lib/auth/context";
import { log } from "@/lib/log";
import { postbackKeyStatus } from "@/lib/audiences/postback/keys";
import { publicOrigin } from "@/lib/net/public-origin";
import { AdvertiserSettingsView } from "@/components/advertiser-settings/settings-view";

export const dynamic = "force-dynamic";

/** The click-signing dictionary; a failure only costs the suggestions and the 'not found' warning. */
async function appsOrNull(ctx: SessionContext): Promise<ClickSigningApp[] | null> {
  try {
    return await listClickSigningApps(ctx);
  } catch (err) {
    log.warn("advertiser settings: click-signing dictionary not read", { err: err instanceof Error ? err : new Error(String(err)) });
    return null;
  }
}

export default async function AdvertiserSettingsPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const { ctx, advertiser, writeControls: mode } = await advertiserForPage(id);
  const [page, apps, postbackKey] = await Promise.all([getAdvertiserSettings(ctx, advertiser.id), appsOrNull(ctx), postbackKeyStatus(ctx, advertiser.id)]);
  const origin = publicOrigin(await headers()) ?? "";
  return (
    <AdvertiserSettingsView
      advertiserId={advertiser.id}
      settings={page.settings}
      rules={page.rules}
      missingRequired={page.missingRequired}
      apps={apps}
      mode={mode}
      notice={advertiser.isArchived ? SETTINGS_ARCHIVED_MESSAGE : undefined}
      postback={{ origin, isSet: postbackKey.isSet, generatedAt: postbackKey.generatedAt }}
    />
  );
}
