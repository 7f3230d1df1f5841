import { db } from "@/lib/db";
import { useTestDatabase } from "../helpers/db";

useTestDatabase();

test("a fresh migrated database accepts a licensee with its theme", async () => {
  const licensee = await db.licensee.create({
    data: { name: "Smoke", theme: { create: { subDomain: "smoke", pageTitle: "Smoke", logoLg: "/l.svg", logoSm: "/s.svg", favIcon: "/f.ico" } } },
    include: { theme: true },
  });
  expect(licensee.theme?.subDomain).toBe("smoke");
  expect(await db.licensee.count()).toBe(1);
});

test("tables are emptied between tests", async () => {
  expect(await db.licensee.count()).toBe(0);
});
