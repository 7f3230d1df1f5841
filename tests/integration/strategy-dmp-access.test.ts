// Strategies and the DMP access check (business.md 4 "failure means
// no access"): a strategy's DMP audience targeting is decided by the
// advertiser's IS_DMP_ACCESS setting (lib/audiences/dmp/access.ts), not by
// whether DMP audiences exist. Without access the wizard's context says so,
// its picker offers no DMP audience, and a create or an edit naming one is a
// field error on targetDmpSegments that writes nothing; with access all three allow it.
import "../helpers/next-cache-double";
import { db } from "@/lib/db";
import { DMP_ACCESS_SETTING } from "@/lib/audiences/dmp/messages";
import { toActionError } from "@/lib/actions/server-result";
import { tenantDb } from "@/lib/data/tenant-db";
import { loadStrategyContext } from "@/lib/strategies/context";
import { createStrategy, updateStrategy } from "@/lib/strategies/mutations";
import { loadStrategyPickerOptions } from "@/lib/strategies/picker-options";
import { STRATEGY_MESSAGES as M } from "@/lib/strategies/rules";
import { useTestDatabase } from "../helpers/db";
import * as f from "../helpers/factories";
import { strategyInput, strategyWorld, type World } from "./strategy-world";

useTestDatabase();

const dmpTargeting = (audienceId: number) => ({
  targetDmpSegments: { targetedSegments: [audienceId], blockedSegments: [], customSegmentTargeting: false, targetedSegmentsOperator: "OR" },
});

async function worldWithDmpAudience() {
  const w = await strategyWorld();
  const dmp = await f.makeAudience(w.advertiser, { name: "Auto intenders", source: "DMP", kind: "CRM", dmpSegment: "auto-intenders" });
  return { ...w, dmp };
}

const grant = (w: World, value = "true") =>
  db.advertiserSetting.create({ data: { licenseeId: w.licensee.id, advertiserId: w.advertiser.id, key: DMP_ACCESS_SETTING, type: "BOOLEAN", value } });

const refusal = (p: Promise<unknown>) => p.then(() => null, (e: unknown) => toActionError(e));

test("an advertiser with a DMP audience but no access: no access, no DMP audience offered, a strategy naming one is refused", async () => {
  const w = await worldWithDmpAudience();
  // Before, owning a DMP audience counted as access: it no longer does.
  expect((await loadStrategyContext(tenantDb(w.ctx), w.licensee.id, w.campaign.id)).dmpAccess).toBe(false);
  const picker = await loadStrategyPickerOptions(tenantDb(w.ctx), w.licensee.id, w.campaign.id, "MULTI_DEVICE");
  expect(picker.audiences.targetDmpSegments).toEqual([]);
  expect(picker.audiences.targetAppSegments.map((a) => a.id)).toEqual([w.audience.id]);

  const strategies = await db.strategy.count();
  const refused = await refusal(createStrategy(w, strategyInput(w, dmpTargeting(w.dmp.id))));
  expect(refused).toMatchObject({ status: 400, fieldErrors: { targetDmpSegments: M.noDmpAccess } });
  expect(await db.strategy.count()).toBe(strategies);

  // A setting of another value is no access either.
  await grant(w, "false");
  expect(await refusal(createStrategy(w, strategyInput(w, dmpTargeting(w.dmp.id))))).toMatchObject({ fieldErrors: { targetDmpSegments: M.noDmpAccess } });
});

test("with access the picker offers the DMP audience and the strategy saves; once access is withdrawn, an edit keeping it is refused", async () => {
  const w = await worldWithDmpAudience();
  const setting = await grant(w);
  expect((await loadStrategyContext(tenantDb(w.ctx), w.licensee.id, w.campaign.id)).dmpAccess).toBe(true);
  const picker = await loadStrategyPickerOptions(tenantDb(w.ctx), w.licensee.id, w.campaign.id, "MULTI_DEVICE");
  expect(picker.audiences.targetDmpSegments).toEqual([{ id: w.dmp.id, name: "Auto intenders", active: true }]);

  const strategy = await createStrategy(w, strategyInput(w, dmpTargeting(w.dmp.id)));
  const stored = await db.strategy.findUniqueOrThrow({ where: { id: strategy.id } });
  expect((stored.targeting as { targetDmpSegments?: { targetedSegments: number[] } }).targetDmpSegments?.targetedSegments).toEqual([w.dmp.id]);

  await db.advertiserSetting.delete({ where: { id: setting.id } });
  const refused = await refusal(updateStrategy(w, strategy.id, stored.version, strategyInput(w, { ...dmpTargeting(w.dmp.id), name: "Renamed" })));
  expect(refused).toMatchObject({ status: 400, fieldErrors: { targetDmpSegments: M.noDmpAccess } });
  expect((await db.strategy.findUniqueOrThrow({ where: { id: strategy.id } })).name).toBe(stored.name);
  // Without the DMP audiences the same edit goes through.
  await expect(updateStrategy(w, strategy.id, stored.version, strategyInput(w, { name: "Renamed" }))).resolves.toMatchObject({ name: "Renamed" });
});
