// Field / Old value / New value of an activity entry (shell.md 2.10). Line
// breaks inside values are kept.
import type { ActivityChange } from "@/lib/activity/queries";
import { createDataColumns, DataTable } from "@/components/ui/data-table";

export const NO_CHANGE_DETAILS = "Change details not available.";

const column = createDataColumns<ActivityChange>();
const VALUE = "align-top whitespace-pre-wrap break-words";
const COLUMNS = [
  column.accessor("fieldName", { id: "field", header: "Field", meta: { cellClassName: `w-1/4 ${VALUE}` } }),
  column.accessor((c) => c.oldValue ?? "", { id: "old", header: "Old value", meta: { cellClassName: VALUE } }),
  column.accessor((c) => c.newValue ?? "", { id: "new", header: "New value", meta: { cellClassName: VALUE } }),
];

export function ChangeTable({ changes, large = false }: { changes: ActivityChange[]; large?: boolean }) {
  if (changes.length === 0) return <p className="text-sm text-slate-500">{NO_CHANGE_DETAILS}</p>;
  return (
    <DataTable
      columns={COLUMNS}
      rows={changes}
      rowId={(c) => `${changes.indexOf(c)}-${c.fieldName}`}
      emptyText={NO_CHANGE_DETAILS}
      density={large ? "normal" : "compact"}
      className="overflow-hidden rounded-md border border-slate-200 bg-white"
    />
  );
}
