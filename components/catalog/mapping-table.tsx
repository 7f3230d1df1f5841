"use client";
// Variable mapping of a feed (shell.md 3: name, variablePath, standardVariable,
// description, samples). Each row saves on its own (a form of its own, shared
// by the row's cells through a context); read-only roles see the values with
// the controls disabled.
import { createContext, useContext, type ReactNode } from "react";
import { useRouter } from "next/navigation";
import { updateVariableMappingAction } from "@/lib/catalog/actions";
import type { MappingRow } from "@/lib/catalog/queries";
import { STANDARD_VARIABLES, VariableMappingUpdateSchema, type VariableMappingUpdateInput } from "@/lib/catalog/schema";
import { useActionForm } from "@/components/forms/use-action-form";
import { Button } from "@/components/ui/button";
import { createDataColumns, DataTable } from "@/components/ui/data-table";
import { inputClass } from "@/components/ui/field";

const TableContext = createContext<{ advertiserId: number; canWrite: boolean }>({ advertiserId: 0, canWrite: false });
type RowForm = ReturnType<typeof useMappingForm> & { mapping: MappingRow; canWrite: boolean };
const RowContext = createContext<RowForm | null>(null);

const TOP = "align-top";
const column = createDataColumns<MappingRow>();
const COLUMNS = [
  column.accessor("name", { id: "name", header: "Name", meta: { cellClassName: `${TOP} font-medium text-slate-800` } }),
  column.accessor("variablePath", { id: "variablePath", header: "Variable Path", meta: { cellClassName: `${TOP} font-mono text-xs text-slate-600` } }),
  column.display({ id: "standardVariable", header: "Standard Variable", meta: { cellClassName: TOP }, cell: () => <StandardVariableControl /> }),
  column.display({ id: "description", header: "Description", meta: { cellClassName: TOP }, cell: () => <DescriptionControl /> }),
  column.display({
    id: "samples",
    header: "Samples",
    meta: { cellClassName: `${TOP} max-w-72 text-xs text-slate-600` },
    cell: ({ row }) =>
      row.original.samples.length
        ? row.original.samples.map((s, i) => (
            <div key={i} className="truncate" title={s}>
              {s}
            </div>
          ))
        : "-",
  }),
  column.display({ id: "save", header: () => <span className="sr-only">Save</span>, meta: { cellClassName: TOP }, cell: () => <SaveControl /> }),
];

export function MappingTable({ advertiserId, mappings, canWrite }: { advertiserId: number; mappings: MappingRow[]; canWrite: boolean }) {
  if (mappings.length === 0) {
    return <p className="text-sm text-slate-500" data-testid="mapping-empty">Variables appear here once the feed has been processed.</p>;
  }
  return (
    <TableContext.Provider value={{ advertiserId, canWrite }}>
      <DataTable
        columns={COLUMNS}
        rows={mappings}
        // Keyed by version: after a save the row starts again from the stored values.
        rowId={(m) => `${m.id}:${m.version}`}
        emptyText={null}
        density="compact"
        testId="mapping-table"
        className="overflow-hidden rounded-lg border border-slate-200"
        rowAttributes={(m) => ({ "data-testid": "mapping-row", "data-name": m.name })}
        RowScope={MappingRowScope}
      />
    </TableContext.Provider>
  );
}

function useMappingForm(advertiserId: number, mapping: MappingRow) {
  const router = useRouter();
  // A table row cannot hold a <form>: Save submits through onSubmit directly.
  const { form, formError, onSubmit, submitting, errorOf } = useActionForm<VariableMappingUpdateInput, unknown>({
    schema: VariableMappingUpdateSchema,
    defaultValues: { standardVariable: (mapping.standardVariable ?? "") as VariableMappingUpdateInput["standardVariable"], description: mapping.description ?? "" },
    action: (values) => updateVariableMappingAction({ advertiserId, id: mapping.id, version: mapping.version, ...values }),
    onSuccess: () => router.refresh(),
  });
  // One message per row, under the description: the field's own, else the form's.
  const error = errorOf("standardVariable") ?? errorOf("description") ?? formError;
  return { form, onSubmit, submitting, error };
}

function MappingRowScope({ row: mapping, children }: { row: MappingRow; children: ReactNode }) {
  const { advertiserId, canWrite } = useContext(TableContext);
  const rowForm = useMappingForm(advertiserId, mapping);
  return <RowContext.Provider value={{ ...rowForm, mapping, canWrite }}>{children}</RowContext.Provider>;
}

function useRowForm(): RowForm {
  const rowForm = useContext(RowContext);
  if (!rowForm) throw new Error("a mapping cell outside its row");
  return rowForm;
}

function StandardVariableControl() {
  const { form, mapping, canWrite } = useRowForm();
  return (
    <select
      aria-label={`Standard variable of ${mapping.name}`}
      className={inputClass(false, { width: "min-w-40" })}
      disabled={!canWrite}
      {...form.register("standardVariable")}
    >
      <option value="">Not mapped</option>
      {STANDARD_VARIABLES.map((v) => (
        <option key={v} value={v}>
          {v}
        </option>
      ))}
    </select>
  );
}

function DescriptionControl() {
  const { form, mapping, canWrite, error } = useRowForm();
  return (
    <>
      <input
        aria-label={`Description of ${mapping.name}`}
        className={inputClass(false, { width: "min-w-48" })}
        maxLength={500}
        disabled={!canWrite}
        {...form.register("description")}
      />
      {error && (
        <p role="alert" className="mt-1 text-xs text-red-600">
          {error}
        </p>
      )}
    </>
  );
}

function SaveControl() {
  const { form, canWrite, submitting, onSubmit } = useRowForm();
  return (
    <Button size="sm" disabled={!canWrite || !form.formState.isDirty || submitting} onClick={() => void onSubmit()}>
      {submitting ? "Saving..." : "Save"}
    </Button>
  );
}
