// What the simulator reads of a strategy (filled by ./simulate-inputs.ts):
// a module of its own, so the simulator and its budget and trait helpers
// share the type without importing each other.
import type { DeliveryRow } from "./schema";

export type SimulatedDevice = Exclude<DeliveryRow["device"], "">;
export type SimulatedObjective = "MOBILE_APP_INSTALLS" | "MOBILE_APP_ENGAGEMENT" | "WEBSITE" | "BRAND_AWARENESS" | (string & {});

export interface SimulatedStrategy {
  id: number;
  campaignId: number;
  advertiserId: number;
  objective: SimulatedObjective;
  /** Connected TV (strategy type CTV_OTT): low volume, low CTR, video on every impression. */
  ctv: boolean;
  /** Its creatives are videos: quartiles are counted. */
  video: boolean;
  skad: boolean;
  creativeIds: number[];
  /** Where it may deliver; an hour goes to one of them (apps, else sites; both: either). */
  appIds: number[];
  siteIds: number[];
  aggregatorIds: number[];
  /** ISO alpha-2 codes; empty: unknown ("" in the rows). */
  countries: string[];
  devices: SimulatedDevice[];
  startTime: Date;
  /** No delivery from here on (end of schedule, paused, archived); null: open-ended. */
  endTime: Date | null;
  /** Hours of the week (Monday 00:00 local = 0 .. Sunday 23:00 = 167) it may run; null: all. */
  daypart: boolean[] | null;
  /** The advertiser's standard time against UTC, for the evening peak and the daypart. */
  utcOffsetHours: number;
  pricingType: string;
  /** Decimal text; Margin and Rev share as a fraction (0.3). */
  pricingValue: string;
  budgets: SimulatedBudgets;
}

/** Adv Spend limits, decimal text or null (unlimited); daily ones per UTC day. */
export interface SimulatedBudgets {
  /** The strategy's lifetime budget (budgetValue). */
  lifetime: string | null;
  /** The strategy's daily advertiser spend budget. */
  daily: string | null;
  /** Its pacing: EVEN spreads the daily budget over the hours (daily / 24 an hour), ASAP spends it as delivery comes. */
  pacing: "EVEN" | "ASAP";
  /** The campaign's lifetime budget and daily advertiser spend budget, shared by its strategies. */
  campaignLifetime: string | null;
  campaignDaily: string | null;
}
