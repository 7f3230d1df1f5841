// Advertiser settings on the test database: reading every known key (stored or
// default), updating one setting with its activity row, 'No changes detected',
// the click-signing rules and warnings, optimistic concurrency, and the gate
// (licensees, roles, archived advertisers).
import "../helpers/action-session";
import { revalidatePath } from "next/cache";
import { db } from "@/lib/db";
import { ConflictError, NotFoundError } from "@/lib/errors";
import { updateAdvertiserSettingAction } from "@/lib/advertiser-settings/actions";
import { updateAdvertiserSetting } from "@/lib/advertiser-settings/mutations";
import { scopeOf } from "@/lib/data/scope";
import { getAdvertiserSettings, listClickSigningApps } from "@/lib/advertiser-settings/queries";
import { SETTING_MESSAGES } from "@/lib/advertiser-settings/schema";
import { useTestDatabase } from "../helpers/db";
import * as f from "../helpers/factories";
import { signedInTenant } from "../helpers/session-mock";
import type { Role } from "@/lib/auth/roles";

useTestDatabase();

const tenant = (role: Role = "RW") => signedInTenant(role, { androidPhoneBundle: "com.acme.shoes", iosPhoneBundle: "id123456789" });

const signing = (packageName: string, appId = "", enabled = true) =>
  JSON.stringify({ android: { isEnabled: enabled, packageName }, ios: { isEnabled: false, appId } });

async function store(advertiser: { id: number; licenseeId: number }, key: string, type: "STRING" | "BOOLEAN" | "JSON", value: string) {
  return db.advertiserSetting.create({ data: { licenseeId: advertiser.licenseeId, advertiserId: advertiser.id, key, type, value } });
}

describe("reading", () => {
  test("every known key is listed; missing ones as not set with their default", async () => {
    const { ctx, advertiser } = await tenant();
    await store(advertiser, "TRANSACTION_CURRENCY", "JSON", '{"currency":"EUR"}');
    await store(advertiser, "UNKNOWN_KEY", "STRING", "ignored");
    const page = await getAdvertiserSettings(ctx, advertiser.id);
    expect(page.settings.map((s) => s.key)).toHaveLength(11);
    expect(page.settings.find((s) => s.key === "TRANSACTION_CURRENCY")).toMatchObject({ isSet: true, value: { currency: "EUR" }, version: 1 });
    expect(page.settings.find((s) => s.key === "LIFT_TEST_ACTIVE")).toMatchObject({ isSet: false, value: false, version: null, label: "Lift test active" });
    expect(page.rules).toEqual({ androidBundle: "com.acme.shoes", iosBundle: "id123456789", slackChannelId: "", auditLogReportEnabled: false });
  });

  test("a new advertiser's page reports the required feed key as missing until it is saved", async () => {
    const { ctx, advertiser } = await tenant();
    expect((await getAdvertiserSettings(ctx, advertiser.id)).missingRequired).toEqual(["FEED_KEY"]);
    await updateAdvertiserSetting(scopeOf(ctx), advertiser.id, null, { key: "FEED_KEY", type: "STRING", value: "sku_id" });
    expect((await getAdvertiserSettings(ctx, advertiser.id)).missingRequired).toEqual([]);
  });

  test("the click-signing dictionary holds the bundles of the licensee's advertisers only", async () => {
    const { ctx, licensee } = await tenant();
    await f.makeAdvertiser(licensee.id, { androidPhoneBundle: "com.second.app", iosPhoneBundle: null });
    await f.makeAdvertiser(licensee.id, { androidPhoneBundle: "com.archived.app", isArchived: true });
    const other = await f.makeTenant("RW");
    await f.makeAdvertiser(other.licensee.id, { androidPhoneBundle: "com.foreign.app" });
    const apps = await listClickSigningApps(ctx);
    expect(apps).toEqual([
      { platform: "ANDROID", appName: "com.acme.shoes" },
      { platform: "IOS", appName: "id123456789" },
      { platform: "ANDROID", appName: "com.second.app" },
    ]);
    expect(await listClickSigningApps(ctx, { page: 2, size: 2 })).toEqual([{ platform: "ANDROID", appName: "com.second.app" }]);
  });
});

describe("updating one setting", () => {
  test("a new key is created at version 1 with an ADVERTISER activity row naming the key", async () => {
    const { ctx, advertiser } = await tenant();
    const result = await updateAdvertiserSetting(scopeOf(ctx), advertiser.id, null, { key: "FEED_KEY", type: "STRING", value: " sku_id " });
    expect(result).toEqual({ key: "FEED_KEY", changed: true, message: "Feed key saved", version: 1, warnings: {} });
    expect(await db.advertiserSetting.findFirstOrThrow({ where: { advertiserId: advertiser.id } })).toMatchObject({
      key: "FEED_KEY",
      type: "STRING",
      value: "sku_id",
      version: 1,
    });
    const log = await db.activityLog.findFirstOrThrow({ include: { fields: true } });
    expect(log).toMatchObject({ action: "UPDATE", entityType: "ADVERTISER", entityId: advertiser.id, entityAdvertiserId: advertiser.id });
    expect(log.fields.map((x) => [x.fieldName, x.oldValue, x.newValue])).toEqual([["FEED_KEY", null, "sku_id"]]);
  });

  test("an existing key is updated on its version, which moves on; a stale version is a conflict", async () => {
    const { ctx, advertiser } = await tenant();
    await store(advertiser, "TRANSACTION_CURRENCY", "JSON", '{"currency":"USD"}');
    const result = await updateAdvertiserSetting(scopeOf(ctx), advertiser.id, 1, { key: "TRANSACTION_CURRENCY", type: "JSON", value: '{"currency":"eur"}' });
    expect(result).toMatchObject({ changed: true, version: 2 });
    expect(await db.advertiserSetting.findFirstOrThrow()).toMatchObject({ value: '{"currency":"EUR"}', version: 2 });
    const field = await db.activityLogField.findFirstOrThrow();
    expect(field).toMatchObject({ fieldName: "TRANSACTION_CURRENCY", oldValue: '{"currency":"USD"}', newValue: '{"currency":"EUR"}' });

    await expect(
      updateAdvertiserSetting(scopeOf(ctx), advertiser.id, 1, { key: "TRANSACTION_CURRENCY", type: "JSON", value: '{"currency":"GBP"}' }),
    ).rejects.toBeInstanceOf(ConflictError);
    // A key stored meanwhile by someone else: the form's "not stored" version is stale too.
    await expect(updateAdvertiserSetting(scopeOf(ctx), advertiser.id, null, { key: "TRANSACTION_CURRENCY", type: "JSON", value: '{"currency":"GBP"}' })).rejects.toBeInstanceOf(
      ConflictError,
    );
    expect(await db.advertiserSetting.findFirstOrThrow()).toMatchObject({ value: '{"currency":"EUR"}', version: 2 });
    expect(await db.activityLog.count()).toBe(1);
  });

  test.each([
    ["an existing key", 1],
    ["a key saved for the first time", null],
  ])("two saves racing on %s: one wins, the other is a conflict", async (_label, version) => {
    const { ctx, advertiser } = await tenant();
    if (version !== null) await store(advertiser, "FEED_KEY", "STRING", "a");
    const results = await Promise.allSettled(
      ["b", "c"].map((value) => updateAdvertiserSetting(scopeOf(ctx), advertiser.id, version, { key: "FEED_KEY", type: "STRING", value })),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(results.find((r) => r.status === "rejected")).toMatchObject({ reason: expect.any(ConflictError) });
    expect(await db.advertiserSetting.findMany()).toEqual([expect.objectContaining({ version: version === null ? 1 : 2 })]);
    expect(await db.activityLog.count()).toBe(1);
  });

  test("saving the stored value again is 'No changes detected': nothing written", async () => {
    const { ctx, advertiser } = await tenant();
    await store(advertiser, "CLICK_SIGNING", "JSON", JSON.stringify({ ios: { appId: "", isEnabled: false }, android: { packageName: "", isEnabled: false } }));
    const same = JSON.stringify({ android: { isEnabled: false, packageName: "" }, ios: { isEnabled: false, appId: "" } });
    const result = await updateAdvertiserSetting(scopeOf(ctx), advertiser.id, 1, { key: "CLICK_SIGNING", type: "JSON", value: same });
    expect(result).toMatchObject({ changed: false, message: "No changes detected", version: 1 });
    expect(await db.advertiserSetting.findFirstOrThrow()).toMatchObject({ version: 1 });
    expect(await db.activityLog.count()).toBe(0);
  });

  test("invalid values are refused beside their field, nothing written", async () => {
    const { ctx, advertiser } = await tenant();
    const update = (key: string, type: string, value: string) => updateAdvertiserSetting(scopeOf(ctx), advertiser.id, null, { key, type, value });
    await expect(update("CREATIVE_NAME_FORMAT", "STRING", "{size}")).rejects.toMatchObject({
      issues: [expect.objectContaining({ path: ["value"], message: SETTING_MESSAGES.creativeNameFormatPlaceholder })],
    });
    await expect(update("TRANSACTION_CURRENCY", "JSON", '{"currency":"XYZ"}')).rejects.toMatchObject({
      issues: [expect.objectContaining({ path: ["value", "currency"], message: SETTING_MESSAGES.currencyInvalid })],
    });
    await expect(update("LIFT_TEST_ACTIVE", "BOOLEAN", "maybe")).rejects.toMatchObject({ issues: [expect.objectContaining({ path: ["value"] })] });
    await expect(update("LIFT_TEST_ACTIVE", "STRING", "true")).rejects.toMatchObject({
      issues: [expect.objectContaining({ path: ["type"], message: "This setting's type is BOOLEAN" })],
    });
    await expect(update("NOT_A_KEY", "STRING", "x")).rejects.toMatchObject({ issues: [expect.objectContaining({ path: ["key"] })] });
    expect(await db.advertiserSetting.count()).toBe(0);
    expect(await db.activityLog.count()).toBe(0);
  });

  test("the audit log report needs the stored slack channel id, which then cannot be cleared", async () => {
    const { ctx, advertiser } = await tenant();
    const audit = { key: "AUDIT_LOG_REPORT_ENABLED", type: "BOOLEAN", value: "true" };
    await expect(updateAdvertiserSetting(scopeOf(ctx), advertiser.id, null, audit)).rejects.toMatchObject({
      issues: [expect.objectContaining({ path: ["value"], message: SETTING_MESSAGES.auditLogNeedsSlack })],
    });
    await updateAdvertiserSetting(scopeOf(ctx), advertiser.id, null, { key: "SLACK_CHANNEL_ID", type: "STRING", value: "C0123456" });
    await expect(updateAdvertiserSetting(scopeOf(ctx), advertiser.id, null, audit)).resolves.toMatchObject({ changed: true });
    await expect(updateAdvertiserSetting(scopeOf(ctx), advertiser.id, 1, { key: "SLACK_CHANNEL_ID", type: "STRING", value: "" })).rejects.toMatchObject({
      issues: [expect.objectContaining({ message: SETTING_MESSAGES.slackNeededByAuditLog })],
    });
  });
});

describe("click signing", () => {
  test("enabling needs the advertiser's bundle; warnings when the package differs or is unknown", async () => {
    const { ctx, advertiser, licensee } = await tenant();
    await f.makeAdvertiser(licensee.id, { androidPhoneBundle: "com.sister.app" });
    const save = (version: number | null, value: string) => updateAdvertiserSetting(scopeOf(ctx), advertiser.id, version, { key: "CLICK_SIGNING", type: "JSON", value });

    expect(await save(null, signing("com.acme.shoes"))).toMatchObject({ changed: true, version: 1, warnings: {} });
    expect(await save(1, signing("com.sister.app"))).toMatchObject({
      changed: true,
      version: 2,
      warnings: { "value.android.packageName": "Selected package differs from click-signing settings" },
    });
    expect(await save(2, signing("com.nowhere.app"))).toMatchObject({
      version: 3,
      warnings: { "value.android.packageName": "Entered package not found in system" },
    });
    expect(await save(3, signing("com.nowhere.app"))).toMatchObject({ changed: false, message: "No changes detected" });

    const noBundle = await f.makeAdvertiser(licensee.id, { androidPhoneBundle: null, iosPhoneBundle: "555" });
    await expect(
      updateAdvertiserSetting(scopeOf(ctx), noBundle.id, null, { key: "CLICK_SIGNING", type: "JSON", value: signing("com.acme.shoes") }),
    ).rejects.toMatchObject({ issues: [expect.objectContaining({ path: ["value", "android", "isEnabled"], message: SETTING_MESSAGES.androidNeedsBundle })] });
  });
});

describe("the gate", () => {
  test("another licensee's advertiser is not found, for reads and writes", async () => {
    const { ctx } = await tenant();
    const other = await f.makeTenant("RW");
    const foreign = await f.makeAdvertiser(other.licensee.id);
    await expect(getAdvertiserSettings(ctx, foreign.id)).rejects.toBeInstanceOf(NotFoundError);
    await expect(updateAdvertiserSetting(scopeOf(ctx), foreign.id, null, { key: "FEED_KEY", type: "STRING", value: "x" })).rejects.toBeInstanceOf(NotFoundError);
    await expect(getAdvertiserSettings(ctx, "abc")).rejects.toBeInstanceOf(NotFoundError);
    expect(await db.advertiserSetting.count()).toBe(0);
  });

  test.each(["RO", "DEMO"] as const)("%s users are refused, nothing written (even with a bad value)", async (role) => {
    const { advertiser } = await tenant(role);
    const result = await updateAdvertiserSettingAction({ advertiserId: advertiser.id, version: null, key: "FEED_KEY", type: "STRING", value: "x" });
    expect(result).toMatchObject({ ok: false, status: 403 });
    const badKey = { advertiserId: advertiser.id, version: null, key: "NOPE" } as never;
    expect(await updateAdvertiserSettingAction(badKey)).toMatchObject({ ok: false, status: 403 });
    expect(await db.advertiserSetting.count()).toBe(0);
    expect(await db.activityLog.count()).toBe(0);
  });

  test("an archived advertiser's settings are read-only", async () => {
    const { ctx, licensee } = await tenant();
    const archived = await f.makeAdvertiser(licensee.id, { active: false, isArchived: true });
    expect((await getAdvertiserSettings(ctx, archived.id)).settings).toHaveLength(11);
    await expect(updateAdvertiserSetting(scopeOf(ctx), archived.id, null, { key: "FEED_KEY", type: "STRING", value: "x" })).rejects.toMatchObject({
      status: 409,
      message: "This advertiser is archived and can no longer be changed.",
    });
    expect(await db.advertiserSetting.count()).toBe(0);
  });
});

describe("the server action", () => {
  test("returns field errors under the form's paths, and the result with warnings", async () => {
    const { advertiser } = await tenant();
    const bad = await updateAdvertiserSettingAction({ advertiserId: advertiser.id, version: null, key: "TRANSACTION_CURRENCY", type: "JSON", value: '{"currency":""}' });
    expect(bad).toMatchObject({ ok: false, status: 400, fieldErrors: { "value.currency": SETTING_MESSAGES.currencyRequired } });
    const good = await updateAdvertiserSettingAction({ advertiserId: advertiser.id, version: null, key: "TRANSACTION_CURRENCY", type: "JSON", value: '{"currency":"INR"}' });
    expect(good).toEqual({ ok: true, data: { key: "TRANSACTION_CURRENCY", changed: true, message: "Transaction currency saved", version: 1, warnings: {} } });
    expect(revalidatePath).toHaveBeenCalledWith(`/advertiser/details/${advertiser.id}/settings`);
  });
});
