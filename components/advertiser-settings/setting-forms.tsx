"use client";
// The typed editors of the SETTINGS tab: text, on/off and currency settings.
// Each setting is its own small form validated by its zod schema from
// lib/advertiser-settings/schema.ts (the server runs the same schema) and
// saved on its own (business.md 7: update one setting).
import { useMemo, type FormEvent, type ReactNode } from "react";
import { Controller } from "react-hook-form";
import type { z } from "@/lib/validation/z";
import { CREATIVE_SET_NAME_PLACEHOLDER, type SettingKind } from "@/lib/advertiser-settings/definitions";
import type { SettingView } from "@/lib/advertiser-settings/views";
import {
  booleanSettingSchema,
  CURRENCY_OPTIONS,
  currencySettingSchema,
  settingFormSchema,
  stringSettingSchema,
  type ClickSigningApp,
  type SettingRulesContext,
} from "@/lib/advertiser-settings/schema";
import { CURRENCY_SYMBOLS } from "@/lib/format/currency";
import { Button } from "@/components/ui/button";
import { FieldMessage, inputClass } from "@/components/ui/field";
import { NoticeLine, Switch, type SettingNotice } from "./ui";
import { useSettingForm } from "./use-setting-save";

export { useSettingForm };

export interface SettingFormProps<K extends SettingKind> {
  advertiserId: number;
  setting: Extract<SettingView, { kind: K }>;
  rules: SettingRulesContext;
  apps: readonly ClickSigningApp[] | null;
  disabled: boolean;
}

export const fieldId = (key: string, part = "value") => `setting-${key}-${part}`;

const PLACEHOLDERS: Record<string, string> = {
  CREATIVE_NAME_FORMAT: `${CREATIVE_SET_NAME_PLACEHOLDER}_{size}`,
  FEED_KEY: "e.g. sku_id",
  SKU_ALLOWED_CHARS: "e.g. A-Za-z0-9-_",
  SLACK_CHANNEL_ID: "e.g. C01ABCDEF",
  DATE_FORMAT: "e.g. yyyy-MM-dd",
  SKAD_NETWORK_TARGET: "e.g. install",
};

/** The label row of a setting: its name (the label of its control), key, type and whether it is stored. */
export function SettingHeader({ setting, htmlFor, defaultText }: { setting: SettingView; htmlFor?: string; defaultText: string }) {
  const name = (
    <>
      {setting.label}
      {setting.required ? <span aria-hidden="true" className="text-red-600"> *</span> : null}
    </>
  );
  return (
    <div className="flex flex-wrap items-baseline justify-between gap-2">
      <div>
        {htmlFor ? (
          <label htmlFor={htmlFor} className="text-sm font-semibold text-slate-800">
            {name}
          </label>
        ) : (
          <h3 className="text-sm font-semibold text-slate-800">{name}</h3>
        )}
        <p className="text-xs text-slate-500">
          <code>{setting.key}</code> · {setting.type}
        </p>
      </div>
      {setting.isSet ? null : (
        <span data-testid={`setting-not-set-${setting.key}`} className="rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-600">
          Not set · default: {defaultText}
        </span>
      )}
    </div>
  );
}

export function SaveRow({
  settingKey,
  busy,
  disabled,
  notice,
  children,
}: {
  settingKey: string;
  busy: boolean;
  disabled: boolean;
  notice: SettingNotice | null;
  children?: ReactNode;
}) {
  return (
    <div className="mt-3 flex flex-wrap items-center justify-end gap-3">
      {children}
      <NoticeLine notice={notice} testId={`setting-notice-${settingKey}`} />
      <Button type="submit" variant="primary" disabled={busy || disabled} data-testid={`setting-save-${settingKey}`}>
        {busy ? "Saving..." : "Save"}
      </Button>
    </div>
  );
}

/** The frame of a one-control setting: header with its label, the control, its message or hint, Save. */
function SimpleSettingForm({
  setting,
  id,
  defaultText,
  error,
  disabled,
  state: { form, notice, onSubmit },
  children,
}: {
  setting: SettingView;
  id: string;
  defaultText: string;
  error: string | undefined;
  disabled: boolean;
  /** What useSettingForm returned. */
  state: { form: { formState: { isSubmitting: boolean } }; notice: SettingNotice | null; onSubmit(e: FormEvent<HTMLFormElement>): Promise<void> };
  children: ReactNode;
}) {
  return (
    <form noValidate onSubmit={(e) => void onSubmit(e)}>
      <fieldset disabled={disabled} className="space-y-2">
        <SettingHeader setting={setting} htmlFor={id} defaultText={defaultText} />
        {children}
        <FieldMessage id={id} error={error} hint={setting.description} />
        <SaveRow settingKey={setting.key} busy={form.formState.isSubmitting} disabled={disabled} notice={notice} />
      </fieldset>
    </form>
  );
}

/** A one-value setting's form (text, on/off): its state, its control's id and the message under the control. */
function useValueSettingForm<V extends string | boolean>(advertiserId: number, setting: SettingView & { value: V }, schema: z.ZodType<{ value: V }, { value: V }>) {
  const state = useSettingForm(advertiserId, setting, schema);
  const { form } = state;
  return { state, form, id: fieldId(setting.key), error: form.formState.errors.value?.message };
}

export function StringSettingForm({ advertiserId, setting, rules, disabled }: SettingFormProps<"string">) {
  const schema = useMemo(() => settingFormSchema(stringSettingSchema(setting.key, rules)), [setting.key, rules]);
  const { state, form, id, error } = useValueSettingForm(advertiserId, setting, schema);
  return (
    <SimpleSettingForm setting={setting} id={id} defaultText={setting.defaultValue || "(empty)"} error={error} disabled={disabled} state={state}>
      <input
        id={id}
        className={inputClass()}
        placeholder={PLACEHOLDERS[setting.key]}
        aria-invalid={!!error || undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...form.register("value")}
      />
    </SimpleSettingForm>
  );
}

export function BooleanSettingForm({ advertiserId, setting, rules, disabled }: SettingFormProps<"boolean">) {
  const schema = useMemo(() => settingFormSchema(booleanSettingSchema(setting.key, rules)), [setting.key, rules]);
  const { state, form, id, error } = useValueSettingForm(advertiserId, setting, schema);
  return (
    <SimpleSettingForm setting={setting} id={id} defaultText={setting.defaultValue ? "On" : "Off"} error={error} disabled={disabled} state={state}>
      <Controller
        control={form.control}
        name="value"
        render={({ field }) => (
          <div className="flex items-center gap-3">
            <Switch id={id} label={setting.label} checked={field.value} onChange={field.onChange} disabled={disabled} invalid={!!error} />
            <span className="text-sm text-slate-700" data-testid={`setting-state-${setting.key}`}>
              {field.value ? "On" : "Off"}
            </span>
          </div>
        )}
      />
    </SimpleSettingForm>
  );
}

export function CurrencySettingForm({ advertiserId, setting, disabled }: SettingFormProps<"currency">) {
  const schema = useMemo(() => settingFormSchema(currencySettingSchema()), []);
  const state = useSettingForm(advertiserId, setting, schema);
  const { form } = state;
  const id = fieldId(setting.key, "currency");
  const error = form.formState.errors.value?.currency?.message ?? form.formState.errors.value?.message;
  const options = CURRENCY_OPTIONS.includes(setting.value.currency) || !setting.value.currency ? CURRENCY_OPTIONS : [setting.value.currency, ...CURRENCY_OPTIONS];
  return (
    <SimpleSettingForm setting={setting} id={id} defaultText={setting.defaultValue.currency} error={error} disabled={disabled} state={state}>
      <select
        id={id}
        className={inputClass()}
        aria-invalid={!!error || undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...form.register("value.currency")}
      >
        <option value="">Choose a currency</option>
        {options.map((code) => (
          <option key={code} value={code}>
            {code} {CURRENCY_SYMBOLS[code] && CURRENCY_SYMBOLS[code] !== code ? `(${CURRENCY_SYMBOLS[code]})` : ""}
          </option>
        ))}
      </select>
    </SimpleSettingForm>
  );
}
