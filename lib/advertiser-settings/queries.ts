// Reads of advertiser settings (business.md 7: get settings; click-signing
// dictionary), through the data gate. Results are plain objects ready for
// client components: every known key, stored or not, with its typed value.
import type { Tx } from "../db";
import { db } from "../db";
import type { SessionContext } from "../auth/context";
import type { AdvertiserSetting } from "../generated/prisma/client";
import { orNotFound, owned, parseId, scope } from "../data/gate-core";
import {
  SETTING_DEFINITIONS,
  storedValue,
  type SettingDefinition,
  type SettingKind,
  type SettingValueOf,
} from "./definitions";
import type { ClickSigningApp, SettingRulesContext } from "./schema";

interface SettingViewBase<K extends SettingKind> {
  key: string;
  label: string;
  kind: K;
  type: SettingDefinition["type"];
  description: string;
  required: boolean;
  /** false: the key is not stored; `value` is then the default. */
  isSet: boolean;
  value: SettingValueOf[K];
  defaultValue: SettingValueOf[K];
  /** The stored row's version for the optimistic-concurrency check; null when not stored. */
  version: number | null;
  updatedAt: string | null;
}
export type SettingView = { [K in SettingKind]: SettingViewBase<K> }[SettingKind];

export function toSettingViews(rows: Pick<AdvertiserSetting, "key" | "value" | "version" | "updatedAt">[]): SettingView[] {
  const byKey = new Map(rows.map((r) => [r.key, r]));
  return (SETTING_DEFINITIONS as readonly SettingDefinition[]).map((def) => {
    const row = byKey.get(def.key);
    return {
      key: def.key,
      label: def.label,
      kind: def.kind,
      type: def.type,
      description: def.description,
      required: def.required ?? false,
      isSet: row !== undefined,
      value: row ? storedValue(def, row.value) : def.defaultValue,
      defaultValue: def.defaultValue,
      version: row?.version ?? null,
      updatedAt: row?.updatedAt.toISOString() ?? null,
    } as SettingView;
  });
}

/** The facts the setting rules need, from the advertiser and its stored settings. */
export function rulesContextOf(
  advertiser: { androidPhoneBundle: string | null; iosPhoneBundle: string | null },
  rows: Pick<AdvertiserSetting, "key" | "value">[],
): SettingRulesContext {
  const text = (key: string) => rows.find((r) => r.key === key)?.value ?? null;
  return {
    androidBundle: advertiser.androidPhoneBundle?.trim() || null,
    iosBundle: advertiser.iosPhoneBundle?.trim() || null,
    slackChannelId: text("SLACK_CHANNEL_ID")?.trim() ?? "",
    auditLogReportEnabled: text("AUDIT_LOG_REPORT_ENABLED") === "true",
  };
}

export interface AdvertiserSettingsPage {
  advertiserId: number;
  settings: SettingView[];
  rules: SettingRulesContext;
}

/** Every known setting of one advertiser of the session's licensee (archived advertisers too: read-only). */
export async function getAdvertiserSettings(ctx: SessionContext, advertiserId: number | string): Promise<AdvertiserSettingsPage> {
  const id = parseId(String(advertiserId));
  const advertiser = orNotFound(
    await db.advertiser.findFirst({ where: owned(ctx, id), select: { id: true, androidPhoneBundle: true, iosPhoneBundle: true } }),
    "Advertiser",
  );
  const rows = await db.advertiserSetting.findMany({ where: { advertiserId: advertiser.id, licenseeId: ctx.licenseeId } });
  return { advertiserId: advertiser.id, settings: toSettingViews(rows), rules: rulesContextOf(advertiser, rows) };
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
  client: Pick<Tx, "advertiser"> = db,
): Promise<ClickSigningApp[]> {
  const size = Math.min(Math.max(Math.trunc(opts.size ?? DICTIONARY_PAGE_SIZE), 1), DICTIONARY_PAGE_SIZE);
  const page = Math.max(Math.trunc(opts.page ?? 1), 1);
  const rows = await client.advertiser.findMany({
    where: scope(ctx),
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
