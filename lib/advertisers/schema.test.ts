// Every advertiser rule of business.md 5 with its message (the form and the
// server action share this schema).
import { AdvertiserUpdateSchema, MESSAGES, domainProblem } from "./schema";
import { DYNAMIC_VIDEO_DEFAULTS, DYNAMIC_VIDEO_MESSAGES } from "./dynamic-video";
import { newAdvertiserFormValues } from "./form-values";
import { firstErrors } from "@/tests/helpers/schema-errors";

const valid = (over: Record<string, unknown> = {}) => ({
  ...newAdvertiserFormValues("USD"),
  name: "Acme Shoes",
  domain: "acme.com",
  category: "Shopping",
  region: "Europe",
  contactEmail: "ads@acme.com",
  contactAddress: "2 High Street, London",
  androidPhoneBundle: "com.acme.shoes",
  declaredAndroidUrl: "https://play.google.com/store/apps/details?id=com.acme.shoes",
  mmp: "AppsFlyer",
  dynamicVideo: null,
  ...over,
});

/** Field path -> first message. */
const errorsOf = (input: unknown) => firstErrors(AdvertiserUpdateSchema, input);

test("a complete advertiser is valid and normalised", () => {
  const parsed = AdvertiserUpdateSchema.parse(valid({ domain: "Acme.COM", subCategory: "", exchangeRate: "1.080000" }));
  expect(parsed).toMatchObject({ domain: "acme.com", subCategory: null, iosPhoneBundle: null, exchangeRate: "1.08", dynamicVideo: null });
});

test.each([
  ["name", { name: "  " }, MESSAGES.nameRequired],
  ["domain", { domain: "" }, MESSAGES.domainRequired],
  ["domain", { domain: "https://acme.com" }, MESSAGES.domainScheme],
  ["domain", { domain: "www.acme.com" }, MESSAGES.domainSubdomain],
  ["domain", { domain: "acme" }, MESSAGES.domainInvalid],
  ["category", { category: "" }, MESSAGES.categoryRequired],
  ["region", { region: "" }, MESSAGES.regionRequired],
  ["currencyCode", { currencyCode: "" }, MESSAGES.currencyRequired],
  ["currencyCode", { currencyCode: "ABC" }, MESSAGES.currencyInvalid],
  ["currencyCode", { currencyCode: "usd" }, MESSAGES.currencyInvalid],
  ["language", { language: "" }, MESSAGES.languageRequired],
  ["timezoneId", { timezoneId: "" }, MESSAGES.timezoneRequired],
  ["contactEmail", { contactEmail: "" }, MESSAGES.emailRequired],
  ["contactEmail", { contactEmail: "ads@acme" }, MESSAGES.emailInvalid],
  ["contactAddress", { contactAddress: "" }, MESSAGES.addressRequired],
  ["androidPhoneBundle", { androidPhoneBundle: "acmeshoes" }, MESSAGES.androidInvalid],
  ["iosPhoneBundle", { iosPhoneBundle: "acme.ios", declaredIosUrl: "https://apps.apple.com/app/id1" }, MESSAGES.iosInvalid],
  ["androidPhoneBundle", { androidPhoneBundle: "", declaredAndroidUrl: "" }, MESSAGES.bundleRequired],
  ["iosPhoneBundle", { androidPhoneBundle: "", declaredAndroidUrl: "" }, MESSAGES.bundleRequired],
  ["declaredAndroidUrl", { declaredAndroidUrl: "" }, MESSAGES.declaredAndroidUrlRequired],
  ["androidPhoneBundle", { androidPhoneBundle: "", iosPhoneBundle: "id123", declaredIosUrl: "https://apps.apple.com/app/id123" }, MESSAGES.androidBundleRequired],
  ["declaredIosUrl", { iosPhoneBundle: "id123456" }, MESSAGES.declaredIosUrlRequired],
  ["iosPhoneBundle", { declaredIosUrl: "https://apps.apple.com/app/id1" }, MESSAGES.iosBundleRequired],
  ["declaredWebUrl", { declaredWebUrl: "acme.com" }, MESSAGES.urlInvalid],
  ["androidDeeplink", { androidDeeplink: "open the app" }, MESSAGES.deeplinkInvalid],
  ["mmp", { mmp: "" }, MESSAGES.mmpRequired],
  ["logoUrl", { logoUrl: "" }, MESSAGES.logoRequired],
  ["exchangeRate", { exchangeRate: "0" }, MESSAGES.exchangeRateInvalid],
  ["exchangeRate", { exchangeRate: "1.1234567" }, MESSAGES.exchangeRateInvalid],
  ["cohortCurrencyCode", { cohortCurrencyCode: "XYZ" }, MESSAGES.currencyInvalid],
])("%s: %j -> %s", (field, over, message) => {
  expect(errorsOf(valid(over))[field]).toBe(message);
});

test("a bundle-free, URL-free advertiser reports the bundle rule on both fields at once", () => {
  const errors = errorsOf(valid({ androidPhoneBundle: "", declaredAndroidUrl: "", name: "" }));
  expect(errors).toMatchObject({ name: MESSAGES.nameRequired, androidPhoneBundle: MESSAGES.bundleRequired, iosPhoneBundle: MESSAGES.bundleRequired });
});

test("domains: registrable two-level suffixes are accepted, sub-domains of them refused", () => {
  expect(domainProblem("shop.co.uk")).toBeNull();
  expect(domainProblem("www.shop.co.uk")).toBe(MESSAGES.domainSubdomain);
  expect(domainProblem("co.uk")).toBe(MESSAGES.domainInvalid);
  expect(domainProblem("acme.com/path")).toBe(MESSAGES.domainInvalid);
});

describe("dynamic video ads", () => {
  const on = (video: Record<string, unknown>) => valid({ dynamicVideoEnabled: true, dynamicVideo: { ...DYNAMIC_VIDEO_DEFAULTS, templateId: "tpl-1", ...video } });

  test("defaults: CTA 'Shop Now', title length 30, round price 0", () => {
    expect(AdvertiserUpdateSchema.parse(on({})).dynamicVideo).toMatchObject({ templateId: "tpl-1", cta: "Shop Now", titleLength: 30, roundPrice: 0 });
  });

  test.each([
    ["dynamicVideo.templateId", { templateId: "" }, DYNAMIC_VIDEO_MESSAGES.templateIdRequired],
    ["dynamicVideo.cta", { cta: " " }, DYNAMIC_VIDEO_MESSAGES.ctaRequired],
    ["dynamicVideo.titleLength", { titleLength: "0" }, DYNAMIC_VIDEO_MESSAGES.titleLengthInvalid],
    ["dynamicVideo.titleLength", { titleLength: "12.5" }, DYNAMIC_VIDEO_MESSAGES.titleLengthInvalid],
    ["dynamicVideo.roundPrice", { roundPrice: "5" }, DYNAMIC_VIDEO_MESSAGES.roundPriceInvalid],
    ["dynamicVideo.videoFile", { videoFile: "video.mp4" }, DYNAMIC_VIDEO_MESSAGES.urlInvalid],
  ])("%s: %j -> %s", (field, video, message) => {
    expect(errorsOf(on(video))[field]).toBe(message);
  });

  test("switched on without settings asks for the template id", () => {
    expect(errorsOf(valid({ dynamicVideoEnabled: true, dynamicVideo: null }))["dynamicVideo.templateId"]).toBe(MESSAGES.templateIdRequired);
  });

  test("switched off, every dynamic video setting is dropped", () => {
    const parsed = AdvertiserUpdateSchema.parse(valid({ dynamicVideoEnabled: false, dynamicVideo: { ...DYNAMIC_VIDEO_DEFAULTS, templateId: "tpl-1" } }));
    expect(parsed.dynamicVideo).toBeNull();
  });
});
