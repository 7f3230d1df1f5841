// The values a report filter offers, client-safe: entity
// dimensions (advertiser ... site/app) are searched by name on the server
// (lib/report-pages/filter-search.ts) and shown by name, while the URL and the
// definition keep their ids; attribute dimensions offer their fixed lists.
import { BID_BANDS, DEVICE_VALUES, ENTITY_DIMENSIONS, OS_VALUES, PLACEMENT_VALUES, type DimensionId, type EntityDimension } from "./dimensions";

/** One choice of a filter: the value the definition stores, the name shown, and a second line (id, kind). */
export interface FilterOption {
  value: string;
  label: string;
  detail?: string;
}

/** Names of the entity ids a page's filters hold, per dimension (resolved on the server when the page loads). */
export type FilterLabels = Partial<Record<DimensionId, Record<string, string>>>;

export function isEntityDimension(d: string): d is EntityDimension {
  return (ENTITY_DIMENSIONS as readonly string[]).includes(d);
}

/** The chip of an id the licensee cannot see (another licensee's, deleted): never a name. */
export const unknownFilterLabel = (value: string) => `unknown #${value}`;

/** The "" value of attribute dimensions: facts without a country, device, ... (as report rows name it). */
const UNKNOWN: FilterOption = { value: "", label: "Unknown" };
const plain = (values: readonly string[]): FilterOption[] => [...values.map((value) => ({ value, label: value })), UNKNOWN];

/** The fixed list of an attribute dimension; countries come from the server (the geo dataset). */
export function attributeOptions(dimension: DimensionId, countries: readonly FilterOption[]): FilterOption[] {
  switch (dimension) {
    case "country":
      return [...countries, UNKNOWN];
    case "device":
      return plain(DEVICE_VALUES);
    case "os":
      return plain(OS_VALUES);
    case "placement":
      return plain(PLACEMENT_VALUES);
    case "bidBand":
      return plain(BID_BANDS.map(([label]) => label));
    default:
      return [];
  }
}
