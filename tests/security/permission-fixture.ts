// The records the permission matrix calls every action and route handler on:
// two licensees built alike, A (whose ids every call names) and B (whose
// read-write user plays "another licensee"). Every name of licensee A carries
// MARKER_A, so an answer that leaks anything of A to B can be found by text.
import { db } from "@/lib/db";
import { hashPassword } from "@/lib/auth/password";
import type { Role } from "@/lib/auth/roles";
import { createApiKey } from "@/lib/account/api-keys";
import { scopeOf } from "@/lib/data/scope";
import { newImageKey } from "@/lib/images/files";
import { fileUrl, storage } from "@/lib/storage";
import * as f from "../helpers/factories";
import { png } from "../helpers/images";

export const MARKER_A = "Alpha7q";
export const MARKER_B = "Bravo3k";
/** Every seeded user's password (the login and change-password calls type it). */
export const PASSWORD = "Matrix@12345";
export const NEW_PASSWORD = "Zebra#90817";

export interface MatrixUser {
  id: number;
  email: string;
  licenseeId: number;
  role: Role;
}

export interface LicenseeRecords {
  licenseeId: number;
  users: Record<Role, MatrixUser>;
  /** Used by most calls; never archived or deactivated by one. */
  advertiserId: number;
  /** Targets of status changes and archiving, so a successful call does not change what the others use. */
  statusAdvertiserId: number;
  bulkAdvertiserId: number;
  archiveAdvertiserId: number;
  pixelId: number;
  /** The opaque key its tracking code names it by. */
  pixelPublicKey: string;
  statusPixelId: number;
  campaignId: number;
  strategyId: number;
  /** A creative of the advertiser (delivery rows name one). */
  creativeId: number;
  clickDestinationId: number;
  statusClickDestinationId: number;
  feedId: number;
  statusFeedId: number;
  mappingId: number;
  notificationId: number;
  /** Custom presets of the RW user: one to edit and apply, one to delete. */
  presetId: number;
  presetToDeleteId: number;
  apiKeyId: number;
  /** The RW user's API key itself (REST calls as that user). */
  apiKeySecret: string;
  /** A saved library image (AppSetting LOGO_LINK) and the key of its stored file. */
  imageSettingId: number;
  imageKey: string;
  /** Uploaded but never saved: one for Save (addImages), one for Cancel (discardUploads). */
  unsavedUploadUrl: string;
  discardableUploadUrl: string;
}

export interface MatrixFixture {
  a: LicenseeRecords;
  b: LicenseeRecords;
}

async function storeUpload(licenseeId: number, advertiserId: number, name: string): Promise<string> {
  const key = newImageKey(licenseeId, advertiserId, "LOGO", name);
  await storage().put(key, png(300, 300));
  return key;
}

async function seedLicensee(marker: string, passwordHash: string): Promise<LicenseeRecords> {
  const sub = marker.toLowerCase();
  const licensee = await f.makeLicensee(`${marker} Media`, sub);
  const licenseeId = licensee.id;
  const user = async (role: Role): Promise<MatrixUser> => {
    const email = `${role.toLowerCase()}.${sub}@example.com`;
    // Only the read-write users may switch licensee: the switch call is refused to the others.
    const row = await f.makeUser(email, [{ licenseeId, role, canSwitch: role === "RW" }], { name: `${role} ${marker}`, passwordHash });
    return { id: row.id, email, licenseeId, role };
  };
  const users = { RW: await user("RW"), RO: await user("RO"), DEMO: await user("DEMO") };

  const named = (what: string) => `${what} ${marker}`;
  const advertiser = await f.makeAdvertiser(licenseeId, { name: named("Advertiser"), mmp: "AppsFlyer" });
  const statusAdvertiser = await f.makeAdvertiser(licenseeId, { name: named("Status advertiser") });
  const bulkAdvertiser = await f.makeAdvertiser(licenseeId, { name: named("Bulk advertiser") });
  const archiveAdvertiser = await f.makeAdvertiser(licenseeId, { name: named("Archive advertiser"), active: false }); // archiving needs an inactive one
  const owner = { id: advertiser.id, licenseeId };
  const pixel = await f.makePixel(owner, { name: named("Pixel") });
  const statusPixel = await f.makePixel(owner, { name: named("Status pixel") });
  const campaign = await f.makeCampaign(owner, { name: named("Campaign") });
  const strategy = await f.makeStrategy(campaign, { name: named("Strategy") });
  const clickDestination = await f.makeClickDestination(owner, { name: named("Click") });
  const statusClickDestination = await f.makeClickDestination(owner, { name: named("Status click") });
  await f.makeCreativeSet(owner, { name: named("Set") });
  const creative = await f.makeCreative(owner, { name: named("Creative") });
  await f.makeAudience(owner, { name: named("Audience") });
  const feed = await f.makeCatalogFeed(owner, { name: named("Feed"), updateStatus: "COMPLETED" });
  const statusFeed = await f.makeCatalogFeed(owner, { name: named("Status feed"), updateStatus: "COMPLETED" });
  const mapping = await db.variableMapping.create({
    data: { feedId: feed.id, name: named("sku"), variablePath: "sku", samples: [named("sample")] },
  });
  const notification = await f.makeNotification(licenseeId, users.RW.id, { entityName: named("Campaign"), createdAt: new Date("2024-01-01T00:00:00Z") });
  const preset = await db.preferencePreset.create({
    data: { licenseeId, userId: users.RW.id, name: named("View"), columns: ["impressions", "clicks"] },
  });
  const presetToDelete = await db.preferencePreset.create({
    data: { licenseeId, userId: users.RW.id, name: named("Old"), columns: ["impressions"] },
  });
  const rwCtx = await f.ctxFor(users.RW.id, licenseeId);
  const apiKey = await createApiKey(scopeOf(rwCtx), { name: named("Key") });

  const imageKey = await storeUpload(licenseeId, advertiser.id, `${sub}-logo.png`);
  const image = await db.appSetting.create({
    data: {
      licenseeId,
      advertiserId: advertiser.id,
      key: "LOGO_LINK",
      value: fileUrl(imageKey),
      name: `${sub}-logo.png`,
      width: 300,
      height: 300,
      properties: { DIMENSIONS: "300X300" },
    },
  });
  const unsaved = await storeUpload(licenseeId, advertiser.id, `${sub}-new.png`);
  const discardable = await storeUpload(licenseeId, advertiser.id, `${sub}-cancelled.png`);

  return {
    licenseeId,
    users,
    advertiserId: advertiser.id,
    statusAdvertiserId: statusAdvertiser.id,
    bulkAdvertiserId: bulkAdvertiser.id,
    archiveAdvertiserId: archiveAdvertiser.id,
    pixelId: pixel.id,
    pixelPublicKey: pixel.publicKey,
    statusPixelId: statusPixel.id,
    campaignId: campaign.id,
    strategyId: strategy.id,
    creativeId: creative.id,
    clickDestinationId: clickDestination.id,
    statusClickDestinationId: statusClickDestination.id,
    feedId: feed.id,
    statusFeedId: statusFeed.id,
    mappingId: mapping.id,
    notificationId: notification.id,
    presetId: preset.id,
    presetToDeleteId: presetToDelete.id,
    apiKeyId: apiKey.key.id,
    apiKeySecret: apiKey.secret,
    imageSettingId: image.id,
    imageKey,
    unsavedUploadUrl: fileUrl(unsaved),
    discardableUploadUrl: fileUrl(discardable),
  };
}

/** The dictionaries the forms check against (timezones) and the system presets every user sees. */
async function seedShared() {
  await db.timezone.createMany({
    data: [
      { id: 805, name: "(GMT+00:00) UTC", ianaName: "UTC" },
      { id: 814, name: "(GMT+05:30) Asia/Kolkata", ianaName: "Asia/Kolkata" },
    ],
  });
  await db.preferencePreset.create({ data: { name: "Default", custom: false, userId: null, columns: ["impressions", "clicks"] } });
}

export async function seedMatrix(): Promise<MatrixFixture> {
  await seedShared();
  const passwordHash = await hashPassword(PASSWORD);
  return { a: await seedLicensee(MARKER_A, passwordHash), b: await seedLicensee(MARKER_B, passwordHash) };
}

/** The current version of a row, read when a call is made (an earlier successful call may have bumped it). */
export async function versionOf(
  model: "advertiser" | "pixel" | "clickDestination" | "catalogFeed" | "variableMapping" | "preferencePreset",
  id: number,
): Promise<number> {
  const row = await (db[model] as unknown as { findUniqueOrThrow(args: unknown): Promise<{ version: number }> }).findUniqueOrThrow({
    where: { id },
    select: { version: true },
  });
  return row.version;
}
