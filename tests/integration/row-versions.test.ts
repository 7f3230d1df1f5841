// Migration row_versions: a version column for optimistic concurrency on the
// remaining mutable rows, and the palette range enforced by the database.
import { db } from "@/lib/db";
import { createApiKey, revokeApiKey } from "@/lib/account/api-keys";
import { scopeOf } from "@/lib/data/scope";
import { useTestDatabase } from "../helpers/db";
import { makeTenant } from "../helpers/factories";

const t = useTestDatabase();

test.each(["AudienceRule", "AudienceBackfillRule", "AudienceRemoteSchedule", "ExperimentArm", "ApiKey", "Notification"])(
  "%s has version INTEGER NOT NULL DEFAULT 1",
  async (table) => {
    const rows = await t.handle.raw.query<{ data_type: string; is_nullable: string; column_default: string }>(
      `SELECT data_type, is_nullable, column_default FROM information_schema.columns WHERE table_schema = 'public' AND table_name = $1 AND column_name = 'version'`,
      [table],
    );
    expect(rows).toEqual([{ data_type: "integer", is_nullable: "NO", column_default: "1" }]);
  },
);

test("Theme.palette is checked to 1..5 by the database", async () => {
  const theme = (palette: number, subDomain: string) =>
    db.licensee.create({
      data: { name: subDomain, theme: { create: { subDomain, pageTitle: subDomain, logoLg: "/l.svg", logoSm: "/s.svg", favIcon: "/f.svg", palette } } },
    });
  await expect(theme(0, "zero")).rejects.toThrow(/Theme_palette_check/);
  await expect(theme(6, "six")).rejects.toThrow(/Theme_palette_check/);
  await theme(1, "one");
  await theme(5, "five");
  expect((await db.theme.findMany({ orderBy: { palette: "asc" } })).map((x) => x.palette)).toEqual([1, 5]);
});

test("revoking an API key bumps its version once; revoking again changes nothing", async () => {
  const { ctx } = await makeTenant("RW");
  const { key } = await createApiKey(scopeOf(ctx), { name: "CI" });
  expect((await db.apiKey.findUniqueOrThrow({ where: { id: key.id } })).version).toBe(1);

  const revoked = await revokeApiKey(scopeOf(ctx), key.id);
  const row = await db.apiKey.findUniqueOrThrow({ where: { id: key.id } });
  expect(row).toMatchObject({ version: 2, revokedAt: new Date(revoked.revokedAt!) });

  expect(await revokeApiKey(scopeOf(ctx), key.id)).toEqual(revoked);
  expect((await db.apiKey.findUniqueOrThrow({ where: { id: key.id } })).version).toBe(2);
  expect(await db.activityLog.count({ where: { entityType: "API_KEY", action: "DEACTIVATE" } })).toBe(1);
});
