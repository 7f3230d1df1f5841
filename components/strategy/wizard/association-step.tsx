"use client";
// Steps 5 and 6, Associate Creatives and Associate Creative Sets: the
// advertiser's creatives (or sets) of the strategy's type (CTV video for
// CTV/OTT, the others for Multi Device; the server offers only those) in the
// console's table, with a search by name or id, paging, a checkbox per row
// and the count of what is chosen (on every page, not only this one).
import { useMemo, useState } from "react";
import type { RowSelectionState } from "@tanstack/react-table";
import type { PickerItem } from "@/lib/strategies/picker-options";
import { PAGE_SIZE_OPTIONS } from "@/lib/list/url-state";
import { Button } from "@/components/ui/button";
import { createDataColumns, DataTable } from "@/components/ui/data-table";
import { Checkbox, FieldMessage, inputClass } from "@/components/ui/field";
import { StatusDot } from "@/components/ui/status-dot";
import { useWizardEnv } from "./wizard-env";
import { fieldId, useFieldError, useWizardValue } from "./wizard-fields";

const column = createDataColumns<PickerItem>();
const COLUMNS = [
  column.accessor("name", { id: "name", header: "Name", meta: { cellClassName: "font-medium break-all text-slate-900" } }),
  column.accessor("id", { id: "id", header: "ID", meta: { cellClassName: "w-20 text-slate-600" } }),
  column.accessor("detail", { id: "type", header: "Type", cell: ({ row }) => row.original.detail ?? "-", meta: { cellClassName: "text-slate-600" } }),
  column.accessor("active", { id: "status", header: "Status", cell: ({ row }) => <StatusDot active={row.original.active ?? true} label />, meta: { cellClassName: "w-24" } }),
];

/** Rows whose name or id contains the text typed. */
export function matching(rows: readonly PickerItem[], text: string): PickerItem[] {
  const needle = text.trim().toLowerCase();
  return needle ? rows.filter((r) => r.name.toLowerCase().includes(needle) || String(r.id) === needle) : [...rows];
}

export function AssociationStep({ name, entity }: { name: "creativeIds" | "creativeSetIds"; entity: { singular: string; plural: string } }) {
  const { picker, context, readOnly } = useWizardEnv();
  const [value, setValue] = useWizardValue(name);
  const error = useFieldError(name);
  const [search, setSearch] = useState("");
  const [onlyChosen, setOnlyChosen] = useState(false);
  const [page, setPage] = useState({ pageIndex: 0, pageSize: 10 });
  const ids = useMemo(() => (value ?? []).map(Number), [value]);
  const all = name === "creativeIds" ? picker?.creatives : picker?.creativeSets;
  const rows = matching(all ?? [], search).filter((r) => !onlyChosen || ids.includes(r.id));
  const shown = rows.slice(page.pageIndex * page.pageSize, (page.pageIndex + 1) * page.pageSize);
  const selection: RowSelectionState = Object.fromEntries(ids.map((id) => [id, true]));
  const offered = new Set((all ?? []).map((r) => r.id));
  const notOffered = all ? ids.filter((id) => !offered.has(id)).length : 0;
  const id = fieldId(name);

  return (
    <section className="space-y-3 rounded-xl border border-slate-200 bg-white p-4 shadow-xs min-[769px]:p-5" data-testid={`${id}-step`}>
      <div className="flex flex-wrap items-end gap-3">
        <div className="min-w-0 flex-1">
          <label htmlFor={`${id}-search`} className="block text-sm font-medium text-slate-700">
            Search {entity.plural.toLowerCase()}
          </label>
          <input
            id={`${id}-search`}
            type="search"
            value={search}
            onChange={(e) => {
              setSearch(e.target.value);
              setPage((p) => ({ ...p, pageIndex: 0 }));
            }}
            placeholder="Name or id"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            className={`${inputClass(!!error)} mt-1`}
            data-testid={`${id}-search`}
          />
        </div>
        <label className="inline-flex items-center gap-2 pb-2 text-sm text-slate-700">
          <Checkbox checked={onlyChosen} onChange={(e) => setOnlyChosen(e.target.checked)} />
          Show chosen only
        </label>
      </div>
      <div className="flex flex-wrap items-center gap-3 text-sm" aria-live="polite">
        <span data-testid={`${id}-count`} className="font-medium text-slate-800">
          {ids.length} {ids.length === 1 ? entity.singular.toLowerCase() : entity.plural.toLowerCase()} chosen
        </span>
        <span className="text-slate-600">of {all?.length ?? 0}</span>
        {ids.length > 0 && !readOnly ? (
          <Button size="xs" variant="link" onClick={() => setValue([])}>
            Clear selection
          </Button>
        ) : null}
      </div>
      {notOffered > 0 ? <p className="text-sm text-amber-800">{notOffered} chosen {notOffered === 1 ? "is" : "are"} not offered for this campaign and type: clear them to save.</p> : null}
      <FieldMessage id={id} error={error} />
      <DataTable
        columns={COLUMNS}
        rows={shown}
        rowId={(r) => r.id}
        emptyText={!context ? `Choose the campaign first: its advertiser's ${entity.plural.toLowerCase()} are listed here.` : search ? "No Result Found" : `No ${entity.singular.toLowerCase()} of this advertiser matches the strategy's type.`}
        density="compact"
        testId={`${id}-table`}
        label={entity.plural}
        rowAttributes={(r) => ({ "data-testid": `${id}-row`, "data-id": r.id })}
        selection={{
          value: selection,
          canSelect: !readOnly,
          rowLabel: (r) => r.name,
          allLabel: `Choose every ${entity.singular.toLowerCase()} on this page`,
          onChange: (next) => {
            const kept = ids.filter((k) => next[k]);
            const added = Object.keys(next).filter((k) => next[k]).map(Number).filter((k) => !ids.includes(k));
            setValue([...kept, ...added]);
          },
        }}
        paging={{ ...page, total: rows.length, pageSizes: PAGE_SIZE_OPTIONS, onChange: setPage }}
      />
    </section>
  );
}
