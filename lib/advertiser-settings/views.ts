// What the SETTINGS tab shows of the stored settings: every known key, stored
// or not, with its typed value, and the facts the rules need. Pure: shared by
// the server queries and the client components (and their tests).
import type { AdvertiserSetting } from "../generated/prisma/client";
import {
  SETTING_DEFINITIONS,
  storedValue,
  type SettingDefinition,
  type SettingKind,
  type SettingValueOf,
} from "./definitions";
import type { SettingRulesContext } from "./schema";

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
