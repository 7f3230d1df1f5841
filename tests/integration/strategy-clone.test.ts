// The strategy clone (business.md 2 clone dialog): a copy through the wizard's
// create path, into the same or another campaign of the same advertiser, with
// or without creatives and sets, always inactive, audited; another
// advertiser's campaign is refused beside the field, read-only and demo users
// and other licensees change nothing.
import { db } from "@/lib/db";
import { executeAction } from "@/lib/actions/define-action";
import { toActionError } from "@/lib/actions/server-result";
import { ForbiddenError, NotFoundError } from "@/lib/errors";
import { CLONE_MESSAGES, cloneStrategy } from "@/lib/strategies/clone";
import { createStrategy } from "@/lib/strategies/mutations";
import { cloneStrategyAction } from "@/lib/strategy-templates/actions";
import { useTestDatabase } from "../helpers/db";
import * as f from "../helpers/factories";
import { memberOf } from "../helpers/calls";
import { strategyInput, strategyWorld } from "./strategy-world";

jest.mock("next/cache", () => ({ revalidatePath: jest.fn() }));

useTestDatabase();

const choice = (campaignId: number, more: Record<string, unknown> = {}) => ({ name: "Prospecting EU - Copy", campaignId, copyCreatives: false, copyCreativeSets: false, ...more });

test("clones into another campaign of the same advertiser: same values, new name and campaign, inactive, with an activity row", async () => {
  const w = await strategyWorld();
  const source = await createStrategy(w, strategyInput(w));
  const second = await f.makeCampaign(w.advertiser, { objective: "MOBILE_APP_INSTALLS", name: "Second" });
  const clone = await cloneStrategy(w, source.id, choice(second.id, { copyCreatives: true, copyCreativeSets: true }));
  expect(clone).toMatchObject({
    name: "Prospecting EU - Copy",
    campaignId: second.id,
    advertiserId: w.advertiser.id,
    active: false,
    pricingValue: source.pricingValue,
    dailyAdvSpendBudget: "1234.56",
    targeting: source.targeting,
    inventory: source.inventory,
    startTime: source.startTime,
    endTime: source.endTime,
    pixelIds: source.pixelIds,
    creativeIds: [w.creative.id],
    creativeSetIds: [w.set.id],
  });
  expect(clone.id).not.toBe(source.id);
  const log = await db.activityLog.findFirstOrThrow({ where: { entityType: "STRATEGY", entityId: clone.id } });
  expect(log).toMatchObject({ action: "CREATE", entityName: "Prospecting EU - Copy" });
});

test("without the checkboxes the clone has no creatives and no sets; the source is untouched", async () => {
  const w = await strategyWorld();
  const source = await createStrategy(w, strategyInput(w));
  const clone = await cloneStrategy(w, source.id, choice(w.campaign.id));
  expect(clone).toMatchObject({ campaignId: w.campaign.id, creativeIds: [], creativeSetIds: [], active: false });
  expect(await db.strategyCreative.count({ where: { strategyId: source.id } })).toBe(1);
});

test("a past schedule becomes 'start immediately' and keeps a future end", async () => {
  const w = await strategyWorld();
  const source = await createStrategy(w, strategyInput(w));
  await db.strategy.update({ where: { id: source.id }, data: { startTime: new Date(Date.now() - 86_400_000) } });
  const clone = await cloneStrategy(w, source.id, choice(w.campaign.id));
  expect(Math.abs(Date.parse(clone.startTime) - Date.now())).toBeLessThan(60_000);
  expect(clone.endTime).toBe(source.endTime);
});

test("the rules of the one strategy schema apply: a name breaking them, another advertiser's campaign, a creative of another type", async () => {
  const w = await strategyWorld();
  const source = await createStrategy(w, strategyInput(w));
  const before = await db.strategy.count();

  const blank = await cloneStrategy(w, source.id, choice(w.campaign.id, { name: "" })).catch((e: unknown) => e);
  expect(toActionError(blank).fieldErrors).toHaveProperty("name");

  const otherAdvertiser = await f.makeAdvertiser(w.licensee.id);
  const foreignCampaign = await f.makeCampaign(otherAdvertiser);
  const refused = await cloneStrategy(w, source.id, choice(foreignCampaign.id)).catch((e: unknown) => e);
  expect(toActionError(refused).fieldErrors).toEqual({ campaignId: CLONE_MESSAGES.otherAdvertiser });

  // The stored creative list gains a CTV creative the Multi Device type refuses: the reference rule's message, beside 'Copy creatives'.
  await db.strategyCreative.create({ data: { strategyId: source.id, creativeId: w.ctvCreative.id } });
  const typeRefused = await cloneStrategy(w, source.id, choice(w.campaign.id, { copyCreatives: true })).catch((e: unknown) => e);
  expect(toActionError(typeRefused).fieldErrors?.copyCreatives).toBeTruthy();
  expect(await db.strategy.count()).toBe(before);
});

test("read-only and demo users are refused; another licensee's strategy or campaign is not found", async () => {
  const w = await strategyWorld();
  const source = await createStrategy(w, strategyInput(w));
  for (const role of ["RO", "DEMO"] as const) {
    // Refused by the clone action's declared access, before its input is read.
    const attempt = executeAction(cloneStrategyAction.definition, await memberOf(w.licensee.id, role), { id: source.id, ...choice(w.campaign.id) });
    await expect(attempt).rejects.toBeInstanceOf(ForbiddenError);
  }
  const other = await strategyWorld();
  await expect(cloneStrategy(other, source.id, choice(other.campaign.id))).rejects.toBeInstanceOf(NotFoundError);
  await expect(cloneStrategy(w, source.id, choice(other.campaign.id))).rejects.toBeInstanceOf(NotFoundError);
  expect(await db.strategy.count()).toBe(1);
});
