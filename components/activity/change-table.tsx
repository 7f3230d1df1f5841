// Field / Old value / New value of an activity entry (shell.md 2.10). Line
// breaks inside values are kept.
import type { ActivityChange } from "@/lib/activity/queries";

export const NO_CHANGE_DETAILS = "Change details not available.";

export function ChangeTable({ changes, large = false }: { changes: ActivityChange[]; large?: boolean }) {
  if (changes.length === 0) return <p className="text-sm text-slate-500">{NO_CHANGE_DETAILS}</p>;
  const cell = `border border-slate-200 px-3 ${large ? "py-2" : "py-1.5"} align-top whitespace-pre-wrap break-words`;
  return (
    <table className={`w-full table-fixed border-collapse ${large ? "text-sm" : "text-xs"}`}>
      <thead className="bg-slate-50 text-left text-slate-600">
        <tr>
          <th className={`${cell} w-1/4 font-medium`}>Field</th>
          <th className={`${cell} font-medium`}>Old value</th>
          <th className={`${cell} font-medium`}>New value</th>
        </tr>
      </thead>
      <tbody className="text-slate-800">
        {changes.map((c, i) => (
          <tr key={`${c.fieldName}-${i}`}>
            <td className={cell}>{c.fieldName}</td>
            <td className={cell}>{c.oldValue ?? ""}</td>
            <td className={cell}>{c.newValue ?? ""}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
