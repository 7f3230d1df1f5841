// How strategy targeting names a geography of the country-state-city dataset
// (the maintained dataset the server checks ids against, ./geo.ts). Pure:
// the screens build ids with these helpers.
// - a country by its ISO 3166-1 alpha-2 code: "US" (as delivery rows name countries);
// - a state by its country and the dataset's state code: "US-CA";
// - a city by its state and its name: "US-CA:Los Angeles" (the dataset has no city codes).
export const COUNTRY_ID_RE = /^[A-Z]{2}$/;
export const STATE_ID_RE = /^[A-Z]{2}-[A-Za-z0-9-]{1,10}$/;
export const CITY_ID_RE = /^[A-Z]{2}-[A-Za-z0-9-]{1,10}:[^:]{1,100}$/;

export type GeoLevel = "country" | "state" | "city";
export const GEO_LEVELS: readonly GeoLevel[] = ["country", "state", "city"];

export const stateId = (countryCode: string, stateCode: string) => `${countryCode}-${stateCode}`;
export const cityId = (countryCode: string, stateCode: string, name: string) => `${stateId(countryCode, stateCode)}:${name}`;

export interface GeoIdParts {
  countryCode: string;
  stateCode?: string;
  cityName?: string;
}

/** The parts of a geography id of `level`, or null when it does not have that level's form. */
export function parseGeoId(level: GeoLevel, id: string): GeoIdParts | null {
  const re = level === "country" ? COUNTRY_ID_RE : level === "state" ? STATE_ID_RE : CITY_ID_RE;
  if (!re.test(id)) return null;
  const countryCode = id.slice(0, 2);
  if (level === "country") return { countryCode };
  const colon = id.indexOf(":");
  const stateCode = id.slice(3, colon === -1 ? undefined : colon);
  return level === "state" ? { countryCode, stateCode } : { countryCode, stateCode, cityName: id.slice(colon + 1) };
}
