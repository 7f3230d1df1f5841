// Migration 20261126150000_strategy_wizard moves stored strategy JSON to the
// shapes lib/strategies/schema.ts parses: geographies from ids of the old
// hand-written Geo table to country-state-city ids, the audience-style consent
// names dropped, the inventory's deal list moved to targeting.dealDTO. Its
// data statements are replayed here on rows written the old way.
import fs from "node:fs";
import path from "node:path";
import { db } from "@/lib/db";
import { parseStrategyInventory, parseStrategyTargeting } from "@/lib/strategies/schema";
import { useTestDatabase } from "../helpers/db";
import * as f from "../helpers/factories";

const database = useTestDatabase();

const MIGRATION = path.join(process.cwd(), "prisma/migrations/20261126150000_strategy_wizard/migration.sql");
/** The data statements (the column already exists in the test database). */
const dataStatements = () => fs.readFileSync(MIGRATION, "utf8").replace(/ALTER TABLE "Strategy" ADD COLUMN "cpaTarget" DECIMAL\(18,6\);/, "");

test("old geography ids, consent names and inventory deals become what the schema parses", async () => {
  const { licensee } = await f.makeTenant();
  const advertiser = await f.makeAdvertiser(licensee.id);
  const campaign = await f.makeCampaign(advertiser);
  const de = await db.geo.create({ data: { type: "COUNTRY", name: "Germany", code: "DE" } });
  const be = await db.geo.create({ data: { type: "STATE", name: "Berlin", code: "DE-BE", parentId: de.id } });
  const berlin = await db.geo.create({ data: { type: "CITY", name: "Berlin", code: "DE-BE-BER", parentId: be.id } });
  const deal = await db.deal.create({ data: { dealId: "D-1", name: "Sports deal", category: "Sports", exchange: "X" } });
  const old = await f.makeStrategy(campaign, {
    inventory: { rtbAggregators: { targetList: [], blockedList: [] }, deals: [deal.id] },
    targeting: {
      targetGeographies: { country: { targetList: [de.id], blockedList: [] }, state: { targetList: [], blockedList: [be.id] }, city: { targetList: [berlin.id], blockedList: [] }, customGeoTargeting: false },
      consentType: "BOTH",
    },
  });
  const untouched = await f.makeStrategy(campaign, { targeting: { consentType: 1 } });

  await database.handle.raw.exec(`BEGIN;\n${dataStatements()}\n;COMMIT;`);

  const row = await db.strategy.findUniqueOrThrow({ where: { id: old.id } });
  expect(parseStrategyTargeting(row.targeting)).toEqual({
    targetGeographies: { country: { targetList: ["DE"], blockedList: [] }, state: { targetList: [], blockedList: ["DE-BE"] }, city: { targetList: ["DE-BE:Berlin"], blockedList: [] }, customGeoTargeting: false },
    dealDTO: { targetList: [deal.id], blockedList: [] },
  });
  expect(parseStrategyInventory(row.inventory)).toEqual({ rtbAggregators: { targetList: [], blockedList: [] } });
  expect((await db.strategy.findUniqueOrThrow({ where: { id: untouched.id } })).targeting).toEqual({ consentType: 1 });
});
