"use client";
// The click-signing setting (business.md 3: android {isEnabled, packageName},
// ios {isEnabled, appId}). Packages are suggested from the click-signing app
// dictionary; the warnings of business.md 8 show live beside the fields and
// do not block saving.
import { useMemo } from "react";
import { Controller, useWatch } from "react-hook-form";
import { describeSettingValue, settingDefinition, type SettingDefinition } from "@/lib/advertiser-settings/definitions";
import { clickSigningSettingSchema, clickSigningWarnings, SETTING_MESSAGES, settingFormSchema } from "@/lib/advertiser-settings/schema";
import { fieldId, SaveRow, SettingHeader, useSettingForm, type SettingFormProps } from "./setting-forms";
import { FieldMessage, inputClass } from "@/components/ui/field";
import { Switch } from "./ui";

type Platform = "android" | "ios";

const PLATFORMS: { platform: Platform; title: string; idField: "packageName" | "appId"; idLabel: string; dictionary: "ANDROID" | "IOS"; placeholder: string }[] = [
  { platform: "android", title: "Android", idField: "packageName", idLabel: "Android package name", dictionary: "ANDROID", placeholder: "com.example.app" },
  { platform: "ios", title: "iOS", idField: "appId", idLabel: "iOS app id", dictionary: "IOS", placeholder: "id123456789" },
];

export function ClickSigningForm({ advertiserId, setting, rules, apps, disabled }: SettingFormProps<"clickSigning">) {
  const schema = useMemo(() => settingFormSchema(clickSigningSettingSchema(rules)), [rules]);
  const { form, notice, onSubmit } = useSettingForm(advertiserId, setting, schema);
  const value = useWatch({ control: form.control, name: "value" });
  const warnings = clickSigningWarnings(value, rules, apps);
  const errors = form.formState.errors.value;
  const def = settingDefinition(setting.key) as SettingDefinition;
  const own = { android: rules.androidBundle, ios: rules.iosBundle };

  return (
    <form noValidate onSubmit={(e) => void onSubmit(e)}>
      <fieldset disabled={disabled} className="space-y-3">
        <SettingHeader setting={setting} defaultText={describeSettingValue(def, setting.defaultValue)} />
        <p className="text-xs text-slate-500">{setting.description}</p>
        {errors?.message ? (
          <p role="alert" data-testid={`${fieldId(setting.key)}-error`} className="text-xs text-red-600">
            {errors.message}
          </p>
        ) : null}
        {apps === null ? (
          <p data-testid="click-signing-apps-error" className="text-xs text-amber-700">
            {SETTING_MESSAGES.fetchBundlesFailed}
          </p>
        ) : null}
        <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
          {PLATFORMS.map((p) => {
            const switchId = fieldId(setting.key, `${p.platform}-enabled`);
            const inputId = fieldId(setting.key, `${p.platform}-${p.idField}`);
            const listId = `${inputId}-apps`;
            const platformErrors = errors?.[p.platform] as { isEnabled?: { message?: string }; packageName?: { message?: string }; appId?: { message?: string } } | undefined;
            const idError = platformErrors?.[p.idField]?.message;
            return (
              <div key={p.platform} className="rounded-lg border border-slate-200 p-3" data-testid={`click-signing-${p.platform}`}>
                <div className="flex items-center justify-between gap-3">
                  <span className="text-sm font-medium text-slate-700">{p.title}</span>
                  <Controller
                    control={form.control}
                    name={`value.${p.platform}.isEnabled`}
                    render={({ field }) => (
                      <Switch
                        id={switchId}
                        label={`${p.title} click signing enabled`}
                        checked={field.value}
                        onChange={field.onChange}
                        disabled={disabled}
                        invalid={!!platformErrors?.isEnabled?.message}
                      />
                    )}
                  />
                </div>
                <FieldMessage id={switchId} error={platformErrors?.isEnabled?.message} />
                <label htmlFor={inputId} className="mt-3 block text-xs font-medium text-slate-600">
                  {p.idLabel}
                </label>
                <input
                  id={inputId}
                  list={listId}
                  autoComplete="off"
                  placeholder={p.placeholder}
                  className={`${inputClass()} mt-1`}
                  aria-invalid={!!idError || undefined}
                  {...form.register(`value.${p.platform}.${p.idField}` as "value.android.packageName")}
                />
                <datalist id={listId}>
                  {(apps ?? [])
                    .filter((a) => a.platform === p.dictionary)
                    .map((a) => (
                      <option key={a.appName} value={a.appName} />
                    ))}
                </datalist>
                <FieldMessage
                  id={inputId}
                  error={idError}
                  warning={warnings[`value.${p.platform}.${p.idField}`]}
                  hint={own[p.platform] ? `Advertiser's ${p.idLabel}: ${own[p.platform]}` : `The advertiser has no ${p.idLabel}`}
                />
              </div>
            );
          })}
        </div>
        <SaveRow settingKey={setting.key} busy={form.formState.isSubmitting} disabled={disabled} notice={notice} />
      </fieldset>
    </form>
  );
}
