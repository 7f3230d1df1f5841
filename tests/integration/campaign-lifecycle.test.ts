// A campaign's status (business.md 4) through the one bulk status change the
// lists, details pages and REST API share: deactivating cascades to its
// strategies in one transaction, activating waits for an active advertiser.
// Also the campaign's server actions (REST: campaign-rest.test.ts).
import "../helpers/action-session";
import { db } from "@/lib/db";
import { revalidatePath } from "next/cache";
import { ConflictError } from "@/lib/errors";
import { setActiveInBulk } from "@/lib/entities/bulk";
import { scopeOf } from "@/lib/data/scope";
import { createCampaignAction, updateCampaignAction } from "@/lib/campaigns/actions";
import { CAMPAIGN_CHANGE_MESSAGES } from "@/lib/campaigns/mutations";
import { campaignFormValues, toCampaignDetails } from "@/lib/campaigns/queries";
import { CAMPAIGN_MESSAGES } from "@/lib/campaigns/schema";
import { useTestDatabase } from "../helpers/db";
import { withFailingWrite } from "../helpers/failing-writes";
import * as f from "../helpers/factories";
import { requireSessionMock } from "../helpers/session-mock";

useTestDatabase();

const activity = () => db.activityLog.findMany({ orderBy: { id: "asc" }, include: { fields: true } });
const inDays = (days: number) => Math.floor(Date.now() / 1000) + days * 86_400;

async function world() {
  const { licensee, ctx, user } = await f.makeTenant();
  const advertiser = await f.makeAdvertiser(licensee.id);
  const campaign = await f.makeCampaign(advertiser, { name: "Spring" });
  const s1 = await f.makeStrategy(campaign, { name: "S1" });
  const s2 = await f.makeStrategy(campaign, { name: "S2" });
  const paused = await f.makeStrategy(campaign, { name: "Paused", active: false });
  return { licensee, ctx, user, advertiser, campaign, s1, s2, paused };
}

describe("status", () => {
  test("deactivating a campaign deactivates its active strategies, each with its activity row", async () => {
    const { ctx, advertiser, campaign, s1, s2, paused } = await world();
    const other = await f.makeStrategy(await f.makeCampaign(advertiser), { name: "Elsewhere" });

    await setActiveInBulk(scopeOf(ctx), { entity: "campaign", ids: [campaign.id], active: false });

    const strategies = await db.strategy.findMany({ orderBy: { id: "asc" } });
    expect(strategies.map((s) => [s.name, s.active, s.version])).toEqual([
      ["S1", false, s1.version + 1],
      ["S2", false, s2.version + 1],
      ["Paused", false, paused.version],
      ["Elsewhere", true, other.version],
    ]);
    const logs = await activity();
    expect(logs.map((l) => [l.action, l.entityType, l.entityId, l.entityAdvertiserId, l.message])).toEqual([
      ["DEACTIVATE", "CAMPAIGN", campaign.id, advertiser.id, "Campaign deactivated"],
      ["DEACTIVATE", "STRATEGY", s1.id, advertiser.id, "Strategy deactivated with its campaign Spring"],
      ["DEACTIVATE", "STRATEGY", s2.id, advertiser.id, "Strategy deactivated with its campaign Spring"],
    ]);
    for (const l of logs) expect(l.fields.map((x) => [x.fieldName, x.oldValue, x.newValue])).toEqual([["active", "true", "false"]]);
  });

  test("the cascade is one transaction: a failing strategy audit row leaves campaign and strategies as they were", async () => {
    const { ctx, campaign } = await world();
    const before = { campaigns: await db.campaign.findMany(), strategies: await db.strategy.findMany() };
    await withFailingWrite("ActivityLog", "INSERT", `NEW."entityType" = 'STRATEGY'`, () =>
      expect(setActiveInBulk(scopeOf(ctx), { entity: "campaign", ids: [campaign.id], active: false })).rejects.toThrow(/injected failure/),
    );
    expect({ campaigns: await db.campaign.findMany(), strategies: await db.strategy.findMany() }).toEqual(before);
    expect(await db.activityLog.count()).toBe(0);
  });

  test("an already inactive campaign with strategies left active: deactivating again repairs them", async () => {
    const { ctx, campaign, s1 } = await world();
    await db.campaign.update({ where: { id: campaign.id }, data: { active: false } });
    await expect(setActiveInBulk(scopeOf(ctx), { entity: "campaign", ids: [campaign.id], active: false })).resolves.toEqual({ changed: 0, total: 1 });
    expect((await db.strategy.findUniqueOrThrow({ where: { id: s1.id } })).active).toBe(false);
    expect((await activity()).map((l) => l.entityType)).toEqual(["STRATEGY", "STRATEGY"]);
  });

  test("activating re-activates no strategy", async () => {
    const { ctx, campaign } = await world();
    await setActiveInBulk(scopeOf(ctx), { entity: "campaign", ids: [campaign.id], active: false });
    await setActiveInBulk(scopeOf(ctx), { entity: "campaign", ids: [campaign.id], active: true });
    expect((await db.campaign.findUniqueOrThrow({ where: { id: campaign.id } })).active).toBe(true);
    expect(await db.strategy.count({ where: { active: true } })).toBe(0);
  });

  test("a campaign cannot be activated under an inactive advertiser, with a clear message; nothing is written", async () => {
    const { ctx, licensee } = await world();
    const paused = await f.makeAdvertiser(licensee.id, { active: false });
    const campaign = await f.makeCampaign(paused, { name: "Dormant", active: false });
    const attempt = setActiveInBulk(scopeOf(ctx), { entity: "campaign", ids: [campaign.id], active: true });
    await expect(attempt).rejects.toThrow(new ConflictError('Campaign "Dormant" cannot be activated while its advertiser is inactive.'));
    expect(await db.campaign.findUniqueOrThrow({ where: { id: campaign.id } })).toEqual(campaign);
    expect(await db.activityLog.count()).toBe(0);
  });
});

describe("server actions", () => {
  test("create and update answer the campaign, revalidate the campaign pages and map errors to form results", async () => {
    const { ctx, advertiser } = await world();
    requireSessionMock.mockResolvedValue(ctx);
    const pixel = await f.makePixel(advertiser);
    const input = {
      advertiserId: String(advertiser.id), name: "Via action", objective: "WEBSITE", pixelId: String(pixel.id), startTime: -1, endTime: -1,
      pricingType: "CPM", pricingValue: "2", dailyBudget: "1234.56", lifetimeBudget: "", budgetPacing: false,
    };
    const created = await createCampaignAction(input);
    expect(created).toMatchObject({ ok: true, data: { name: "Via action", dailyBudget: "1234.56", active: true } });
    expect(revalidatePath).toHaveBeenCalledWith("/campaign", "layout");
    const id = (created as { data: { id: number } }).data.id;

    const row = toCampaignDetails(await db.campaign.findUniqueOrThrow({ where: { id } }));
    const values = campaignFormValues(row);
    expect(await updateCampaignAction({ id, version: row.version, ...values, name: "Renamed" })).toMatchObject({ ok: true, data: { name: "Renamed", version: 2 } });
    expect(await updateCampaignAction({ id, version: row.version, ...values, name: "Late" })).toEqual({ ok: false, status: 409, formError: CAMPAIGN_CHANGE_MESSAGES.staleVersion });
    expect(await createCampaignAction({ ...input, pricingType: "CPA", pixelId: "" })).toMatchObject({
      ok: false,
      status: 400,
      fieldErrors: { pixelId: CAMPAIGN_MESSAGES.pixelRequiredForCpa },
    });
    expect(await createCampaignAction({ ...input, startTime: inDays(-1) })).toMatchObject({ ok: false, fieldErrors: { startTime: CAMPAIGN_MESSAGES.startInPast } });
  });
});
