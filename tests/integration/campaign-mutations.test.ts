// Creating and editing campaigns (business.md 3 CAMPAIGN, 4, 5 Campaign):
// the server side of the form's rules, the pixel and advertiser checks, the
// SKAD privilege, exact money, optimistic concurrency and the activity rows.
import "../helpers/action-session";
import { db } from "@/lib/db";
import { ConflictError, ForbiddenError, NotFoundError } from "@/lib/errors";
import { scopeOf } from "@/lib/data/scope";
import { createCampaignAction, updateCampaignAction } from "@/lib/campaigns/actions";
import { CAMPAIGN_CHANGE_MESSAGES as CHANGE, createCampaign, updateCampaign } from "@/lib/campaigns/mutations";
import { campaignFormValues, type CampaignDetails } from "@/lib/campaigns/queries";
import { CAMPAIGN_MESSAGES } from "@/lib/campaigns/schema";
import { loadListExport, loadListView } from "@/lib/entities/lists";
import { useTestDatabase } from "../helpers/db";
import * as f from "../helpers/factories";
import { fieldErrorsOf, memberOf } from "../helpers/calls";
import { activityRows, fieldsOf } from "../helpers/activity";
import { CPM_CAMPAIGN_FORM } from "../helpers/campaign-form";
import { requireSessionMock } from "../helpers/session-mock";

useTestDatabase();

const inDays = (days: number) => Math.floor(Date.now() / 1000) + days * 86_400;

/** The campaign form as the browser sends it: text as typed, times as epoch seconds. */
function formInput(advertiserId: number, pixelId: number | null, overrides: Record<string, unknown> = {}) {
  return {
    ...CPM_CAMPAIGN_FORM, advertiserId, pixelId, startTime: inDays(1), endTime: inDays(30),
    budgetPacing: true, pacingOption: "DAILY_HOURLY_WEIGHTAGE", budgetSpends: "6", coolingPeriod: "2",
    ...overrides,
  };
}

async function world() {
  const { licensee, ctx } = await f.makeTenant();
  const advertiser = await f.makeAdvertiser(licensee.id, { currencyCode: "EUR" });
  const pixel = await f.makePixel(advertiser);
  return { licensee, ctx, advertiser, pixel };
}

const counts = async () => ({ campaigns: await db.campaign.count(), activity: await db.activityLog.count() });
/** What a server action answers a caller whose role may not write. */
const forbidden = { ok: false, status: 403, formError: new ForbiddenError().message };
describe("create", () => {
  test("saves every field, money exactly as typed, in the advertiser's currency, with one CREATE activity row", async () => {
    const { ctx, advertiser, pixel } = await world();
    const created = await createCampaign(scopeOf(ctx), formInput(advertiser.id, pixel.id));

    const row = await db.campaign.findUniqueOrThrow({ where: { id: created.id } });
    expect(row.dailyBudget?.toString()).toBe("1234.56");
    expect(row.pricingValue.toString()).toBe("4.2");
    expect(row).toMatchObject({ advertiserId: advertiser.id, pixelId: pixel.id, currencyCode: "EUR", active: true, version: 1, userFcapDuration: 30 * 86_400 });
    // The pacing option is stored as its pacing type id (10: daily Hourly weightage).
    expect([row.budgetPacing, row.flowRate?.toString()]).toEqual([true, "10"]);
    // Budget spends and cooling period are kept, and come back in the form.
    expect([row.budgetSpends, row.coolingPeriod]).toEqual([6, 2]);
    expect(campaignFormValues(created)).toMatchObject({ budgetSpends: 6, coolingPeriod: 2 });
    expect(created).toMatchObject({ id: row.id, dailyBudget: "1234.56", lifetimeBudget: "30000", currencyCode: "EUR" });

    const [log] = await activityRows();
    expect(log).toMatchObject({ action: "CREATE", entityType: "CAMPAIGN", entityId: row.id, entityName: "Summer Sale", entityAdvertiserId: advertiser.id });
    expect(fieldsOf(log)).toMatchObject({ name: [null, "Summer Sale"], dailyBudget: [null, "1234.56"], pixelId: [null, String(pixel.id)], currencyCode: [null, "EUR"] });
  });

  test("a margin is typed as a percentage and stored as its fraction; the form shows it again as typed", async () => {
    const { ctx, advertiser, pixel } = await world();
    const input = formInput(advertiser.id, pixel.id, { pricingType: "MARGIN", pricingValue: "30", dailyAdvSpendBudget: "1000", dailyBudget: "700" });
    const created = await createCampaign(scopeOf(ctx), input);
    expect((await db.campaign.findUniqueOrThrow({ where: { id: created.id } })).pricingValue.toString()).toBe("0.3");
    expect(campaignFormValues(created)).toMatchObject({ pricingValue: "30", pacingOption: "DAILY_HOURLY_WEIGHTAGE", startTime: input.startTime });
  });

  test("CPA without a pixel is refused with the message at pixelId, and nothing is written", async () => {
    const { ctx, advertiser } = await world();
    const errors = await fieldErrorsOf(createCampaign(scopeOf(ctx), formInput(advertiser.id, null, { pricingType: "CPA" })));
    expect(errors).toMatchObject({ pixelId: CAMPAIGN_MESSAGES.pixelRequiredForCpa });
    expect(await counts()).toEqual({ campaigns: 0, activity: 0 });
  });

  test("a pixel of another advertiser or another licensee is a field error at pixelId", async () => {
    const { ctx, licensee, advertiser } = await world();
    const otherAdvertiser = await f.makeAdvertiser(licensee.id);
    const otherPixel = await f.makePixel(otherAdvertiser);
    const foreign = await world();
    for (const pixelId of [otherPixel.id, foreign.pixel.id]) {
      expect(await fieldErrorsOf(createCampaign(scopeOf(ctx), formInput(advertiser.id, pixelId)))).toEqual({ pixelId: CHANGE.pixelOfOtherAdvertiser });
    }
    expect(await counts()).toEqual({ campaigns: 0, activity: 0 });
  });

  test("another licensee's advertiser is not found; an archived advertiser is a conflict", async () => {
    const { ctx, licensee } = await world();
    const foreign = await world();
    await expect(createCampaign(scopeOf(ctx), formInput(foreign.advertiser.id, foreign.pixel.id))).rejects.toBeInstanceOf(NotFoundError);
    const archived = await f.makeAdvertiser(licensee.id, { active: false, isArchived: true });
    const attempt = createCampaign(scopeOf(ctx), formInput(archived.id, (await f.makePixel(archived)).id));
    await expect(attempt).rejects.toThrow(new ConflictError(CHANGE.advertiserArchived));
    expect(await counts()).toEqual({ campaigns: 0, activity: 0 });
  });

  test("under an inactive advertiser the campaign starts inactive", async () => {
    const { ctx, licensee } = await world();
    const paused = await f.makeAdvertiser(licensee.id, { active: false });
    const created = await createCampaign(scopeOf(ctx), formInput(paused.id, (await f.makePixel(paused)).id));
    expect(created.active).toBe(false);
  });

  test("read-only and demo users are refused before anything is read, and nothing is written", async () => {
    const { licensee, advertiser, pixel } = await world();
    for (const role of ["RO", "DEMO"] as const) {
      requireSessionMock.mockResolvedValue(await memberOf(licensee.id, role));
      expect(await createCampaignAction(formInput(advertiser.id, pixel.id))).toEqual(forbidden);
      expect(await createCampaignAction({ name: "" })).toEqual(forbidden); // no field errors either
    }
    expect(await counts()).toEqual({ campaigns: 0, activity: 0 });
  });

  test("SKAD target needs the licensee's SKAD privilege", async () => {
    const { ctx, licensee, advertiser, pixel } = await world();
    const skad = formInput(advertiser.id, pixel.id, { skadTarget: true });
    expect(await fieldErrorsOf(createCampaign(scopeOf(ctx), skad))).toEqual({ skadTarget: CAMPAIGN_MESSAGES.skadNotAllowed });
    expect(await counts()).toEqual({ campaigns: 0, activity: 0 });

    await db.licensee.update({ where: { id: licensee.id }, data: { skadTargetAllowed: true } });
    expect((await createCampaign(scopeOf(ctx), skad)).skadTarget).toBe(true);
  });

  test("a start in the past is refused on create", async () => {
    const { ctx, advertiser, pixel } = await world();
    const errors = await fieldErrorsOf(createCampaign(scopeOf(ctx), formInput(advertiser.id, pixel.id, { startTime: inDays(-1) })));
    expect(errors).toEqual({ startTime: CAMPAIGN_MESSAGES.startInPast });
  });
});

describe("update", () => {
  async function saved() {
    const w = await world();
    const campaign = await createCampaign(scopeOf(w.ctx), formInput(w.advertiser.id, w.pixel.id));
    await db.activityLog.deleteMany();
    return { ...w, campaign };
  }
  const edit = (c: CampaignDetails, overrides: Record<string, unknown> = {}) => ({ ...campaignFormValues(c), ...overrides });

  test("writes the changed fields with their old and new values, and bumps the version", async () => {
    const { ctx, campaign } = await saved();
    const after = await updateCampaign(scopeOf(ctx), campaign.id, campaign.version, edit(campaign, { dailyBudget: "999.99", name: "Winter Sale" }));
    expect(after).toMatchObject({ name: "Winter Sale", dailyBudget: "999.99", version: campaign.version + 1 });
    const [log, ...rest] = await activityRows();
    expect(rest).toEqual([]);
    expect(log).toMatchObject({ action: "UPDATE", entityType: "CAMPAIGN", entityId: campaign.id, entityName: "Winter Sale" });
    expect(fieldsOf(log)).toEqual({ dailyBudget: ["1234.56", "999.99"], name: ["Summer Sale", "Winter Sale"] });
  });

  test("an unchanged form writes nothing: no version bump, no activity row", async () => {
    const { ctx, campaign } = await saved();
    const before = await db.campaign.findUniqueOrThrow({ where: { id: campaign.id } });
    expect((await updateCampaign(scopeOf(ctx), campaign.id, campaign.version, edit(campaign))).version).toBe(campaign.version);
    expect(await db.campaign.findUniqueOrThrow({ where: { id: campaign.id } })).toEqual(before);
    expect(await db.activityLog.count()).toBe(0);
  });

  test("the advertiser stays the one the campaign was created under", async () => {
    const { ctx, licensee, campaign } = await saved();
    const other = await f.makeAdvertiser(licensee.id);
    const after = await updateCampaign(scopeOf(ctx), campaign.id, campaign.version, edit(campaign, { advertiserId: other.id, name: "Renamed" }));
    expect(after).toMatchObject({ advertiserId: campaign.advertiserId, name: "Renamed" });
  });

  test("a stale version is refused with the campaign's own message, and nothing is written", async () => {
    const { ctx, campaign } = await saved();
    await updateCampaign(scopeOf(ctx), campaign.id, campaign.version, edit(campaign, { name: "First save" }));
    const attempt = updateCampaign(scopeOf(ctx), campaign.id, campaign.version, edit(campaign, { name: "Second save" }));
    await expect(attempt).rejects.toThrow(new ConflictError("This campaign was changed by someone else"));
    expect((await db.campaign.findUniqueOrThrow({ where: { id: campaign.id } })).name).toBe("First save");
    expect(await db.activityLog.count()).toBe(1);
  });

  test("20 concurrent saves at one version: exactly one wins, 19 conflicts, one set of activity rows", async () => {
    const { ctx, campaign } = await saved();
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) => updateCampaign(scopeOf(ctx), campaign.id, campaign.version, edit(campaign, { name: `Save ${i + 1}` }))),
    );
    const won = results.filter((r) => r.status === "fulfilled");
    const lost = results.flatMap((r) => (r.status === "rejected" ? [r.reason as Error] : []));
    expect(won).toHaveLength(1);
    expect(lost.map((e) => [e instanceof ConflictError, e.message])).toEqual(Array(19).fill([true, CHANGE.staleVersion]));
    const row = await db.campaign.findUniqueOrThrow({ where: { id: campaign.id } });
    expect(row.version).toBe(campaign.version + 1);
    const logs = await activityRows();
    expect(logs).toHaveLength(1);
    expect(fieldsOf(logs[0])).toEqual({ name: ["Summer Sale", row.name] });
  });

  test("a start already in the past may stay; a changed one must be in the future", async () => {
    const { ctx, campaign } = await saved();
    const past = new Date((inDays(-5)) * 1000);
    await db.campaign.update({ where: { id: campaign.id }, data: { startTime: past } });
    const running = { ...campaign, startTime: past.toISOString() };
    await expect(updateCampaign(scopeOf(ctx), campaign.id, campaign.version, edit(running, { name: "Still running" }))).resolves.toMatchObject({ name: "Still running" });
    const errors = await fieldErrorsOf(updateCampaign(scopeOf(ctx), campaign.id, campaign.version + 1, edit(running, { startTime: inDays(-2) })));
    expect(errors).toEqual({ startTime: CAMPAIGN_MESSAGES.startInPast });
  });

  test("an archived campaign is read-only; another licensee's is not found; read-only users are refused", async () => {
    const { ctx, licensee, campaign } = await saved();
    const foreign = await world();
    await expect(updateCampaign(scopeOf(foreign.ctx), campaign.id, campaign.version, edit(campaign, { name: "Taken over" }))).rejects.toBeInstanceOf(NotFoundError);
    requireSessionMock.mockResolvedValue(await memberOf(licensee.id, "RO"));
    expect(await updateCampaignAction({ id: campaign.id, version: campaign.version, ...edit(campaign, { name: "Read only" }) })).toEqual(forbidden);
    await db.campaign.update({ where: { id: campaign.id }, data: { isArchived: true, active: false } });
    await expect(updateCampaign(scopeOf(ctx), campaign.id, campaign.version, edit(campaign, { name: "Archived" }))).rejects.toThrow(new ConflictError(CHANGE.archivedReadOnly));
    expect(await db.activityLog.count()).toBe(0);
  });

  test("a SKAD campaign stays editable when the privilege is withdrawn; turning SKAD on needs it", async () => {
    const { ctx, licensee, advertiser, pixel } = await world();
    await db.licensee.update({ where: { id: licensee.id }, data: { skadTargetAllowed: true } });
    const skad = await createCampaign(scopeOf(ctx), formInput(advertiser.id, pixel.id, { skadTarget: true }));
    const plain = await createCampaign(scopeOf(ctx), formInput(advertiser.id, pixel.id, { name: "Plain" }));
    await db.licensee.update({ where: { id: licensee.id }, data: { skadTargetAllowed: false } });
    await expect(updateCampaign(scopeOf(ctx), skad.id, skad.version, edit(skad, { name: "SKAD renamed" }))).resolves.toMatchObject({ skadTarget: true });
    const errors = await fieldErrorsOf(updateCampaign(scopeOf(ctx), plain.id, plain.version, edit(plain, { skadTarget: true })));
    expect(errors).toEqual({ skadTarget: CAMPAIGN_MESSAGES.skadNotAllowed });
  });
});

test("1234.56 saved comes back 1234.56 in the form, the details, the list and the CSV", async () => {
  const { ctx, advertiser, pixel } = await world();
  const created = await createCampaign(scopeOf(ctx), formInput(advertiser.id, pixel.id, { name: "Exact money", lifetimeBudget: "1234.56", dailyBudget: "100" }));
  expect(campaignFormValues(created)).toMatchObject({ lifetimeBudget: "1234.56" });
  expect(created.lifetimeBudget).toBe("1234.56");
  const view = await loadListView(ctx, "campaign", { q: "Exact money" });
  expect(view.rows.map((r) => r.cells.lifetimeBudget)).toEqual(["€1,234.56"]);
  const file = await loadListExport(ctx, "campaign", { q: "Exact money" });
  expect(file.rows.map((r) => r[file.header.indexOf("Lifetime Budget")])).toEqual(["1234.56"]);
});
