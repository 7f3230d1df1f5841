// Creating and editing advertisers with every field of business.md 3: the new
// advertiser, its default logo in the library and its activity row commit
// together; bad input and read-only users change nothing.
import "../helpers/action-session";
import { db } from "@/lib/db";
import { ForbiddenError } from "@/lib/errors";
import { toActionError } from "@/lib/actions/server-result";
import { createAdvertiser, updateAdvertiser, ADVERTISER_MESSAGES } from "@/lib/advertisers/mutations";
import { scopeOf } from "@/lib/data/scope";
import { createAdvertiserAction } from "@/lib/advertisers/actions";
import { requireSessionMock } from "../helpers/session-mock";
import { DEFAULT_ADVERTISER_LOGO } from "@/lib/advertisers/options";
import { getCohortInfo, COHORT_FALLBACK } from "@/lib/advertisers/cohort";
import { useTestDatabase } from "../helpers/db";
import * as f from "../helpers/factories";

useTestDatabase();

beforeEach(async () => {
  await db.timezone.createMany({
    data: [
      { id: 805, name: "(GMT+00:00) UTC", ianaName: "UTC" },
      { id: 814, name: "(GMT+05:30) Asia/Kolkata", ianaName: "Asia/Kolkata" },
    ],
  });
});

const video = { templateId: "tpl-7", logo: "", salePricePrefix: "Now", originalPricePrefix: "Was", cta: "Buy", titleLength: "40", discountSuffix: "% off", font: "Inter", roundPrice: "2", musicFile: "", videoFile: "" };

test("create stores every field, starts active with the default logo in its library, and logs one CREATE row", async () => {
  const { ctx } = await f.makeTenant("RW");
  const created = await createAdvertiser(scopeOf(ctx),
    f.validAdvertiserInput({ isDirect: false, iosPhoneBundle: "id1234567", declaredIosUrl: "https://apps.apple.com/app/id1234567", androidDeeplink: "acme://open", cohortEnabled: true, exchangeRate: "0.920000", cohortCurrencyCode: "EUR", dynamicVideoEnabled: true, dynamicVideo: video, timezoneId: 814 }),
  );
  expect(created).toMatchObject({
    name: "Acme Shoes",
    active: true,
    isArchived: false,
    isDirect: false,
    mmp: "AppsFlyer",
    logoUrl: DEFAULT_ADVERTISER_LOGO,
    exchangeRate: "0.92",
    cohortCurrencyCode: "EUR",
    timezoneId: 814,
    dynamicVideo: { templateId: "tpl-7", cta: "Buy", titleLength: 40, roundPrice: 2 },
    version: 1,
  });
  const library = await db.appSetting.findMany({ where: { advertiserId: created.id } });
  expect(library.map((s) => [s.key, s.value, s.active])).toEqual([["DEFAULT_LOGO", DEFAULT_ADVERTISER_LOGO, true]]);
  const logs = await db.activityLog.findMany({ include: { fields: true } });
  expect(logs.map((l) => [l.action, l.entityType, l.entityId])).toEqual([["CREATE", "ADVERTISER", created.id]]);
  expect(logs[0].fields.find((x) => x.fieldName === "name")).toMatchObject({ oldValue: null, newValue: "Acme Shoes" });
  expect(await getCohortInfo(ctx, created.id)).toEqual({ isCohortEnabled: true, exchangeRate: "0.92", currencyCode: "EUR" });
});

test("bad input is reported per field and creates nothing", async () => {
  const { ctx } = await f.makeTenant("RW");
  const e = await createAdvertiser(scopeOf(ctx), f.validAdvertiserInput({ domain: "http://acme.com", contactEmail: "nope", mmp: "" })).catch((x) => x);
  expect(toActionError(e)).toMatchObject({ status: 400, fieldErrors: { domain: expect.any(String), contactEmail: expect.any(String), mmp: "MMP is required" } });
  expect(await db.advertiser.count()).toBe(0);
  expect(await db.activityLog.count()).toBe(0);
});

test("an unknown timezone or a logo that is not in the library is refused beside its field", async () => {
  const { licensee, ctx } = await f.makeTenant("RW");
  const tz = await createAdvertiser(scopeOf(ctx), f.validAdvertiserInput({ timezoneId: 999 })).catch((x) => x);
  expect(toActionError(tz).fieldErrors).toEqual({ timezoneId: ADVERTISER_MESSAGES.timezoneUnknown });
  const logo = await createAdvertiser(scopeOf(ctx), f.validAdvertiserInput({ logoUrl: "https://evil.example/logo.png" })).catch((x) => x);
  expect(toActionError(logo).fieldErrors).toEqual({ logoUrl: ADVERTISER_MESSAGES.logoUnknown });
  expect(await db.advertiser.count()).toBe(0);

  // A logo of the advertiser's own library is accepted; another advertiser's is not.
  const advertiser = await f.makeAdvertiser(licensee.id);
  const other = await f.makeAdvertiser(licensee.id);
  const own = "/api/files/own-logo.png";
  const foreign = "/api/files/foreign-logo.png";
  await db.appSetting.createMany({
    data: [
      { licenseeId: licensee.id, advertiserId: advertiser.id, key: "LOGO_LINK", value: own, name: "own-logo.png" },
      { licenseeId: licensee.id, advertiserId: other.id, key: "LOGO_LINK", value: foreign, name: "foreign-logo.png" },
    ],
  });
  const refused = await updateAdvertiser(scopeOf(ctx), advertiser.id, advertiser.version, f.validAdvertiserInput({ logoUrl: foreign })).catch((x) => x);
  expect(toActionError(refused).fieldErrors).toEqual({ logoUrl: ADVERTISER_MESSAGES.logoUnknown });
  const saved = await updateAdvertiser(scopeOf(ctx), advertiser.id, advertiser.version, f.validAdvertiserInput({ logoUrl: own }));
  expect(saved.logoUrl).toBe(own);
});

test("turning dynamic video off removes all its settings, and the activity row shows them going", async () => {
  const { ctx } = await f.makeTenant("RW");
  const created = await createAdvertiser(scopeOf(ctx), f.validAdvertiserInput({ dynamicVideoEnabled: true, dynamicVideo: video }));
  const off = await updateAdvertiser(scopeOf(ctx), created.id, created.version, f.validAdvertiserInput({ dynamicVideoEnabled: false, dynamicVideo: video }));
  expect(off).toMatchObject({ dynamicVideoEnabled: false, dynamicVideo: null, version: 2 });
  const row = await db.advertiser.findUniqueOrThrow({ where: { id: created.id } });
  expect(row.dynamicVideo).toBeNull();
  const update = await db.activityLog.findFirstOrThrow({ where: { action: "UPDATE" }, include: { fields: true } });
  expect(update.fields.map((x) => x.fieldName).sort()).toEqual(["dynamicVideo", "dynamicVideoEnabled"]);
  expect(update.fields.find((x) => x.fieldName === "dynamicVideo")?.newValue).toBeNull();
});

test("read-only and demo users cannot create; nothing is written", async () => {
  for (const role of ["RO", "DEMO"] as const) {
    const { ctx } = await f.makeTenant(role);
    requireSessionMock.mockResolvedValue(ctx);
    expect(await createAdvertiserAction(f.validAdvertiserInput())).toMatchObject({ ok: false, status: 403, formError: new ForbiddenError().message });
  }
  expect(await db.advertiser.count()).toBe(0);
  expect(await db.activityLog.count()).toBe(0);
});

test("cohort info of an unknown or foreign advertiser is the spec's fallback", async () => {
  const a = await f.makeTenant("RW");
  const b = await f.makeTenant("RW");
  const foreign = await f.makeAdvertiser(b.licensee.id, { cohortEnabled: true });
  expect(await getCohortInfo(a.ctx, foreign.id)).toEqual(COHORT_FALLBACK);
  expect(COHORT_FALLBACK).toEqual({ isCohortEnabled: false, exchangeRate: "1", currencyCode: "USD" });
});
