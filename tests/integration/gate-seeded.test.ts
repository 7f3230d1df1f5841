// The must-show case of the data gate with the demo data itself: rw@default.test
// is a read-write member of both seeded licensees, yet while the session is in
// Default Media, Acme Agency's advertisers do not exist for it.
import { db } from "@/lib/db";
import { NotFoundError } from "@/lib/errors";
import { getAdvertiserOrThrow, listAdvertisers } from "@/lib/advertisers/queries";
import { setAdvertiserActive, updateAdvertiser } from "@/lib/advertisers/mutations";
import { scopeOf } from "@/lib/data/scope";
import { seedDatabase } from "@/lib/seed";
import { useTestDatabase } from "../helpers/db";
import { ctxFor, validAdvertiserInput } from "../helpers/factories";

const t = useTestDatabase();

async function seeded() {
  await seedDatabase(t.handle, { days: 0, today: new Date("2026-03-15T09:30:00Z") });
  const user = await db.user.findUniqueOrThrow({ where: { email: "rw@default.test" }, include: { memberships: { include: { licensee: true } } } });
  const member = (name: string) => user.memberships.find((m) => m.licensee.name === name)!;
  const defaultMedia = member("Default Media");
  const acme = member("Acme Agency");
  // The premise: the user could switch to Acme, with the same role.
  expect([defaultMedia.role, acme.role]).toEqual(["RW", "RW"]);
  const ctx = await ctxFor(user.id, defaultMedia.licenseeId);
  expect(ctx).toMatchObject({ licenseeId: defaultMedia.licenseeId, role: "RW" });
  const acmeAdvertiser = await db.advertiser.findFirstOrThrow({ where: { licenseeId: acme.licenseeId }, orderBy: { id: "asc" } });
  return { ctx, acmeLicenseeId: acme.licenseeId, acmeAdvertiser };
}

test("rw@default.test in Default Media cannot read an Acme Agency advertiser: NotFoundError, as for a missing id", async () => {
  const { ctx, acmeLicenseeId, acmeAdvertiser } = await seeded();
  await expect(getAdvertiserOrThrow(ctx, acmeAdvertiser.id)).rejects.toBeInstanceOf(NotFoundError);
  await expect(getAdvertiserOrThrow(ctx, String(acmeAdvertiser.id))).rejects.toBeInstanceOf(NotFoundError);
  // Its own licensee's advertisers are readable, and the list holds no Acme row.
  const { rows } = await listAdvertisers(ctx);
  expect(rows.length).toBeGreaterThan(0);
  const acmeIds = (await db.advertiser.findMany({ where: { licenseeId: acmeLicenseeId }, select: { id: true } })).map((a) => a.id);
  expect(rows.filter((r) => acmeIds.includes(r.id))).toEqual([]);
  expect((await getAdvertiserOrThrow(ctx, rows[0].id)).id).toBe(rows[0].id);
});

test("an update or deactivation of the Acme advertiser from Default Media writes nothing", async () => {
  const { ctx, acmeAdvertiser } = await seeded();
  const activityBefore = await db.activityLog.count();

  await expect(updateAdvertiser(scopeOf(ctx), acmeAdvertiser.id, acmeAdvertiser.version, validAdvertiserInput({ name: "Hijacked" }))).rejects.toBeInstanceOf(
    NotFoundError,
  );
  await expect(setAdvertiserActive(scopeOf(ctx), acmeAdvertiser.id, !acmeAdvertiser.active)).rejects.toBeInstanceOf(NotFoundError);

  expect(await db.advertiser.findUniqueOrThrow({ where: { id: acmeAdvertiser.id } })).toEqual(acmeAdvertiser);
  expect(await db.advertiser.count({ where: { name: "Hijacked" } })).toBe(0);
  expect(await db.activityLog.count()).toBe(activityBefore);
});
