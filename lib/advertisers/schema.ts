// Advertiser validation (business.md 5), shared by the edit form (client-side
// via @hookform/resolvers) and the server mutation, so both give the same
// messages on the same fields. Kept free of server imports for that reason.
//
// To extend: add fields to AdvertiserFieldsSchema's shape, and cross-field
// rules to refineAdvertiser; ADVERTISER_UPDATE_FIELDS follows automatically.
import { z } from "../validation/z";
import { currencyCodes } from "./options";
import { DynamicVideoSchema } from "./dynamic-video";
import { EMAIL_RE } from "../validation/email";

/**
 * Public suffixes of two labels: `example.co.uk` is a registrable domain, not
 * a sub-domain of `co.uk`. Not the full Public Suffix List (no network access,
 * and the spec only asks to refuse sub-domains): the common commercial ones.
 */
export const TWO_LEVEL_SUFFIXES: ReadonlySet<string> = new Set([
  "co.uk", "org.uk", "me.uk", "ltd.uk", "plc.uk", "ac.uk", "gov.uk",
  "com.au", "net.au", "org.au", "co.nz", "org.nz",
  "co.in", "net.in", "org.in", "firm.in",
  "co.jp", "ne.jp", "or.jp",
  "com.br", "net.br", "org.br",
  "co.za", "com.mx", "com.ar", "com.co", "com.sg", "com.my", "com.ph",
  "com.hk", "com.tw", "com.cn", "co.kr", "co.id", "co.th", "com.vn",
  "com.tr", "com.sa", "com.eg", "com.ng", "co.il",
]);

const LABEL_RE = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
const TLD_RE = /^(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/; // letters, or an IDN in punycode
/** Android applicationId: two or more segments, each starting with a letter. */
export const ANDROID_BUNDLE_RE = /^[A-Za-z][A-Za-z0-9_]*(\.[A-Za-z][A-Za-z0-9_]*)+$/;
/** iOS App Store id: digits, optionally prefixed by "id" (id123456789). */
export const IOS_BUNDLE_RE = /^(id)?\d+$/;

export const MESSAGES = {
  nameRequired: "Name is required",
  domainRequired: "Domain is required",
  domainScheme: "Enter the domain without http:// or https://",
  domainInvalid: "Enter a valid domain, e.g. example.com",
  domainSubdomain: "Enter the domain without a sub-domain, e.g. example.com instead of www.example.com",
  emailRequired: "Email is required",
  emailInvalid: "Please enter a valid email",
  addressRequired: "Address is required",
  categoryRequired: "Category is required",
  regionRequired: "Region is required",
  currencyRequired: "Currency is required",
  currencyInvalid: "Currency must be a valid ISO 4217 code, e.g. USD",
  languageRequired: "Language is required",
  timezoneRequired: "Timezone is required",
  androidInvalid: "Enter a valid Android package name with at least one dot, e.g. com.example.app",
  iosInvalid: "Enter a valid iOS app id: digits, optionally after 'id', e.g. id123456789",
  bundleRequired: "Enter an Android package name or an iOS app id",
  urlInvalid: "Enter a valid URL starting with http:// or https://",
  declaredAndroidUrlRequired: "Declared Android URL is required when an Android package name is set",
  androidBundleRequired: "Android package name is required when a declared Android URL is set",
  declaredIosUrlRequired: "Declared iOS URL is required when an iOS app id is set",
  iosBundleRequired: "iOS app id is required when a declared iOS URL is set",
  mmpRequired: "MMP is required",
  logoRequired: "Logo is required",
  deeplinkInvalid: "Enter a valid deeplink, e.g. myapp://open",
  exchangeRateInvalid: "Exchange rate must be a positive number with at most 6 decimals",
  templateIdRequired: "Template id is required",
} as const;

/** Why a domain is refused, or null when it is acceptable. */
export function domainProblem(raw: string): string | null {
  const value = raw.trim().toLowerCase();
  if (/^[a-z][a-z0-9+.-]*:\/\//.test(value)) return MESSAGES.domainScheme;
  if (/[/?#:@\s]/.test(value)) return MESSAGES.domainInvalid; // a path, port or credentials
  const labels = value.split(".");
  if (labels.length < 2 || !labels.every((l) => LABEL_RE.test(l)) || !TLD_RE.test(labels[labels.length - 1])) {
    return MESSAGES.domainInvalid;
  }
  const lastTwo = labels.slice(-2).join(".");
  if (labels.length === 2) return TWO_LEVEL_SUFFIXES.has(lastTwo) ? MESSAGES.domainInvalid : null; // "co.uk" alone
  if (labels.length === 3 && TWO_LEVEL_SUFFIXES.has(lastTwo)) return null;
  return MESSAGES.domainSubdomain;
}

// Form fields arrive as strings; blanks are "not given". Required text is
// trimmed and must be non-empty; optional text becomes null when blank so the
// database never stores "" for "none".
const requiredText = (message: string, max = 255) =>
  z.string({ error: message }).trim().min(1, message).max(max, `At most ${max} characters`);

const optionalText = (max = 255) =>
  z
    .string()
    .trim()
    .max(max, `At most ${max} characters`)
    .nullish()
    .transform((v) => (v ? v : null));

const optionalUrl = () =>
  optionalText(2048).refine((v) => v === null || isHttpUrl(v), MESSAGES.urlInvalid);

const optionalDeeplink = () =>
  optionalText(2048).refine((v) => v === null || /^[A-Za-z][A-Za-z0-9+.-]*:\/\/\S*$/.test(v), MESSAGES.deeplinkInvalid);

function currencyCode() {
  return z
    .string({ error: MESSAGES.currencyRequired })
    .trim()
    .min(1, MESSAGES.currencyRequired)
    .refine((v) => /^[A-Z]{3}$/.test(v) && currencyCodes().includes(v), MESSAGES.currencyInvalid);
}

/** "1.080000" and "1.08" are the same rate: store and compare one spelling. */
function canonicalDecimal(v: string): string {
  return v.includes(".") ? v.replace(/0+$/, "").replace(/\.$/, "") : v.replace(/^0+(?=\d)/, "");
}

export function isHttpUrl(value: string): boolean {
  try {
    const u = new URL(value);
    return (u.protocol === "http:" || u.protocol === "https:") && u.hostname.includes(".");
  } catch {
    return false;
  }
}

export const AdvertiserFieldsSchema = z.object({
  name: requiredText(MESSAGES.nameRequired),
  domain: requiredText(MESSAGES.domainRequired)
    .transform((v) => v.toLowerCase())
    .superRefine((v, ctx) => {
      const problem = v ? domainProblem(v) : null;
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    }),
  category: requiredText(MESSAGES.categoryRequired),
  subCategory: optionalText(),
  currencyCode: currencyCode(),
  language: requiredText(MESSAGES.languageRequired),
  region: requiredText(MESSAGES.regionRequired),
  timezoneId: z.coerce
    .number({ error: MESSAGES.timezoneRequired })
    .int(MESSAGES.timezoneRequired)
    .positive(MESSAGES.timezoneRequired),
  contactEmail: requiredText(MESSAGES.emailRequired, 254).regex(EMAIL_RE, MESSAGES.emailInvalid),
  contactAddress: requiredText(MESSAGES.addressRequired, 1000),
  androidPhoneBundle: optionalText().refine((v) => v === null || ANDROID_BUNDLE_RE.test(v), MESSAGES.androidInvalid),
  iosPhoneBundle: optionalText().refine((v) => v === null || IOS_BUNDLE_RE.test(v), MESSAGES.iosInvalid),
  declaredWebUrl: optionalUrl(),
  declaredAndroidUrl: optionalUrl(),
  declaredIosUrl: optionalUrl(),
  isDirect: z.boolean().default(true),
  androidDeeplink: optionalDeeplink(),
  iosDeeplink: optionalDeeplink(),
  mmp: requiredText(MESSAGES.mmpRequired, 64),
  logoUrl: requiredText(MESSAGES.logoRequired, 2048),
  cohortEnabled: z.boolean().default(false),
  exchangeRate: z
    .union([z.string(), z.number()])
    .default("1")
    .transform((v) => String(v).trim())
    .refine((v) => /^\d{1,12}(\.\d{1,6})?$/.test(v) && Number(v) > 0, MESSAGES.exchangeRateInvalid)
    .transform(canonicalDecimal),
  cohortCurrencyCode: currencyCode().default("USD"),
  dynamicVideoEnabled: z.boolean().default(false),
  dynamicVideo: DynamicVideoSchema.nullish().transform((v) => v ?? null),
});

type AdvertiserFieldValues = Partial<z.output<typeof AdvertiserFieldsSchema>>;

/**
 * Rules between fields. Runs even when single fields failed (see `when`
 * below), so the user sees every problem at once; values may therefore be
 * missing or unparsed here, which is why only their presence is tested.
 */
export function refineAdvertiser(v: AdvertiserFieldValues, ctx: z.RefinementCtx) {
  const android = !!v.androidPhoneBundle;
  const ios = !!v.iosPhoneBundle;
  if (!android && !ios) {
    ctx.addIssue({ code: "custom", path: ["androidPhoneBundle"], message: MESSAGES.bundleRequired });
    ctx.addIssue({ code: "custom", path: ["iosPhoneBundle"], message: MESSAGES.bundleRequired });
  }
  if (android && !v.declaredAndroidUrl) {
    ctx.addIssue({ code: "custom", path: ["declaredAndroidUrl"], message: MESSAGES.declaredAndroidUrlRequired });
  }
  if (!android && v.declaredAndroidUrl) {
    ctx.addIssue({ code: "custom", path: ["androidPhoneBundle"], message: MESSAGES.androidBundleRequired });
  }
  if (ios && !v.declaredIosUrl) {
    ctx.addIssue({ code: "custom", path: ["declaredIosUrl"], message: MESSAGES.declaredIosUrlRequired });
  }
  if (!ios && v.declaredIosUrl) {
    ctx.addIssue({ code: "custom", path: ["iosPhoneBundle"], message: MESSAGES.iosBundleRequired });
  }
  if (v.dynamicVideoEnabled && !v.dynamicVideo) {
    ctx.addIssue({ code: "custom", path: ["dynamicVideo", "templateId"], message: MESSAGES.templateIdRequired });
  }
}

/** zod skips refinements after a missing field by default; an object is enough for ours. */
export const crossFieldWhen = {
  when: (payload: { value: unknown }) => typeof payload.value === "object" && payload.value !== null,
};

export const AdvertiserUpdateSchema = AdvertiserFieldsSchema.superRefine(refineAdvertiser, crossFieldWhen).transform((v) => ({
  ...v,
  // Dynamic video off: none of its settings are kept (business.md 4).
  dynamicVideo: v.dynamicVideoEnabled ? v.dynamicVideo : null,
}));

/** What the edit form holds (strings, nulls) and what the server stores after parsing. */
export type AdvertiserUpdateInput = z.input<typeof AdvertiserUpdateSchema>;
export type AdvertiserUpdate = z.output<typeof AdvertiserUpdateSchema>;

/** The columns an update may change; also the fields its activity row compares. */
export const ADVERTISER_UPDATE_FIELDS = AdvertiserFieldsSchema.keyof().options;
export type AdvertiserUpdateField = (typeof ADVERTISER_UPDATE_FIELDS)[number];
