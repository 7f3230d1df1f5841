"use client";
// The values of one report filter, chosen rather than typed: an
// entity dimension (advertiser ... site/app) is searched by name on the
// server (searchReportFilterValuesAction: this licensee's only) and its
// chips show names; an attribute dimension (country, device, OS, placement,
// bid band) offers its fixed list. The values stay ids and codes, which the
// URL and the definition keep. Built on the wizard's MultiSelect (chips,
// combobox, arrows / Enter / Escape / Backspace).
import { useCallback, useMemo, useState } from "react";
import { expiredSession } from "@/components/account/session-events";
import { MultiSelect, type MultiOption } from "@/components/strategy/wizard/multi-select";
import { searchReportFilterValuesAction } from "@/lib/report-pages/actions";
import { DIMENSION_LABELS, type DimensionId } from "@/lib/reports/dimensions";
import { attributeOptions, isEntityDimension, unknownFilterLabel, type FilterOption } from "@/lib/reports/filter-values";
import { MAX_SEARCH_LENGTH } from "@/lib/menu/constants";

export interface FilterValuesFieldProps {
  id: string;
  dimension: DimensionId;
  values: string[];
  onChange(values: string[]): void;
  /** Names of the ids the page loaded with (the server resolved them). */
  known?: Record<string, string>;
  /** The country filter's choices (the geo dataset, from the server). */
  countries: readonly FilterOption[];
  error?: string;
}

export function FilterValuesField({ id, dimension, values, onChange, known, countries, error }: FilterValuesFieldProps) {
  const entity = isEntityDimension(dimension);
  // Names of what was chosen here: a search's options are gone once the text changes.
  const [chosen, setChosen] = useState<Record<string, string>>({});
  const options = useMemo(() => (entity ? undefined : attributeOptions(dimension, countries)), [entity, dimension, countries]);
  const search = useCallback(
    async (text: string): Promise<MultiOption[]> => {
      if (!isEntityDimension(dimension)) return [];
      const result = await searchReportFilterValuesAction({ dimension, text: text.slice(0, MAX_SEARCH_LENGTH) });
      if (result.ok) return result.data;
      // An expired session signs out; any other refusal shows as "nothing found".
      expiredSession(result);
      return [];
    },
    [dimension],
  );
  const labelOf = (value: string) =>
    chosen[value] ?? known?.[value] ?? (entity ? unknownFilterLabel(value) : (options?.find((o) => o.value === value)?.label ?? value));

  return (
    <MultiSelect
      id={id}
      label={`${DIMENSION_LABELS[dimension]} values`}
      values={values}
      onChange={(next, added) => {
        if (added) setChosen((names) => ({ ...names, [added.value]: added.label }));
        onChange(next);
      }}
      options={options}
      search={entity ? search : undefined}
      labelOf={labelOf}
      error={error}
      placeholder={values.length ? "Add more" : entity ? "Type a name or id to search" : "Type to filter the list"}
      emptyText="No Result Found"
    />
  );
}
