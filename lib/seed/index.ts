// Deterministic demo data: `npm run db:seed`, and the first start of an empty
// database (scripts/prepare.ts). Entities are written in one transaction under
// an advisory lock, so two containers starting together never seed twice and a
// failure leaves the database empty; delivery is then simulated and written
// through ingestion's write path, which keeps the rollups (delivery.ts).
import type { DatabaseHandle } from "../db/connect";
import { hashPassword } from "../auth/password";
import { seedAcmeActivity, seedDefaultMediaActivity } from "./activity";
import { seedExperiments } from "./experiments";
import { seedReportTemplates } from "./report-templates";
import { seedStrategyTemplates } from "./templates";
import { seedDelivery } from "./delivery";
import { seedDictionaries } from "./dictionaries";
import { seedLicenseeEntities, type SeededLicensee } from "./entities";
import { addDays, createRng, HOUR_MS, seedFor, startOfUtcDay } from "../random";
import { DEMO_PASSWORD, seedTenants } from "./tenants";
import { linkDemoSsoIdentity } from "../auth/sso/demo-link";
import { runNotificationSweep } from "../notification-events/generate";
import { seedOptimizationRules } from "./rules";
import { seedUserEvents } from "./user-events";
import { seedPixelConversions } from "./pixel-conversions";
import { seedLookAlikes } from "../audiences/lookalike/seed";
import { seedPartnerSegments } from "./partner-segments";
import { seedOptimizeBoundaryStrategies } from "./optimize-boundary";

export { DEMO_PASSWORD, LICENSEES, USERS } from "./tenants";

export interface SeedOptions {
  /** Days of hourly delivery, ending yesterday (UTC). Default 90. */
  days?: number;
  /** The day the demo is "run" on; only its UTC date counts. Default: now. */
  today?: Date;
  /** Return `skipped` instead of failing when the database already has a licensee. */
  ifEmpty?: boolean;
}

export interface SeedSummary {
  skipped: boolean;
  licensees: number;
  users: number;
  advertisers: number;
  campaigns: number;
  strategies: number;
  creatives: number;
  audiences: number;
  deliveryRows: number;
  rollupRows: number;
  days: number;
  /** First delivered hour (inclusive) and end (exclusive), ISO UTC. */
  from: string;
  to: string;
  timingsMs: { entities: number; delivery: number; total: number };
}

export class SeedError extends Error {}

// Arbitrary fixed key, distinct from the migrator's (lib/db/migrate.ts).
const SEED_LOCK_KEY = 724_311_002;
const MAX_DAYS = 3660;

export async function isDatabaseEmpty(handle: DatabaseHandle): Promise<boolean> {
  const rows = await handle.raw.query<{ present: boolean }>(`SELECT EXISTS (SELECT 1 FROM "Licensee") AS present`);
  return !rows[0]?.present;
}

/** The delivered window: `days` whole UTC days (default 90) ending at the start of `today` (UTC), exclusive. */
export function seedWindow(opts: Pick<SeedOptions, "days" | "today"> = {}): { days: number; today: Date; from: Date } {
  const days = opts.days ?? 90;
  if (!Number.isInteger(days) || days < 0 || days > MAX_DAYS) throw new SeedError(`days must be a whole number from 0 to ${MAX_DAYS}`);
  const today = startOfUtcDay(opts.today ?? new Date());
  return { days, today, from: addDays(today, -days) };
}

export async function seedDatabase(handle: DatabaseHandle, opts: SeedOptions = {}): Promise<SeedSummary> {
  const started = Date.now();
  const { days, today, from } = seedWindow(opts);
  // Activity timestamps count back from "now": midday of an explicit day,
  // unless that is still in the future.
  const now = opts.today ? new Date(Math.min(Date.now(), today.getTime() + 12 * HOUR_MS)) : new Date();

  const summary: SeedSummary = {
    skipped: true,
    licensees: 0,
    users: 0,
    advertisers: 0,
    campaigns: 0,
    strategies: 0,
    creatives: 0,
    audiences: 0,
    deliveryRows: 0,
    rollupRows: 0,
    days,
    from: from.toISOString(),
    to: today.toISOString(),
    timingsMs: { entities: 0, delivery: 0, total: 0 },
  };
  // Cheap early exit for the common "already seeded" start; the check that
  // counts is repeated under the lock below.
  if (opts.ifEmpty && !(await isDatabaseEmpty(handle))) return summary;

  const passwordHash = await hashPassword(DEMO_PASSWORD);

  const seeded = await handle.prisma.$transaction(
    async (tx) => {
      await tx.$executeRawUnsafe(`SELECT pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
      if ((await tx.licensee.count()) > 0) {
        if (opts.ifEmpty) return null;
        throw new SeedError("the database already has data (a Licensee exists): run `npm run db:reset` to start over");
      }
      const dict = await seedDictionaries(tx);
      const tenants = await seedTenants(tx, passwordHash, dict.presets.get("Default"));
      await linkDemoSsoIdentity(tx);
      const perLicensee: { key: "default" | "acme"; licenseeId: number; entities: SeededLicensee }[] = [];
      for (const lic of tenants.licensees) {
        const key = lic.blueprint.key;
        // Separate streams per licensee and per purpose: editing one blueprint
        // leaves the other licensee's numbers unchanged.
        const entities = await seedLicenseeEntities(
          tx,
          createRng(seedFor(`entities:${key}`)),
          { id: lic.id, key, currencyCode: lic.blueprint.currencyCode },
          dict,
          today,
        );
        perLicensee.push({ key, licenseeId: lic.id, entities });
      }
      const user = (email: string) => tenants.users.get(email)!;
      const byKey = (key: string) => perLicensee.find((p) => p.key === key)!;
      const licId = (key: string) => tenants.licensees.find((l) => l.blueprint.key === key)!.id;
      await seedDefaultMediaActivity(tx, licId("default"), byKey("default").entities, { rw: user("rw@default.test"), otp: user("otp@default.test") }, now);
      await seedAcmeActivity(tx, licId("acme"), byKey("acme").entities, { acme: user("rw@acme.test"), rw: user("rw@default.test") }, now);
      const defaultStrategy = byKey("default").entities.strategies[0];
      await seedStrategyTemplates(tx, licId("default"), user("rw@default.test").id, [
        { strategyId: defaultStrategy.id, templateName: `${defaultStrategy.name} (starter)`, description: "The settings of a proven strategy, to start new ones from." },
      ]);
      await seedExperiments(tx, licId("default"), today);
      await seedReportTemplates(tx, licId("default"), user("rw@default.test").id, now);
      await seedPartnerSegments(tx, licId("default"), byKey("default").entities.advertisers[0].id);
      // Last, so every other strategy keeps its id (and the delivery simulated from it).
      byKey("default").entities.strategies.push(...(await seedOptimizeBoundaryStrategies(tx, licId("default"), today)));
      return { tenants, perLicensee };
    },
    { timeout: 120_000, maxWait: 60_000 },
  );

  summary.timingsMs.entities = Date.now() - started;
  if (!seeded) {
    summary.timingsMs.total = Date.now() - started;
    return summary;
  }
  summary.skipped = false;

  const deliveryStarted = Date.now();
  summary.deliveryRows = await seedDelivery(handle.prisma, seeded.perLicensee.map((p) => ({ licenseeId: p.licenseeId, strategies: p.entities.strategies })), from, today);
  // Pixel fires credited to the seeded ads, for the conversion report's pixel tables.
  for (const { key, licenseeId, entities } of seeded.perLicensee) {
    await seedPixelConversions(handle.prisma, createRng(seedFor(`pixel-conversions:${key}`)), licenseeId, entities, from, today);
  }
  const rollup = await handle.raw.query<{ n: string | number }>(`SELECT count(*) AS n FROM "DeliveryStrategyHourly"`);
  summary.rollupRows = Number(rollup[0]?.n ?? 0);
  summary.timingsMs.delivery = Date.now() - deliveryStarted;

  for (const { entities } of seeded.perLicensee) await seedOptimizationRules(handle.prisma, entities.strategies, now);
  // Stored user events, and the rule-based audiences' members counted from them.
  for (const { key, licenseeId, entities } of seeded.perLicensee) {
    await seedUserEvents(handle.prisma, createRng(seedFor(`user-events:${key}`)), licenseeId, key, entities, today);
    // The look-alikes grown from those users by the model (their seeds' members are set just above).
    await seedLookAlikes(handle.prisma, licenseeId, entities.audiences, new Date(Math.min(Date.now(), today.getTime() + 12 * 3_600_000)));
  }
  // The notifications the periodic sweep would find in this data (ended and
  // spent campaigns and strategies), so the inbox does not change under the
  // user a few minutes after the first start.
  await runNotificationSweep(now, handle.prisma);

  summary.licensees = seeded.tenants.licensees.length;
  summary.users = seeded.tenants.users.size;
  for (const { entities: e } of seeded.perLicensee) {
    summary.advertisers += e.advertisers.length;
    summary.campaigns += e.campaigns.length;
    summary.strategies += e.strategies.length;
    summary.creatives += e.creatives.length;
    summary.audiences += e.audiences.length;
  }
  summary.timingsMs.total = Date.now() - started;
  return summary;
}
