// A handful of activity-log entries and notifications, so the side panels of a
// fresh demo show all their states: today / yesterday / older groups, entries
// with and without change details, anonymous (system) entries, unread, seen and
// resolved notifications.
import type { Tx } from "../db";
import type { AuditAction, EntityType, NotificationType } from "../generated/prisma/enums";
import type { SeededLicensee } from "./entities";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

interface Named {
  id: number;
  name: string;
  advertiserId?: number;
}

function find<T extends Named>(list: T[], name: string): T {
  const hit = list.find((x) => x.name === name);
  if (!hit) throw new Error(`seed: no entity named "${name}"`);
  return hit;
}

interface LogSpec {
  user: { id: number; name: string } | null;
  action: AuditAction;
  type: EntityType;
  entity: Named;
  ago: number;
  message: string;
  fields?: [string, string | null, string | null][];
}

async function writeLogs(tx: Tx, licenseeId: number, now: Date, logs: LogSpec[]) {
  // One create per entry: nested field rows need the log id.
  for (const l of logs) {
    await tx.activityLog.create({
      data: {
        licenseeId,
        userId: l.user?.id ?? null,
        userName: l.user?.name ?? "",
        action: l.action,
        message: l.message,
        entityType: l.type,
        entityId: l.entity.id,
        entityName: l.entity.name,
        entityAdvertiserId: l.type === "ADVERTISER" ? l.entity.id : (l.entity.advertiserId ?? null),
        createdAt: new Date(now.getTime() - l.ago),
        fields: { create: (l.fields ?? []).map(([fieldName, oldValue, newValue]) => ({ fieldName, oldValue, newValue })) },
      },
    });
  }
}

interface NoteSpec {
  type: NotificationType;
  entityType: EntityType;
  entity: Named;
  content: string;
  icon: string;
  key: string;
  ago: number;
  seen?: boolean;
  resolved?: boolean;
}

async function writeNotes(tx: Tx, licenseeId: number, userId: number, now: Date, notes: NoteSpec[]) {
  await tx.notification.createMany({
    data: notes.map((n) => ({
      licenseeId,
      userId,
      type: n.type,
      entityType: n.entityType,
      entityId: n.entity.id,
      entityName: n.entity.name,
      content: n.content,
      icon: n.icon,
      dedupeKey: `${n.key}:${n.entityType.toLowerCase()}:${n.entity.id}`,
      seen: n.seen ?? false,
      resolved: n.resolved ?? false,
      createdAt: new Date(now.getTime() - n.ago),
    })),
  });
}

type User = { id: number; name: string };

export async function seedDefaultMediaActivity(tx: Tx, licenseeId: number, e: SeededLicensee, users: { rw: User; otp: User }, now: Date) {
  const campaign = (n: string) => find(e.campaigns, n);
  const strategy = (n: string) => find(e.strategies, n);
  await writeLogs(tx, licenseeId, now, [
    { user: users.rw, action: "UPDATE", type: "CAMPAIGN", entity: campaign("Puzzle Peak - Android UA"), ago: 20 * MINUTE, message: "Campaign updated", fields: [["lifetimeBudget", "50000.00", "60000.00"], ["dailyBudget", "450.00", "500.00"]] },
    { user: users.rw, action: "UPDATE", type: "STRATEGY", entity: strategy("iOS - Lapsed 7 days"), ago: 3 * HOUR, message: "Strategy updated", fields: [["bidCapMax", "2.50", "3.10"], ["pacingType", "ASAP (Daily)", "Hourly Weightage (Daily)"]] },
    { user: users.rw, action: "UPDATE", type: "CREATIVE_SET", entity: find(e.creativeSets, "UrbanCart Lifestyle Banners"), ago: 26 * HOUR, message: "Creative set updated", fields: [["sizes", "320x50, 300x250", "320x50, 300x250, 728x90"]] },
    { user: users.rw, action: "UPDATE", type: "WEB_AUDIENCE", entity: find(e.audiences, "UrbanCart - Site visitors 30d"), ago: 30 * HOUR, message: "Web audience updated", fields: [["rules", "page_url contains /product", "page_url contains /product\npage_frequency >= 2"]] },
    { user: users.otp, action: "CREATE", type: "CAMPAIGN", entity: campaign("UrbanCart - Brand Awareness"), ago: 2 * DAY + 4 * HOUR, message: "Campaign created" },
    { user: users.rw, action: "CREATE", type: "PIXEL", entity: find(e.pixels, "PuzzlePeak - In-app purchase"), ago: 6 * DAY, message: "Pixel created" },
    { user: users.rw, action: "DEACTIVATE", type: "STRATEGY", entity: strategy("Android - Broad reach"), ago: 12 * DAY, message: "Strategy deactivated", fields: [["active", "true", "false"]] },
    { user: null, action: "DEACTIVATE", type: "CAMPAIGN", entity: campaign("FlyNest - Summer Deals"), ago: 20 * DAY, message: "Campaign ended", fields: [["active", "true", "false"]] },
    { user: users.rw, action: "DEACTIVATE", type: "ADVERTISER", entity: find(e.advertisers, "FlyNest Travel"), ago: 25 * DAY, message: "Advertiser deactivated", fields: [["active", "true", "false"]] },
    { user: users.rw, action: "UPDATE", type: "CREATIVE", entity: find(e.creatives, "PuzzlePeak Banners_320x50"), ago: 40 * DAY, message: "Creative updated", fields: [["name", "PP banner small", "PuzzlePeak Banners_320x50"]] },
  ]);
  await writeNotes(tx, licenseeId, users.rw.id, now, [
    { type: "ACTIONABLE", entityType: "CAMPAIGN", entity: campaign("UrbanCart - Website Sales"), content: "Lifetime budget is 85% spent", icon: "budget", key: "budget-85", ago: 40 * MINUTE },
    { type: "INFO", entityType: "CREATIVE", entity: find(e.creatives, "PuzzlePeak Banners_300x250"), content: "Creative approved by all exchanges", icon: "check", key: "approved", ago: 2 * HOUR },
    { type: "ACTIONABLE", entityType: "CREATIVE_SET", entity: find(e.creativeSets, "PuzzlePeak Gameplay Video"), content: "2 creatives need a fallback image", icon: "warning", key: "fallback", ago: 5 * HOUR },
    { type: "ACTIONABLE", entityType: "STRATEGY", entity: strategy("iOS - Lapsed 7 days"), content: "Daily advertiser spend budget reached", icon: "budget", key: "daily-cap", ago: 28 * HOUR, resolved: true },
    { type: "INFO", entityType: "STRATEGY", entity: strategy("Android - Broad reach"), content: "Strategy was deactivated", icon: "pause", key: "deactivated", ago: 12 * DAY, seen: true },
    { type: "INFO", entityType: "CAMPAIGN", entity: campaign("FlyNest - Summer Deals"), content: "Campaign has ended", icon: "calendar", key: "ended", ago: 20 * DAY },
    { type: "INFO", entityType: "ADVERTISER", entity: find(e.advertisers, "FlyNest Travel"), content: "Advertiser deactivated: its campaigns and strategies are paused", icon: "pause", key: "deactivated", ago: 25 * DAY, seen: true },
  ]);
}

export async function seedAcmeActivity(tx: Tx, licenseeId: number, e: SeededLicensee, users: { acme: User; rw: User }, now: Date) {
  const campaign = (n: string) => find(e.campaigns, n);
  await writeLogs(tx, licenseeId, now, [
    { user: users.acme, action: "UPDATE", type: "STRATEGY", entity: find(e.strategies, "CTV - Living room"), ago: 45 * MINUTE, message: "Strategy updated", fields: [["pricingValue", "6.00", "6.50"]] },
    { user: users.acme, action: "CREATE", type: "STRATEGY", entity: find(e.strategies, "Android - CH"), ago: 50 * DAY, message: "Strategy created" },
    { user: users.rw, action: "DEACTIVATE", type: "CAMPAIGN", entity: campaign("Streamly - Sign-ups"), ago: 8 * DAY, message: "Campaign deactivated", fields: [["active", "true", "false"]] },
    { user: users.acme, action: "CREATE", type: "LAL_AUDIENCE", entity: find(e.audiences, "Velo - Purchasers lookalike 1%"), ago: 31 * HOUR, message: "Look-alike audience created" },
  ]);
  const note = (n: NoteSpec[]) => n;
  const shared = note([
    { type: "INFO", entityType: "LAL_AUDIENCE", entity: find(e.audiences, "Velo - Purchasers lookalike 1%"), content: "Look-alike audience is live", icon: "check", key: "lal-live", ago: 30 * HOUR },
    { type: "ACTIONABLE", entityType: "CAMPAIGN", entity: campaign("Streamly - Launch Awareness"), content: "Campaign ends in 30 days", icon: "calendar", key: "ending", ago: 3 * HOUR },
    { type: "INFO", entityType: "CAMPAIGN", entity: campaign("Streamly - Sign-ups"), content: "Campaign was deactivated", icon: "pause", key: "deactivated", ago: 8 * DAY, seen: true },
  ]);
  await writeNotes(tx, licenseeId, users.acme.id, now, shared);
  await writeNotes(tx, licenseeId, users.rw.id, now, shared.slice(0, 2));
}
