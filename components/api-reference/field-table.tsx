"use client";
// A table of fields of the API reference page (parameters, body fields,
// schema fields, responses) on the console's DataTable. The rows come from
// the server (lib/api/reference.ts); the columns live here, in the client.
import { createDataColumns, DataTable } from "@/components/ui/data-table";
import type { FieldRow, ResponseRow } from "@/lib/api/reference";

const field = createDataColumns<FieldRow>();
const response = createDataColumns<ResponseRow>();

function TypeCell({ type, refName }: { type: string; refName?: string }) {
  const code = <code className="font-mono text-xs text-slate-800">{type}</code>;
  return refName ? (
    <a href={`#schema-${refName}`} className="text-primary underline-offset-2 hover:underline">
      {code}
    </a>
  ) : (
    code
  );
}

const FIELD_COLUMNS = [
  field.accessor("name", { id: "name", header: "Name", cell: ({ row }) => <code className="font-mono text-xs font-semibold text-slate-900">{row.original.name}</code> }),
  field.accessor("in", { id: "in", header: "In", meta: { cellClassName: "text-slate-600" } }),
  field.accessor("type", { id: "type", header: "Type", cell: ({ row }) => <TypeCell type={row.original.type} refName={row.original.ref} /> }),
  field.accessor("required", { id: "required", header: "Required", cell: ({ row }) => (row.original.required ? "Yes" : "No"), meta: { cellClassName: "text-slate-600" } }),
  field.accessor("description", { id: "description", header: "Description", meta: { cellClassName: "text-slate-600" } }),
];

const RESPONSE_COLUMNS = [
  response.accessor("status", { id: "status", header: "Status", cell: ({ row }) => <code className="font-mono text-xs font-semibold text-slate-900">{row.original.status}</code> }),
  response.accessor("description", { id: "description", header: "Meaning", meta: { cellClassName: "text-slate-600" } }),
  response.accessor("body", { id: "body", header: "Body", cell: ({ row }) => (row.original.body ? <TypeCell type={row.original.body} refName={row.original.ref} /> : null) }),
];

export function FieldTable({ rows, label, withLocation = false }: { rows: FieldRow[]; label: string; withLocation?: boolean }) {
  return (
    <DataTable
      columns={FIELD_COLUMNS}
      rows={rows}
      rowId={(r) => `${r.in ?? ""}:${r.name}`}
      columnSet={withLocation ? ["name", "in", "type", "required", "description"] : ["name", "type", "required", "description"]}
      emptyText="None."
      density="compact"
      label={label}
    />
  );
}

export function ResponseTable({ rows, label }: { rows: ResponseRow[]; label: string }) {
  return <DataTable columns={RESPONSE_COLUMNS} rows={rows} rowId={(r) => r.status} emptyText="None." density="compact" label={label} />;
}
