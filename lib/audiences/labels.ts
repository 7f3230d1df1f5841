// Texts and ids of the audience enumerations (business.md 3, 9), shared by the
// list, the form and the details page. Pure: safe in client components.
export const AUDIENCE_SOURCES = ["WEBSITE", "MOBILE", "DMP", "LOOK_ALIKE"] as const;
export type AudienceSourceValue = (typeof AUDIENCE_SOURCES)[number];
export const AUDIENCE_KINDS = ["MMP_RULE", "CRM", "IP_BACKFILL"] as const;
export type AudienceKindValue = (typeof AUDIENCE_KINDS)[number];
export const DEVICE_IDENTIFIERS = ["ADID", "IP"] as const;
export const CONSENT_TYPES = ["BOTH", "OPTED_IN", "OPTED_OUT"] as const;

export const SOURCE_LABELS: Record<AudienceSourceValue, string> = { WEBSITE: "Website", MOBILE: "Mobile", DMP: "DMP", LOOK_ALIKE: "Look Alike" };
/** business.md 9: audience objective values. */
export const SOURCE_OBJECTIVE_IDS: Record<AudienceSourceValue, number> = { WEBSITE: 2, MOBILE: 1, DMP: 3, LOOK_ALIKE: 6 };
export const KIND_LABELS: Record<AudienceKindValue, string> = { MMP_RULE: "MMP postback / Rule based", CRM: "CRM", IP_BACKFILL: "IP backfill" };
export const DEVICE_IDENTIFIER_LABELS: Record<(typeof DEVICE_IDENTIFIERS)[number], string> = { ADID: "ADID", IP: "IP" };
export const CONSENT_TYPE_LABELS: Record<(typeof CONSENT_TYPES)[number], string> = { BOTH: "Both", OPTED_IN: "Opted in", OPTED_OUT: "Opted out" };
/** business.md 3: OS type ids. */
export const OS_TYPES = [
  { id: 3, label: "iOS" },
  { id: 4, label: "Android" },
] as const;
export const osTypeLabel = (id: number | null) => OS_TYPES.find((o) => o.id === id)?.label ?? "-";

/** shell.md 2.6: the list's `type` query values and the source each one lists. */
export const AUDIENCE_TYPE_PARAMS: Record<string, AudienceSourceValue> = { app: "MOBILE", web: "WEBSITE", dmp: "DMP", lal: "LOOK_ALIKE" };

/** The source of a list URL's `type` (none or unknown: every source). */
export function sourceOfTypeParam(type: string | null | undefined): AudienceSourceValue | null {
  return type && Object.hasOwn(AUDIENCE_TYPE_PARAMS, type) ? AUDIENCE_TYPE_PARAMS[type] : null;
}

/** The activity log type of each source (lib/audiences/entity.ts declares them). */
export const SOURCE_ACTIVITY_TYPES: Record<AudienceSourceValue, string> = {
  WEBSITE: "WEB_AUDIENCE",
  MOBILE: "APP_AUDIENCE",
  DMP: "DMP_AUDIENCE",
  LOOK_ALIKE: "LAL_AUDIENCE",
};
