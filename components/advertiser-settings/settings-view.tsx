"use client";
// The SETTINGS tab of an advertiser (business.md 2: /advertiser/details/{id}/settings):
// every known setting with its typed editor, saved one at a time, and the
// link to the advertiser's image library. Read-only users see the values
// only; demo users (and everyone on an archived advertiser) see the editors
// disabled (business.md 6). Required settings without a value (computed on the
// server, lib/advertiser-settings/required.ts) are flagged for every role.
import Link from "next/link";
import { describeSettingValue, settingDefinition, type SettingDefinition } from "@/lib/advertiser-settings/definitions";
import type { SettingView } from "@/lib/advertiser-settings/views";
import { missingRequiredSummary, REQUIRED_NOT_SET } from "@/lib/advertiser-settings/required";
import type { ClickSigningApp, SettingRulesContext } from "@/lib/advertiser-settings/schema";
import type { WriteControls } from "@/lib/list/types";
import { ClickSigningForm } from "./click-signing-form";
import { BooleanSettingForm, CurrencySettingForm, SettingHeader, StringSettingForm } from "./setting-forms";
import { WarningNote } from "@/components/ui/warning-note";
import { PostbackSection, type PostbackSectionProps } from "./postback-section";

/** What advertiserForPage decides for the tab (RO hidden, DEMO or archived disabled). */
export type WriteMode = WriteControls;

export function AdvertiserSettingsView({
  advertiserId,
  settings,
  rules,
  missingRequired,
  apps,
  mode,
  notice,
  postback,
}: {
  advertiserId: number;
  settings: SettingView[];
  rules: SettingRulesContext;
  /** Keys of required settings that have no value. */
  missingRequired: readonly string[];
  apps: ClickSigningApp[] | null;
  mode: WriteMode;
  /** Why the editors are disabled, when they are. */
  notice?: string;
  /** The MMP postback URL and key (absent: the section is not shown). */
  postback?: Omit<PostbackSectionProps, "advertiserId" | "mode">;
}) {
  const missing = new Set(missingRequired);
  const summary = missingRequiredSummary(missing.size);
  return (
    <div className="space-y-5" data-testid="advertiser-settings">
      <div>
        <h1 className="text-2xl font-semibold text-slate-900">Settings</h1>
        <p className="mt-1 text-sm text-slate-600">Each setting is saved on its own. Settings that are not set use their default.</p>
      </div>
      {notice ? <WarningNote testId="settings-read-only">{notice}</WarningNote> : null}
      {summary ? (
        <WarningNote testId="settings-required-missing" emphasized>
          {summary}: {settings.filter((s) => missing.has(s.key)).map((s) => s.label).join(", ")}.
        </WarningNote>
      ) : null}
      <section className="rounded-xl border border-slate-200 bg-white p-5 shadow-xs" data-testid="settings-images">
        <h2 className="text-sm font-semibold tracking-wide text-slate-800 uppercase">Images</h2>
        <Link href={`/advertiser/details/${advertiserId}/images`} className="mt-2 inline-block text-sm font-medium text-primary hover:underline">
          Logos, fallback and overlay images
        </Link>
      </section>
      <ul className="grid grid-cols-1 gap-4 xl:grid-cols-2">
        {settings.map((setting) => (
          <li
            key={setting.key}
            data-testid={`setting-${setting.key}`}
            className={`rounded-xl border bg-white p-5 shadow-xs ${missing.has(setting.key) ? "border-amber-300" : "border-slate-200"} ${setting.kind === "clickSigning" ? "xl:col-span-2" : ""}`}
          >
            {missing.has(setting.key) ? (
              <p data-testid={`setting-required-missing-${setting.key}`} className="mb-2 text-xs font-semibold text-amber-700">
                {REQUIRED_NOT_SET}
              </p>
            ) : null}
            {mode === "hidden" ? (
              <ReadOnlySetting setting={setting} />
            ) : (
              <SettingEditor advertiserId={advertiserId} setting={setting} rules={rules} apps={apps} disabled={mode === "disabled"} />
            )}
          </li>
        ))}
      </ul>
      {postback ? <PostbackSection advertiserId={advertiserId} mode={mode} {...postback} /> : null}
    </div>
  );
}

function SettingEditor(props: { advertiserId: number; setting: SettingView; rules: SettingRulesContext; apps: ClickSigningApp[] | null; disabled: boolean }) {
  const { setting } = props;
  switch (setting.kind) {
    case "string":
      return <StringSettingForm {...props} setting={setting} />;
    case "boolean":
      return <BooleanSettingForm {...props} setting={setting} />;
    case "currency":
      return <CurrencySettingForm {...props} setting={setting} />;
    case "clickSigning":
      return <ClickSigningForm {...props} setting={setting} />;
  }
}

function ReadOnlySetting({ setting }: { setting: SettingView }) {
  const def = settingDefinition(setting.key) as SettingDefinition;
  return (
    <div className="space-y-2">
      <SettingHeader setting={setting} defaultText={describeSettingValue(def, setting.defaultValue)} />
      <p className="text-sm text-slate-900" data-testid={`setting-value-${setting.key}`}>
        {describeSettingValue(def, setting.value)}
      </p>
      <p className="text-xs text-slate-500">{setting.description}</p>
    </div>
  );
}
