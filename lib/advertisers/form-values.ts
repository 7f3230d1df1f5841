// Starting values of the advertiser form: empty for a new advertiser, the
// stored values for an edit. Client-safe (no server imports).
import { dynamicVideoFormValues, DYNAMIC_VIDEO_DEFAULTS } from "./dynamic-video";
import { DEFAULT_ADVERTISER_LOGO } from "./options";
import type { AdvertiserDetails } from "./queries";
import type { AdvertiserUpdateInput } from "./schema";
import type { DynamicVideoInput } from "./dynamic-video";

/** What the form holds: the schema's input, with the dynamic video block always present. */
export type AdvertiserFormValues = Omit<AdvertiserUpdateInput, "dynamicVideo"> & { dynamicVideo: DynamicVideoInput };

export function newAdvertiserFormValues(currencyCode: string): AdvertiserFormValues {
  return {
    name: "",
    domain: "",
    category: "",
    subCategory: "",
    currencyCode,
    language: "en",
    region: "",
    timezoneId: 805,
    contactEmail: "",
    contactAddress: "",
    androidPhoneBundle: "",
    iosPhoneBundle: "",
    declaredWebUrl: "",
    declaredAndroidUrl: "",
    declaredIosUrl: "",
    isDirect: true,
    androidDeeplink: "",
    iosDeeplink: "",
    mmp: "",
    logoUrl: DEFAULT_ADVERTISER_LOGO,
    cohortEnabled: false,
    exchangeRate: "1",
    cohortCurrencyCode: "USD",
    dynamicVideoEnabled: false,
    dynamicVideo: { ...DYNAMIC_VIDEO_DEFAULTS },
  };
}

export function advertiserFormValues(a: AdvertiserDetails): AdvertiserFormValues {
  return {
    name: a.name,
    domain: a.domain,
    category: a.category,
    subCategory: a.subCategory ?? "",
    currencyCode: a.currencyCode,
    language: a.language,
    region: a.region,
    timezoneId: a.timezoneId,
    contactEmail: a.contactEmail,
    contactAddress: a.contactAddress,
    androidPhoneBundle: a.androidPhoneBundle ?? "",
    iosPhoneBundle: a.iosPhoneBundle ?? "",
    declaredWebUrl: a.declaredWebUrl ?? "",
    declaredAndroidUrl: a.declaredAndroidUrl ?? "",
    declaredIosUrl: a.declaredIosUrl ?? "",
    isDirect: a.isDirect,
    androidDeeplink: a.androidDeeplink ?? "",
    iosDeeplink: a.iosDeeplink ?? "",
    mmp: a.mmp ?? "",
    logoUrl: a.logoUrl ?? DEFAULT_ADVERTISER_LOGO,
    cohortEnabled: a.cohortEnabled,
    exchangeRate: a.exchangeRate,
    cohortCurrencyCode: a.cohortCurrencyCode,
    dynamicVideoEnabled: a.dynamicVideoEnabled,
    dynamicVideo: dynamicVideoFormValues(a.dynamicVideo),
  };
}
