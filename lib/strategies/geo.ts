// Geography of strategy targeting from the country-state-city dataset (a
// maintained npm package, loaded offline), never a hand-written list: the
// wizard's pickers read it through searchGeo, the mutations check every id
// a strategy names with unknownGeoIds, and the review names ids with geoName.
// Server-only: the city list is large (about 150,000 rows), so it stays out
// of the browser bundle and is read once, on first use.
import "server-only";
import { City, Country, State } from "country-state-city";
import { cityId, parseGeoId, stateId, type GeoLevel } from "./geo-ids";

export interface GeoOption {
  /** The id targeting stores ("US", "US-CA", "US-CA:Los Angeles"). */
  id: string;
  name: string;
  /** Country (and state) of a state or city, for the picker's second line. */
  parent: string | null;
}

let cityIds: Set<string> | null = null;
/** Every city id, built once: checking a list of cities must not scan the whole dataset per city. */
function knownCityIds(): Set<string> {
  cityIds ??= new Set(City.getAllCities().map((c) => cityId(c.countryCode, c.stateCode, c.name)));
  return cityIds;
}

const countryName = (code: string) => Country.getCountryByCode(code)?.name ?? null;
const stateOf = (countryCode: string, stateCode: string) => State.getStateByCodeAndCountry(stateCode, countryCode) ?? null;

/** The name of a geography id as the review and the activity log show it ("Los Angeles, California, United States"); null when unknown. */
export function geoName(level: GeoLevel, id: string): string | null {
  const parts = parseGeoId(level, id);
  if (!parts) return null;
  const country = countryName(parts.countryCode);
  if (!country) return null;
  if (level === "country") return country;
  const state = stateOf(parts.countryCode, parts.stateCode!);
  if (!state) return null;
  if (level === "state") return `${state.name}, ${country}`;
  return knownCityIds().has(id) ? `${parts.cityName}, ${state.name}, ${country}` : null;
}

/** The ids of `ids` that name no geography of `level` in the dataset. */
export function unknownGeoIds(level: GeoLevel, ids: readonly string[]): string[] {
  return ids.filter((id) => geoName(level, id) === null);
}

export interface GeoSearch {
  level: GeoLevel;
  /** States and cities: of this country. */
  countryCode?: string;
  /** Cities: of this state (else of the whole country). */
  stateCode?: string;
  /** Case-insensitive part of the name; blank: all. */
  q?: string;
  limit?: number;
}

/** Geographies of a level for the pickers, by name; at most `limit` (default 100). */
export function searchGeo({ level, countryCode, stateCode, q, limit = 100 }: GeoSearch): GeoOption[] {
  const needle = (q ?? "").trim().toLowerCase();
  const matches = (name: string) => needle === "" || name.toLowerCase().includes(needle);
  const out: GeoOption[] = [];
  const push = (option: GeoOption) => out.length < limit && out.push(option);
  if (level === "country") {
    for (const c of Country.getAllCountries()) if (matches(c.name)) push({ id: c.isoCode, name: c.name, parent: null });
    return out;
  }
  if (!countryCode || !countryName(countryCode)) return [];
  const country = countryName(countryCode)!;
  if (level === "state") {
    for (const s of State.getStatesOfCountry(countryCode)) if (matches(s.name)) push({ id: stateId(countryCode, s.isoCode), name: s.name, parent: country });
    return out;
  }
  const cities = stateCode ? City.getCitiesOfState(countryCode, stateCode) : (City.getCitiesOfCountry(countryCode) ?? []);
  for (const c of cities) {
    if (!matches(c.name)) continue;
    const state = stateOf(countryCode, c.stateCode);
    push({ id: cityId(countryCode, c.stateCode, c.name), name: c.name, parent: state ? `${state.name}, ${country}` : country });
    if (out.length >= limit) break;
  }
  return out;
}
