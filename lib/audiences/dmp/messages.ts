// Partner-data (DMP) access of an advertiser (business.md 4 "A check call
// tells whether an advertiser has partner-data (DMP) access; failure means no
// access", 7 "access check (GET, reads isDmpAccess)"). Client-safe.
//
// Where it lives: an advertiser setting (AdvertiserSetting key IS_DMP_ACCESS,
// type BOOLEAN, value "true"), because access is granted per advertiser (the
// partner's data contract), as the other per-advertiser switches
// (EVENT_FILTER_ALLOWED) are. No row, any other value, or a failed read: no access.
export const DMP_ACCESS_SETTING = "IS_DMP_ACCESS";

export const DMP_ACCESS_MESSAGES = {
  noAccess: "This advertiser has no partner-data (DMP) access",
} as const;

export interface DmpAccess {
  advertiserId: number;
  isDmpAccess: boolean;
}
