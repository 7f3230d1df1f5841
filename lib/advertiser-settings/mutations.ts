// Updating one advertiser setting (business.md 7: update one setting with key,
// type, value), through the data gate: the action has checked the role; the
// licensee's own advertiser only, archived advertisers read-only; the change
// and its activity row (entity ADVERTISER, field = the setting key) in one
// transaction; optimistic concurrency on the setting's version.
import type { ActionScope } from "../data/scope";
import { writeActivity } from "../audit/activity";
import { validationError } from "../validation/errors";
import { ConflictError } from "../errors";
import { orNotFound, parseId } from "../data/gate";
import { updateVersioned, withAuditedChange } from "../data/transaction";
import { advertiserEntry } from "../advertisers/mutations";
import {
  decodeSettingText,
  encodeSettingValue,
  settingDefinition,
  SettingTextError,
  type ClickSigningValue,
  type SettingDefinition,
} from "./definitions";
import { listClickSigningApps, rulesContextOf } from "./queries";
import { clickSigningWarnings, SETTING_MESSAGES, settingFormSchema, settingValueSchema, SettingUpdateSchema } from "./schema";

export const SETTINGS_ARCHIVED_MESSAGE = "This advertiser is archived and can no longer be changed.";

export interface SettingUpdateResult {
  key: string;
  /** false: the value equals the stored one; nothing was written ('No changes detected'). */
  changed: boolean;
  message: string;
  /** The setting's version after the call (null: still not stored). */
  version: number | null;
  /** Non-blocking warnings by field path (click signing, business.md 8). */
  warnings: Record<string, string>;
}

/** The same value written differently (JSON key order, spacing) is the same value. */
function sameValue(def: SettingDefinition, storedText: string, newText: string): boolean {
  if (storedText === newText) return true;
  try {
    return encodeSettingValue(def, settingValueSchema(def, NO_RULES).parse(decodeSettingText(def, storedText))) === newText;
  } catch {
    return false;
  }
}
const NO_RULES = { androidBundle: "x", iosBundle: "x", slackChannelId: "x", auditLogReportEnabled: false };

/**
 * Validates and stores one setting. `expectedVersion` is the version the form
 * was loaded with, null for a key that was not stored yet. Validation failures
 * are ZodErrors with paths under "value" (the form's fields); a version that
 * moved on is a ConflictError.
 */
export async function updateAdvertiserSetting(
  scope: ActionScope,
  advertiserId: number | string,
  expectedVersion: number | null,
  input: unknown,
): Promise<SettingUpdateResult> {
  const advId = parseId(String(advertiserId));
  const call = SettingUpdateSchema.parse(input);
  const def = settingDefinition(call.key)!;
  if (call.type !== def.type) throw validationError(["type"], SETTING_MESSAGES.typeMismatch(def.type), call.type);
  let decoded: unknown;
  try {
    decoded = decodeSettingText(def, call.value);
  } catch (err) {
    if (err instanceof SettingTextError) throw validationError(["value"], err.message, call.value);
    throw err;
  }
  if (expectedVersion !== null && !Number.isSafeInteger(expectedVersion)) throw new ConflictError();

  return withAuditedChange(scope, async (tx) => {
    const advertiser = orNotFound(await tx.advertiser.findUnique({ where: { id: advId } }), "Advertiser");
    if (advertiser.isArchived) throw new ConflictError(SETTINGS_ARCHIVED_MESSAGE);
    const rows = await tx.advertiserSetting.findMany({ where: { advertiserId: advertiser.id } });
    const rules = rulesContextOf(advertiser, rows);
    const { value } = settingFormSchema(settingValueSchema(def, rules)).parse({ value: decoded });
    const text = encodeSettingValue(def, value);
    const warnings =
      def.kind === "clickSigning"
        ? clickSigningWarnings(value as ClickSigningValue, rules, await listClickSigningApps(scope.ctx, {}))
        : {};

    const existing = rows.find((r) => r.key === def.key);
    if (existing && existing.type === def.type && sameValue(def, existing.value, text)) {
      return { key: def.key, changed: false, message: SETTING_MESSAGES.noChanges, version: existing.version, warnings };
    }
    let version: number;
    if (existing) {
      if (expectedVersion === null) throw new ConflictError(); // created meanwhile by someone else
      await updateVersioned(tx.advertiserSetting, existing.id, expectedVersion, { type: def.type, value: text }, "Advertiser setting");
      version = expectedVersion + 1;
    } else {
      if (expectedVersion !== null) throw new ConflictError();
      // skipDuplicates: a concurrent first save of the same key loses without aborting the transaction.
      const { count } = await tx.advertiserSetting.createMany({
        data: [{ advertiserId: advertiser.id, key: def.key, type: def.type, value: text }],
        skipDuplicates: true,
      });
      if (count !== 1) throw new ConflictError();
      version = 1;
    }
    await writeActivity(tx, scope.ctx, {
      action: "UPDATE",
      ...advertiserEntry(advertiser),
      message: `Advertiser setting "${def.label}" updated`,
      changes: [{ fieldName: def.key, oldValue: existing?.value ?? null, newValue: text }],
    });
    return { key: def.key, changed: true, message: `${def.label} saved`, version, warnings };
  });
}
