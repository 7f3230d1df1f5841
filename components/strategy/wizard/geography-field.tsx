"use client";
// Geography targeting (business.md 3 targetGeographies): countries, states
// and cities of the country-state-city dataset, each with a targeted and a
// blocked list, searched on the server (searchGeoAction: the city list is too
// large for the browser), and custom geo targeting. States and cities are
// searched in the countries chosen above them (and those of states and
// cities already chosen). Nothing chosen leaves the field out: everywhere.
import { useCallback, useMemo } from "react";
import { searchGeoAction } from "@/lib/strategies/actions";
import type { GeoLevel } from "@/lib/strategies/geo-ids";
import { Checkbox } from "@/components/ui/field";
import { MultiSelect, type MultiOption } from "./multi-select";
import { useWizardEnv } from "./wizard-env";
import { fieldId, useFieldError, useWizardValue, type WizardValues } from "./wizard-fields";

type Geographies = NonNullable<WizardValues["targetGeographies"]>;
type ListKey = "targetList" | "blockedList";

const EMPTY: Geographies = {
  country: { targetList: [], blockedList: [] },
  state: { targetList: [], blockedList: [] },
  city: { targetList: [], blockedList: [] },
  customGeoTargeting: false,
};
const LEVELS: { level: GeoLevel; label: string }[] = [
  { level: "country", label: "Countries" },
  { level: "state", label: "States" },
  { level: "city", label: "Cities" },
];
/** Countries searched at once for states and cities; far above a real strategy's. */
const MAX_SCOPES = 8;

const isEmpty = (g: Geographies) => !g.customGeoTargeting && LEVELS.every(({ level }) => g[level].targetList.length + g[level].blockedList.length === 0);

/** The countries whose states and cities are searched: those chosen, and those of chosen states and cities. */
export function searchScopes(g: Geographies): string[] {
  const ids = [...g.country.targetList, ...g.country.blockedList, ...[g.state, g.city].flatMap((l) => [...l.targetList, ...l.blockedList]).map((id) => id.slice(0, 2))];
  return [...new Set(ids)].slice(0, MAX_SCOPES);
}

async function searchLevel(level: GeoLevel, scopes: string[], text: string): Promise<MultiOption[]> {
  const countries = level === "country" ? [undefined] : scopes;
  const answers = await Promise.all(countries.map((countryCode) => searchGeoAction({ level, countryCode, q: text.trim().slice(0, 100) })));
  return answers.flatMap((r) => (r.ok ? r.data : [])).map((g) => ({ value: g.id, label: g.name, detail: g.parent }));
}

export function GeographyField() {
  const { geoNames, addGeoNames } = useWizardEnv();
  const [value, setValue] = useWizardValue("targetGeographies");
  const error = useFieldError("targetGeographies");
  const geo = value ?? EMPTY;
  const scopes = searchScopes(geo);
  const scopeKey = scopes.join(",");
  const set = (next: Geographies) => setValue(isEmpty(next) ? undefined : next);
  const searchCountry = useCallback((text: string) => searchLevel("country", [], text), []);
  // One search function per set of countries, so a list's search does not restart on every render.
  const searchState = useMemo(() => (text: string) => searchLevel("state", scopeKey ? scopeKey.split(",") : [], text), [scopeKey]);
  const searchCity = useMemo(() => (text: string) => searchLevel("city", scopeKey ? scopeKey.split(",") : [], text), [scopeKey]);
  const searchOf = { country: searchCountry, state: searchState, city: searchCity };
  const id = fieldId("targetGeographies");

  return (
    <fieldset className="col-span-full space-y-3" data-testid={`${id}-group`}>
      <legend className="text-sm font-medium text-slate-700">Geography</legend>
      {LEVELS.map(({ level, label }) => (
        <div key={level} className="grid grid-cols-1 gap-4 min-[769px]:grid-cols-2">
          {(["targetList", "blockedList"] as ListKey[]).map((list) => (
            <MultiSelect
              key={list}
              id={level === "country" && list === "targetList" ? id : `${id}-${level}-${list === "targetList" ? "target" : "blocked"}`}
              label={`${list === "targetList" ? "Targeted" : "Blocked"} ${label.toLowerCase()}`}
              values={geo[level][list]}
              search={searchOf[level]}
              labelOf={(geoId) => geoNames[geoId]}
              onChange={(next, added) => {
                if (added) addGeoNames({ [added.value]: added.detail ? `${added.label}, ${added.detail}` : added.label });
                set({ ...geo, [level]: { ...geo[level], [list]: next } });
              }}
              error={level === "country" && list === "targetList" ? error : undefined}
              emptyText={level !== "country" && scopes.length === 0 ? "Choose a country above first" : "No match"}
              hint={level === "country" ? undefined : list === "targetList" ? `Searched in the countries chosen above` : undefined}
            />
          ))}
        </div>
      ))}
      <label className="inline-flex items-center gap-2 text-sm text-slate-700">
        <Checkbox id={`${id}-custom`} checked={geo.customGeoTargeting} onChange={(e) => set({ ...geo, customGeoTargeting: e.target.checked })} />
        Custom geo targeting
      </label>
    </fieldset>
  );
}
