// Demo pixel conversions: every active pixel of a seeded advertiser fires a
// couple of dozen times over the last 7 days of the seeded window, most fires
// carrying the click or impression of an ad of one of the advertiser's running
// strategies, credited by the
// same code as the pixel endpoint (lib/attribution/conversion.ts: the pixel's
// windows and per-user cap decide). So the conversion report's pixel tables
// and time to convert show something on a fresh start. Deterministic from the
// seed's rng; one transaction per licensee.
import type { PrismaClient } from "../generated/prisma/client";
import { attributeFire } from "../attribution/conversion";
import type { AdTouch } from "../attribution/id";
import { licenseeClient, runInTransaction } from "../data/tenant";
import { HOUR_MS, type Rng } from "../random";
import type { SeededLicensee } from "./entities";

const FIRES_PER_PIXEL = 24;
const DAYS = 7;
// Minutes from the ad to the fire: most within hours, a tail over days.
const DELAYS_MINUTES = [5, 20, 45, 90, 180, 400, 900, 1_800, 3_000, 6_000];

/** Fires in [from, to) (at most its last 7 days); returns how many were credited. */
export async function seedPixelConversions(client: PrismaClient, rng: Rng, licenseeId: number, entities: SeededLicensee, from: Date, to: Date): Promise<number> {
  const hours = Math.min(DAYS * 24, Math.floor((to.getTime() - from.getTime()) / HOUR_MS));
  if (hours < 1) return 0;
  const db = licenseeClient(client, licenseeId);
  const pixels = await db.pixel.findMany({
    where: { id: { in: entities.pixels.map((p) => p.id) }, active: true, isArchived: false },
    select: { id: true, licenseeId: true, advertiserId: true, type: true, viewValidityWindow: true, clickValidityWindow: true, userFcap: true, fcapDuration: true },
    orderBy: { id: "asc" },
  });
  // The ads a fire may come back from: a running strategy and one of its own creatives, during its schedule.
  const running = entities.strategies.filter((s) => s.stopAt === null).map((s) => s.id);
  const schedules = await db.strategy.findMany({ where: { id: { in: running } }, select: { id: true, advertiserId: true, startTime: true, endTime: true } });
  const links = await db.strategyCreative.findMany({ where: { strategyId: { in: running } }, select: { strategyId: true, creativeId: true }, orderBy: [{ strategyId: "asc" }, { creativeId: "asc" }] });
  const scheduleOf = new Map(schedules.map((s) => [s.id, s]));
  let credited = 0;
  await client.$transaction(
    (tx) =>
      runInTransaction(tx, async () => {
        for (const pixel of pixels) {
          const ads = links.filter((l) => scheduleOf.get(l.strategyId)?.advertiserId === pixel.advertiserId);
          if (ads.length === 0) continue;
          for (let n = 0; n < FIRES_PER_PIXEL; n++) {
            const firedAt = new Date(to.getTime() - rng.int(1, hours) * HOUR_MS + rng.int(0, 59) * 60_000);
            const value = pixel.type === "VIEW_CONV" ? null : (rng.int(100, 9_000) / 100).toFixed(2);
            await db.pixelFire.create({ data: { pixelId: pixel.id, firedAt, value } });
            // One fire in six comes without an ad's id: recorded, credited to nothing; so does one outside its ad's schedule.
            const ad = rng.pick(ads);
            const schedule = scheduleOf.get(ad.strategyId)!;
            const hour = new Date(Math.floor(firedAt.getTime() / HOUR_MS) * HOUR_MS); // the hour the conversion is kept in
            if (rng.chance(1 / 6) || hour < schedule.startTime || (schedule.endTime && hour >= schedule.endTime)) continue;
            const touch: AdTouch = {
              kind: pixel.type === "VIEW_CONV" || (pixel.type === "HYBRID_CONV" && rng.chance(1 / 3)) ? "impression" : "click",
              licenseeId,
              strategyId: ad.strategyId,
              creativeId: ad.creativeId,
              at: new Date(firedAt.getTime() - rng.pick(DELAYS_MINUTES) * 60_000),
              userKey: rng.int(0, 0xffffff).toString(16).padStart(24, "0"),
            };
            if (await attributeFire(db, { pixel: { ...pixel, type: String(pixel.type) }, touches: [touch], firedAt, value })) credited++;
          }
        }
      }),
    { timeout: 120_000, maxWait: 30_000 },
  );
  return credited;
}
