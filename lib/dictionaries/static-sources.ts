// The dictionaries held in memory: languages (ISO 639-1, the iso-639-1
// package), device brands and models (Matomo's device detector list, the
// device-detector-js package: its brands and their models with a fixed name;
// models named from the user agent, "iPhone $1", are patterns, not names),
// CTV content genres and intents (./lists.ts). Built once per process.
import "server-only";
import ISO6391 from "iso-639-1";
import mobiles from "device-detector-js/dist/fixtures/regexes/device/mobiles.json";
import type { DictionaryEntry } from "./schema";
import { CONTENT_GENRES, INTENTS } from "./lists";

interface MatomoBrand {
  model?: string;
  models?: { model?: string }[];
}

const fixedName = (model: string | undefined): model is string => !!model && !model.includes("$") && model.trim() === model && model.length > 0;

let devices: { brands: DictionaryEntry[]; models: (DictionaryEntry & { brand: string })[] } | null = null;

function deviceLists() {
  if (devices) return devices;
  const byBrand = mobiles as unknown as Record<string, MatomoBrand>;
  const brands = Object.keys(byBrand).map((brand) => ({ value: brand, label: brand }));
  const seen = new Set<string>();
  const models: (DictionaryEntry & { brand: string })[] = [];
  for (const [brand, entry] of Object.entries(byBrand)) {
    for (const model of [entry.model, ...(entry.models ?? []).map((m) => m.model)]) {
      // A model name two brands share is one value (the stored format is the name alone): the first brand names it.
      if (!fixedName(model) || seen.has(model)) continue;
      seen.add(model);
      models.push({ value: model, label: model, detail: brand, brand });
    }
  }
  devices = { brands, models };
  return devices;
}

export const deviceBrands = (): DictionaryEntry[] => deviceLists().brands;
export const deviceModels = (): (DictionaryEntry & { brand: string })[] => deviceLists().models;

let languages: DictionaryEntry[] | null = null;
/** ISO 639-1: the two-letter code is stored ("en"), the English name shown. */
export function contentLanguages(): DictionaryEntry[] {
  languages ??= ISO6391.getAllCodes().map((code) => ({ value: code, label: ISO6391.getName(code) }));
  return languages;
}

export const contentGenres = (): DictionaryEntry[] => CONTENT_GENRES.map((genre) => ({ value: genre, label: genre }));
export const intents = (): DictionaryEntry[] => INTENTS.map((i) => ({ value: i.value, label: i.label }));
