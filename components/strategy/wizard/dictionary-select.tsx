"use client";
// A multi-select fed by a dictionary (lib/dictionaries: device brands and
// models, content genres and languages, intents, product categories): what
// the user types searches the dictionary on the server, and only its entries
// can be added. Values saved before (a brand typed by hand before the
// dictionaries) stay as chips until removed; the server accepts them unchanged.
import { useCallback, useMemo, useRef } from "react";
import { dictionaryAction } from "@/lib/dictionaries/actions";
import type { DictionaryKind } from "@/lib/dictionaries/schema";
import { MultiSelect, type MultiOption, type MultiSelectProps } from "./multi-select";
import { fieldId, useFieldError, useWizardValue } from "./wizard-fields";

/** Options offered per search: enough to pick from, small enough to send at every keystroke. */
const SEARCH_PAGE_SIZE = 50;

export interface DictionarySelectProps extends Omit<MultiSelectProps, "options" | "search" | "allowCustom" | "labelOf"> {
  kind: DictionaryKind;
  /** The kind's own filters besides the text typed (a model's brands, a category's advertiser). */
  filters?: readonly { column: string; value: string }[];
}

export function DictionarySelect({ kind, filters, ...props }: DictionarySelectProps) {
  // Labels of entries seen, so a chosen language shows "German", not "de", once it was found.
  const labels = useRef(new Map<string, string>());
  const filterKey = JSON.stringify(filters ?? []);
  const scoped = useMemo(() => JSON.parse(filterKey) as { column: string; value: string }[], [filterKey]);
  const search = useCallback(
    async (text: string): Promise<MultiOption[]> => {
      const name = text.trim().slice(0, 100);
      const answer = await dictionaryAction({ kind, size: SEARCH_PAGE_SIZE, filters: [...scoped, ...(name ? [{ column: "name", value: name }] : [])] });
      const options = answer.ok ? answer.data.data.map((e) => ({ value: e.value, label: e.label, detail: e.detail })) : [];
      for (const o of options) labels.current.set(o.value, o.label);
      return options;
    },
    [kind, scoped],
  );
  return <MultiSelect {...props} search={search} labelOf={(value) => labels.current.get(value)} />;
}

/** Intent targeting (business.md 2): purchase-intent segments of the intent dictionary; none: left out. */
export function IntentField() {
  const [value, setValue] = useWizardValue("intent");
  return (
    <DictionarySelect
      kind="intent"
      id={fieldId("intent")}
      label="Intent"
      values={value ?? []}
      onChange={(next) => setValue(next.length === 0 ? undefined : next)}
      error={useFieldError("intent")}
      hint="Purchase-intent segments; type part of one and choose it"
      emptyText="No intent matches"
    />
  );
}
