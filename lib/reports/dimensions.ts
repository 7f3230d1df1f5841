// The dimensions a report can group and filter by, client-safe.
// Each maps to a column of the delivery facts (DeliveryHourly) or to what
// they name; lib/reports/sql.ts renders them. Honest mappings:
// - creativeSet: the sets holding the fact's creative (CreativeSetCreative).
//   Facts do not say through which set a creative was served, so a creative
//   in two sets counts in both rows (the totals count it once).
// - os: the app's platform (ANDROID, IOS); web and CTV delivery has none ("").
// - placement: where the ad ran, from the fact: CTV (device CTV), APP (an
//   app), SITE (a site), "" otherwise. Strategy placements are not stored per fact.
// - bidBand: the band of the strategy's max bid (bid cap). Delivery keeps no
//   price per bid, so bids cannot be banded by their own price; "" = no cap.
// - inventory ("Site / App"): one dimension over both, keyed "app:<id>" or "site:<id>".
// Time dimensions (date, hour, week, month) are days of the report's
// timezone; they are grouped by, never filtered on (the date range does that).

export const TIME_DIMENSIONS = ["date", "hour", "week", "month"] as const;
export const ENTITY_DIMENSIONS = ["advertiser", "campaign", "strategy", "creativeSet", "creative", "aggregator", "inventory"] as const;
export const ATTRIBUTE_DIMENSIONS = ["country", "device", "os", "placement", "bidBand"] as const;
export const DIMENSION_IDS = [...TIME_DIMENSIONS, ...ENTITY_DIMENSIONS, ...ATTRIBUTE_DIMENSIONS] as const;

export type TimeDimension = (typeof TIME_DIMENSIONS)[number];
export type EntityDimension = (typeof ENTITY_DIMENSIONS)[number];
export type DimensionId = (typeof DIMENSION_IDS)[number];

export const DIMENSION_LABELS: Record<DimensionId, string> = {
  date: "Date",
  hour: "Hour",
  week: "Week",
  month: "Month",
  advertiser: "Advertiser",
  campaign: "Campaign",
  strategy: "Strategy",
  creativeSet: "Creative Set",
  creative: "Creative",
  aggregator: "Aggregator",
  inventory: "Site / App",
  country: "Country",
  device: "Device Type",
  os: "OS",
  placement: "Placement",
  bidBand: "Max Bid Band",
};

export const DEVICE_VALUES = ["PHONE", "TABLET", "DESKTOP", "CTV", "OTHER"] as const;
export const OS_VALUES = ["ANDROID", "IOS"] as const;
export const PLACEMENT_VALUES = ["APP", "SITE", "CTV"] as const;
/** Max bid bands (licensee currency): [label, lower bound inclusive]; the last is open-ended. */
export const BID_BANDS = [
  ["0-0.5", 0],
  ["0.5-1", 0.5],
  ["1-2", 1],
  ["2-5", 2],
  ["5+", 5],
] as const;

export function isTimeDimension(id: string): id is TimeDimension {
  return (TIME_DIMENSIONS as readonly string[]).includes(id);
}

export function isDimensionId(id: string): id is DimensionId {
  return (DIMENSION_IDS as readonly string[]).includes(id);
}

const ID_RE = /^[1-9]\d{0,9}$/;
const INVENTORY_RE = /^(app|site):[1-9]\d{0,9}$/;
const COUNTRY_RE = /^[A-Z]{2}$/;

/**
 * Why a filter value does not fit its dimension, or null when it does. ""
 * (unknown) is a value of the attribute dimensions: facts without a country
 * or device carry it.
 */
export function filterValueProblem(dimension: DimensionId, value: string): string | null {
  if (isTimeDimension(dimension)) return "Filter dates with the date range";
  switch (dimension) {
    case "inventory":
      return INVENTORY_RE.test(value) ? null : `'${value}' is not a site or app (app:<id> or site:<id>)`;
    case "country":
      return value === "" || COUNTRY_RE.test(value) ? null : `'${value}' is not a country code (two capital letters)`;
    case "device":
      return value === "" || (DEVICE_VALUES as readonly string[]).includes(value) ? null : `'${value}' is not a device type (${DEVICE_VALUES.join(", ")})`;
    case "os":
      return value === "" || (OS_VALUES as readonly string[]).includes(value) ? null : `'${value}' is not an OS (${OS_VALUES.join(", ")})`;
    case "placement":
      return value === "" || (PLACEMENT_VALUES as readonly string[]).includes(value) ? null : `'${value}' is not a placement (${PLACEMENT_VALUES.join(", ")})`;
    case "bidBand":
      return value === "" || BID_BANDS.some(([label]) => label === value) ? null : `'${value}' is not a bid band (${BID_BANDS.map(([l]) => l).join(", ")})`;
    default:
      return ID_RE.test(value) ? null : `'${value}' is not a ${DIMENSION_LABELS[dimension].toLowerCase()} id`;
  }
}
