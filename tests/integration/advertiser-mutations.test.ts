// Advertiser state changes (business.md 4), validation (business.md 5) and
// the server actions' results.
import "../helpers/action-session";
import { z } from "zod";
import { db } from "@/lib/db";
import { log } from "@/lib/log";
import { revalidatePath } from "next/cache";
import { ConflictError, ForbiddenError, UnauthenticatedError } from "@/lib/errors";
import { scope } from "@/lib/data/gate";
import { SERVER_ERROR_MESSAGE, toActionError } from "@/lib/actions/server-result";
import { setAdvertiserActive as setActive, updateAdvertiser as update, ADVERTISER_MESSAGES } from "@/lib/advertisers/mutations";
import { archiveAdvertiser as archive } from "@/lib/entities/archive-advertiser";
import { scopeOf } from "@/lib/data/scope";
import type { SessionContext } from "@/lib/auth/context";
import { getAdvertiserOrThrow, listAdvertisers } from "@/lib/advertisers/queries";
import { MESSAGES } from "@/lib/advertisers/schema";
import { setAdvertiserActiveAction, updateAdvertiserAction } from "@/lib/advertisers/actions";
import { archiveAdvertiserAction } from "@/lib/entities/actions";
import { useTestDatabase } from "../helpers/db";
import * as f from "../helpers/factories";
import { requireSessionMock } from "../helpers/session-mock";
import { expectAdvertiserAndCampaignUntouched } from "../helpers/activity";

useTestDatabase();

// The mutations as their actions run them, for a context whose role the action would have checked.
const setAdvertiserActive = (ctx: SessionContext, id: number | string, active: boolean) => setActive(scopeOf(ctx), id, active);
const updateAdvertiser = (ctx: SessionContext, id: number | string, version: number, input: unknown) => update(scopeOf(ctx), id, version, input);
const archiveAdvertiser = (ctx: SessionContext, id: number | string) => archive(scopeOf(ctx), id);

const activityRows = () =>
  db.activityLog.findMany({ orderBy: { id: "asc" }, include: { fields: { orderBy: { fieldName: "asc" } } } });
const fieldsOf = (log: { fields: { fieldName: string; oldValue: string | null; newValue: string | null }[] }) =>
  log.fields.map(({ fieldName, oldValue, newValue }) => [fieldName, oldValue, newValue]);

describe("deactivate and activate", () => {
  test("deactivating cascades to the advertiser's campaigns and strategies, each with its activity row", async () => {
    const { licensee, ctx } = await f.makeTenant();
    const advertiser = await f.makeAdvertiser(licensee.id);
    const c1 = await f.makeCampaign(advertiser);
    const c2 = await f.makeCampaign(advertiser, { active: false });
    const s1 = await f.makeStrategy(c1);
    const s2 = await f.makeStrategy(c2);
    const other = await f.makeAdvertiser(licensee.id);
    const otherCampaign = await f.makeCampaign(other);

    const result = await setAdvertiserActive(ctx, advertiser.id, false);

    expect(result.advertiser).toMatchObject({ id: advertiser.id, active: false, version: advertiser.version + 1 });
    expect(result.affected).toEqual({ campaigns: 1, strategies: 2 });
    expect(await db.campaign.findMany({ where: { advertiserId: advertiser.id, active: true } })).toEqual([]);
    expect(await db.strategy.findMany({ where: { advertiserId: advertiser.id, active: true } })).toEqual([]);
    expect((await db.campaign.findUniqueOrThrow({ where: { id: c1.id } })).version).toBe(c1.version + 1);
    expect(await db.campaign.findUniqueOrThrow({ where: { id: c2.id } })).toEqual(c2); // was inactive already
    expect(await db.campaign.findUniqueOrThrow({ where: { id: otherCampaign.id } })).toEqual(otherCampaign);

    const logs = await activityRows();
    expect(logs.map((l) => [l.action, l.entityType, l.entityId, l.entityAdvertiserId])).toEqual([
      ["DEACTIVATE", "ADVERTISER", advertiser.id, advertiser.id],
      ["DEACTIVATE", "CAMPAIGN", c1.id, advertiser.id],
      ["DEACTIVATE", "STRATEGY", s1.id, advertiser.id],
      ["DEACTIVATE", "STRATEGY", s2.id, advertiser.id],
    ]);
    for (const l of logs) expect(fieldsOf(l)).toEqual([["active", "true", "false"]]);
    expect(logs[1].message).toBe(`Campaign deactivated with its advertiser ${advertiser.name}`);
  });

  test("activating writes an ACTIVATE row and leaves campaigns as they are", async () => {
    const { licensee, ctx } = await f.makeTenant();
    const advertiser = await f.makeAdvertiser(licensee.id, { active: false });
    const campaign = await f.makeCampaign(advertiser, { active: false });

    const result = await setAdvertiserActive(ctx, advertiser.id, true);

    expect(result.advertiser.active).toBe(true);
    expect(await db.campaign.findUniqueOrThrow({ where: { id: campaign.id } })).toEqual(campaign);
    const logs = await activityRows();
    expect(logs.map((l) => [l.action, l.entityType, l.message])).toEqual([["ACTIVATE", "ADVERTISER", "Advertiser activated"]]);
  });

  test("asking for the current state changes nothing and logs nothing", async () => {
    const { licensee, ctx } = await f.makeTenant();
    const advertiser = await f.makeAdvertiser(licensee.id);
    await setAdvertiserActive(ctx, advertiser.id, true);
    expect(await db.advertiser.findUniqueOrThrow({ where: { id: advertiser.id } })).toEqual(advertiser);
    expect(await db.activityLog.count()).toBe(0);
  });
});

describe("archive", () => {
  test("is refused while the advertiser is active, and writes nothing", async () => {
    const { licensee, ctx } = await f.makeTenant();
    const advertiser = await f.makeAdvertiser(licensee.id);
    const campaign = await f.makeCampaign(advertiser, { active: false });

    const attempt = archiveAdvertiser(ctx, advertiser.id);
    await expect(attempt).rejects.toBeInstanceOf(ConflictError);
    await expect(attempt).rejects.toThrow(ADVERTISER_MESSAGES.archiveWhileActive);

    await expectAdvertiserAndCampaignUntouched(advertiser, campaign);
  });

  test("archives an inactive advertiser and all its children in one go; lists exclude them", async () => {
    const { licensee, ctx } = await f.makeTenant();
    const advertiser = await f.makeAdvertiser(licensee.id, { active: false });
    const campaign = await f.makeCampaign(advertiser, { active: false });
    const strategy = await f.makeStrategy(campaign, { active: false });
    const pixel = await f.makePixel(advertiser);
    // The set and the creative take this click destination (the factories' default: the advertiser's first).
    const click = await f.makeClickDestination(advertiser);
    const creativeSet = await f.makeCreativeSet(advertiser);
    const creative = await f.makeCreative(advertiser);
    const webAudience = await f.makeAudience(advertiser, { source: "WEBSITE" });
    const lalAudience = await f.makeAudience(advertiser, { source: "LOOK_ALIKE" });
    const feed = await f.makeCatalogFeed(advertiser);
    const kept = await f.makeAdvertiser(licensee.id);
    const keptPixel = await f.makePixel(kept);

    const result = await archiveAdvertiser(ctx, advertiser.id);

    expect(result.advertiser).toMatchObject({ isArchived: true, active: false });
    expect(result.affected).toEqual({
      campaign: 1, strategy: 1, pixel: 1, creative_set: 1, creative: 1, audience: 2, click_destination: 1, catalog_feed: 1,
    });
    const where = { advertiserId: advertiser.id };
    for (const rows of [
      await db.campaign.findMany({ where }),
      await db.strategy.findMany({ where }),
      await db.pixel.findMany({ where }),
      await db.creativeSet.findMany({ where }),
      await db.creative.findMany({ where }),
      await db.audience.findMany({ where }),
      await db.clickDestination.findMany({ where }),
      await db.catalogFeed.findMany({ where }),
    ]) {
      expect(rows.length).toBeGreaterThan(0);
      for (const row of rows) expect(row).toMatchObject({ isArchived: true, active: false });
    }
    expect(await db.pixel.findUniqueOrThrow({ where: { id: keptPixel.id } })).toEqual(keptPixel);

    const logs = await activityRows();
    expect(logs.every((l) => l.action === "ARCHIVE" && l.entityAdvertiserId === advertiser.id)).toBe(true);
    expect(logs.map((l) => `${l.entityType}:${l.entityId}`).sort()).toEqual(
      [
        `ADVERTISER:${advertiser.id}`,
        `CAMPAIGN:${campaign.id}`,
        `STRATEGY:${strategy.id}`,
        `PIXEL:${pixel.id}`,
        `CREATIVE_SET:${creativeSet.id}`,
        `CREATIVE:${creative.id}`,
        `WEB_AUDIENCE:${webAudience.id}`,
        `LAL_AUDIENCE:${lalAudience.id}`,
        `CLICK_DESTINATION:${click.id}`,
        `CATALOG_FEED:${feed.id}`,
      ].sort(),
    );
    const byKey = new Map(logs.map((l) => [`${l.entityType}:${l.entityId}`, l]));
    expect(fieldsOf(byKey.get(`ADVERTISER:${advertiser.id}`)!)).toEqual([["isArchived", "false", "true"]]);
    expect(fieldsOf(byKey.get(`PIXEL:${pixel.id}`)!)).toEqual([["active", "true", "false"], ["isArchived", "false", "true"]]);
    expect(fieldsOf(byKey.get(`CAMPAIGN:${campaign.id}`)!)).toEqual([["isArchived", "false", "true"]]);
    expect(byKey.get(`CREATIVE_SET:${creativeSet.id}`)!.message).toBe(`Creative set archived with its advertiser ${advertiser.name}`);

    const list = await listAdvertisers(ctx);
    expect(list).toMatchObject({ total: 1, rows: [{ id: kept.id }] });
    expect(await db.campaign.count({ where: scope(ctx) })).toBe(0);
    expect(await db.pixel.findMany({ where: scope(ctx) })).toEqual([keptPixel]);
    // Details stay readable; nothing can change any more.
    expect((await getAdvertiserOrThrow(ctx, advertiser.id)).isArchived).toBe(true);
    await expect(archiveAdvertiser(ctx, advertiser.id)).rejects.toThrow(ADVERTISER_MESSAGES.alreadyArchived);
    await expect(setAdvertiserActive(ctx, advertiser.id, true)).rejects.toThrow(ADVERTISER_MESSAGES.archivedReadOnly);
    const archived = await db.advertiser.findUniqueOrThrow({ where: { id: advertiser.id } });
    await expect(
      updateAdvertiser(ctx, advertiser.id, archived.version, f.validAdvertiserInput()),
    ).rejects.toThrow(ADVERTISER_MESSAGES.archivedReadOnly);
  });
});

describe("read-only and demo users", () => {
  // business.md 6: RO and DEMO users have save, activate, deactivate and archive
  // disabled; the server refuses them too, whatever the browser sends. Each call
  // below would change something for an RW user (see the tests above).
  test.each(["RO", "DEMO"] as const)("%s: update, activate, deactivate and archive are refused and nothing is written", async (role) => {
    const { licensee, ctx } = await f.makeTenant(role);
    const active = await f.makeAdvertiser(licensee.id);
    const campaign = await f.makeCampaign(active);
    const strategy = await f.makeStrategy(campaign);
    const inactive = await f.makeAdvertiser(licensee.id, { active: false });
    requireSessionMock.mockResolvedValue(ctx);
    jest.mocked(revalidatePath).mockClear();

    // Through the server actions, as the browser calls them: 403 with the forbidden message (the actions check the role, not the mutations).
    const forbidden = { ok: false, status: 403, formError: new ForbiddenError().message };
    expect(await updateAdvertiserAction({ id: active.id, version: active.version, ...f.validAdvertiserInput({ name: "Renamed" }) })).toEqual(forbidden);
    expect(await setAdvertiserActiveAction({ id: inactive.id, active: true })).toEqual(forbidden);
    expect(await setAdvertiserActiveAction({ id: active.id, active: false })).toEqual(forbidden);
    expect(await archiveAdvertiserAction({ id: inactive.id })).toEqual(forbidden);

    expect(await db.advertiser.findUniqueOrThrow({ where: { id: active.id } })).toEqual(active);
    expect(await db.advertiser.findUniqueOrThrow({ where: { id: inactive.id } })).toEqual(inactive);
    expect(await db.campaign.findUniqueOrThrow({ where: { id: campaign.id } })).toEqual(campaign);
    expect(await db.strategy.findUniqueOrThrow({ where: { id: strategy.id } })).toEqual(strategy);
    expect(await db.activityLog.count()).toBe(0);
    expect(revalidatePath).not.toHaveBeenCalled();
  });
});

describe("validation", () => {
  // [what, field, message, form overrides]
  const cases: [string, string, string, Record<string, unknown>][] = [
    ["blank name", "name", MESSAGES.nameRequired, { name: "  " }],
    ["blank domain", "domain", MESSAGES.domainRequired, { domain: "" }],
    ["domain with http://", "domain", MESSAGES.domainScheme, { domain: "http://example.com" }],
    ["domain with https://", "domain", MESSAGES.domainScheme, { domain: "https://example.com" }],
    ["domain with www", "domain", MESSAGES.domainSubdomain, { domain: "www.example.com" }],
    ["domain with a sub-domain", "domain", MESSAGES.domainSubdomain, { domain: "shop.example.com" }],
    ["sub-domain of a co.uk domain", "domain", MESSAGES.domainSubdomain, { domain: "shop.example.co.uk" }],
    ["a bare public suffix", "domain", MESSAGES.domainInvalid, { domain: "co.uk" }],
    ["domain without a dot", "domain", MESSAGES.domainInvalid, { domain: "example" }],
    ["domain with a path", "domain", MESSAGES.domainInvalid, { domain: "example.com/shop" }],
    ["domain with spaces", "domain", MESSAGES.domainInvalid, { domain: "exa mple.com" }],
    ["blank email", "contactEmail", MESSAGES.emailRequired, { contactEmail: "" }],
    ["email without @", "contactEmail", MESSAGES.emailInvalid, { contactEmail: "ads.acme.com" }],
    ["email with a bad character", "contactEmail", MESSAGES.emailInvalid, { contactEmail: "ads+x@acme.com" }],
    ["email with a 1-letter TLD", "contactEmail", MESSAGES.emailInvalid, { contactEmail: "ads@acme.c" }],
    ["email with an 11-letter TLD", "contactEmail", MESSAGES.emailInvalid, { contactEmail: "ads@acme.abcdefghijk" }],
    ["lower-case currency", "currencyCode", MESSAGES.currencyInvalid, { currencyCode: "usd" }],
    ["blank address", "contactAddress", MESSAGES.addressRequired, { contactAddress: "" }],
    ["blank category", "category", MESSAGES.categoryRequired, { category: "" }],
    ["blank region", "region", MESSAGES.regionRequired, { region: "" }],
    ["blank language", "language", MESSAGES.languageRequired, { language: "" }],
    ["android package without a dot", "androidPhoneBundle", MESSAGES.androidInvalid, { androidPhoneBundle: "acmeshoes" }],
    ["iOS id with letters", "iosPhoneBundle", MESSAGES.iosInvalid, { iosPhoneBundle: "acme123", declaredIosUrl: "https://apps.apple.com/app/id1" }],
    ["no bundle at all", "androidPhoneBundle", MESSAGES.bundleRequired, { androidPhoneBundle: "", declaredAndroidUrl: "" }],
    ["android package without its declared URL", "declaredAndroidUrl", MESSAGES.declaredAndroidUrlRequired, { declaredAndroidUrl: "" }],
    ["declared android URL without a package", "androidPhoneBundle", MESSAGES.androidBundleRequired, { androidPhoneBundle: "", iosPhoneBundle: "id123", declaredIosUrl: "https://apps.apple.com/app/id123" }],
    ["iOS id without its declared URL", "declaredIosUrl", MESSAGES.declaredIosUrlRequired, { iosPhoneBundle: "id123456789" }],
    ["declared iOS URL without an iOS id", "iosPhoneBundle", MESSAGES.iosBundleRequired, { declaredIosUrl: "https://apps.apple.com/app/id1" }],
    ["declared URL that is not a URL", "declaredAndroidUrl", MESSAGES.urlInvalid, { declaredAndroidUrl: "play store" }],
  ];

  test.each(cases)("%s: error on %s, nothing written", async (_what, field, message, overrides) => {
    const { licensee, ctx } = await f.makeTenant();
    const advertiser = await f.makeAdvertiser(licensee.id);
    let error: unknown;
    await updateAdvertiser(ctx, advertiser.id, advertiser.version, f.validAdvertiserInput(overrides)).catch((e) => (error = e));
    expect(error).toBeInstanceOf(z.ZodError);
    const result = toActionError(error);
    expect(result).toMatchObject({ ok: false, status: 400 });
    expect(result.fieldErrors?.[field]).toBe(message);
    expect(await db.advertiser.findUniqueOrThrow({ where: { id: advertiser.id } })).toEqual(advertiser);
    expect(await db.activityLog.count()).toBe(0);
  });

  test("no bundle marks both bundle fields", async () => {
    const { licensee, ctx } = await f.makeTenant();
    const advertiser = await f.makeAdvertiser(licensee.id);
    const e = await updateAdvertiser(ctx, advertiser.id, 1, f.validAdvertiserInput({ androidPhoneBundle: "", declaredAndroidUrl: "" })).catch((x) => x);
    expect(toActionError(e).fieldErrors).toEqual({
      androidPhoneBundle: MESSAGES.bundleRequired,
      iosPhoneBundle: MESSAGES.bundleRequired,
    });
  });

  test.each([
    ["example.co.uk", "example.co.uk"],
    ["Example.COM", "example.com"],
    ["my-shop.com.au", "my-shop.com.au"],
  ])("the domain %s is accepted and stored as %s", async (domain, stored) => {
    const { licensee, ctx } = await f.makeTenant();
    const advertiser = await f.makeAdvertiser(licensee.id);
    const saved = await updateAdvertiser(ctx, advertiser.id, advertiser.version, f.validAdvertiserInput({ domain }));
    expect(saved.domain).toBe(stored);
  });

  test("iOS ids with or without 'id', and an iOS-only advertiser, are accepted", async () => {
    const { licensee, ctx } = await f.makeTenant();
    const advertiser = await f.makeAdvertiser(licensee.id);
    const iosOnly = {
      androidPhoneBundle: "",
      declaredAndroidUrl: "",
      iosPhoneBundle: "id123456789",
      declaredIosUrl: "https://apps.apple.com/app/id123456789",
    };
    const saved = await updateAdvertiser(ctx, advertiser.id, advertiser.version, f.validAdvertiserInput(iosOnly));
    expect(saved).toMatchObject({ androidPhoneBundle: null, declaredAndroidUrl: null, iosPhoneBundle: "id123456789" });
    const again = await updateAdvertiser(ctx, advertiser.id, saved.version, f.validAdvertiserInput({ ...iosOnly, iosPhoneBundle: "123456789" }));
    expect(again.iosPhoneBundle).toBe("123456789");
  });
});

describe("listAdvertisers", () => {
  test("pages, sorts and searches in the database", async () => {
    const { licensee, ctx } = await f.makeTenant();
    for (const name of ["Delta", "Alpha", "Charlie", "Bravo", "Echo"]) await f.makeAdvertiser(licensee.id, { name });
    await f.makeAdvertiser(licensee.id, { name: "Zulu archived", isArchived: true, active: false });

    const page1 = await listAdvertisers(ctx, { page: 1, pageSize: 2 });
    const page3 = await listAdvertisers(ctx, { page: 3, pageSize: 2 });
    expect(page1.total).toBe(5);
    expect(page1.rows.map((r) => r.name)).toEqual(["Alpha", "Bravo"]); // default order: name
    expect(page3.rows).toHaveLength(1);

    const desc = await listAdvertisers(ctx, { sort: { field: "id", direction: "desc" }, pageSize: 10 });
    expect(desc.rows.map((r) => r.name)).toEqual(["Echo", "Bravo", "Charlie", "Alpha", "Delta"]);

    const search = await listAdvertisers(ctx, { search: "ALPHA" });
    expect(search).toMatchObject({ total: 1, rows: [{ name: "Alpha" }] });
    expect((await listAdvertisers(ctx, { search: String(desc.rows[0].id) })).rows.map((r) => r.name)).toContain("Echo");
    expect((await listAdvertisers(ctx, { search: "Zulu" })).total).toBe(0);

    // Unknown sort columns (from a URL) are ignored rather than passed to the database.
    const bogus = await listAdvertisers(ctx, { sort: { field: "contactEmail" as never, direction: "asc" }, pageSize: 0 });
    expect(bogus.rows).toHaveLength(1);
  });
});

describe("server actions", () => {
  test("return the saved advertiser and revalidate the advertiser routes", async () => {
    const { licensee, ctx } = await f.makeTenant();
    const advertiser = await f.makeAdvertiser(licensee.id);
    requireSessionMock.mockResolvedValue(ctx);
    const result = await updateAdvertiserAction({ id: advertiser.id, version: advertiser.version, ...f.validAdvertiserInput({ name: "Via action" }) });
    expect(result).toMatchObject({ ok: true, data: { name: "Via action" } });
    expect(revalidatePath).toHaveBeenCalledWith("/advertiser", "layout");

    expect(await setAdvertiserActiveAction({ id: advertiser.id, active: false })).toMatchObject({ ok: true, data: { advertiser: { active: false } } });
    expect(await archiveAdvertiserAction({ id: advertiser.id })).toMatchObject({ ok: true, data: { advertiser: { isArchived: true } } });
  });

  test("map validation, permission, session and conflict errors to form results", async () => {
    const { licensee, ctx } = await f.makeTenant("RO");
    const advertiser = await f.makeAdvertiser(licensee.id);
    requireSessionMock.mockResolvedValue({ ...ctx, role: "RW" });
    const invalid = await updateAdvertiserAction({ id: advertiser.id, version: advertiser.version, ...f.validAdvertiserInput({ domain: "www.acme.com" }) });
    expect(invalid).toMatchObject({ ok: false, status: 400, fieldErrors: { domain: MESSAGES.domainSubdomain } });
    expect(await archiveAdvertiserAction({ id: advertiser.id })).toEqual({
      ok: false,
      status: 409,
      formError: ADVERTISER_MESSAGES.archiveWhileActive,
    });

    requireSessionMock.mockResolvedValue(ctx);
    expect(await setAdvertiserActiveAction({ id: advertiser.id, active: false })).toEqual({
      ok: false,
      status: 403,
      formError: new ForbiddenError().message,
    });
    requireSessionMock.mockRejectedValue(new UnauthenticatedError());
    expect(await setAdvertiserActiveAction({ id: advertiser.id, active: false })).toMatchObject({ ok: false, status: 401 });
    expect(await db.activityLog.count()).toBe(0);
  });

  test("an unexpected error is logged and answered with the generic message, without details", async () => {
    const logError = jest.spyOn(log, "error").mockImplementation(() => {});
    requireSessionMock.mockRejectedValue(new Error("connection refused at 10.0.0.5"));
    const result = await archiveAdvertiserAction({ id: 1 });
    expect(result).toEqual({ ok: false, status: 500, formError: SERVER_ERROR_MESSAGE });
    expect(JSON.stringify(result)).not.toContain("10.0.0.5");
    expect(logError).toHaveBeenCalledWith("server action failed", expect.objectContaining({ action: "advertiser.archive" }));
    logError.mockRestore();
  });
});
