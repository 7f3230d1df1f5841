"use client";
// The click destination list: name, id, url, MMP parameters, status and, for
// users who may see it, the action column (edit, activate/deactivate).
import { EmptyRow } from "@/components/common/empty-row";
import { StatusDot } from "@/components/common/status-dot";
import type { ClickDestinationRow } from "@/lib/click-destinations/queries";
import { CLICK_DESTINATION_MESSAGES, summarizeParams } from "@/lib/click-destinations/schema";
import { secondaryButtonClass } from "@/components/common/form-classes";

export function DestinationTable({
  rows,
  showActions,
  actionsEnabled,
  busyId,
  onEdit,
  onToggle,
}: {
  rows: ClickDestinationRow[];
  showActions: boolean;
  actionsEnabled: boolean;
  busyId: number | null;
  onEdit: (row: ClickDestinationRow) => void;
  onToggle: (row: ClickDestinationRow) => void;
}) {
  const headers = ["Name", "ID", "URL", "MMP Parameters", "Status", ...(showActions ? ["Action"] : [])];
  const disabledTitle = actionsEnabled ? undefined : "Not available for your role";
  return (
    <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-xs">
      <table className="w-full text-left text-sm" data-testid="click-destination-table">
        <thead className="border-b border-slate-200 bg-slate-50 text-xs font-semibold tracking-wide text-slate-500 uppercase">
          <tr>
            {headers.map((h) => (
              <th key={h} scope="col" className="px-4 py-3 whitespace-nowrap">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.length === 0 ? (
            <EmptyRow colSpan={headers.length} text={CLICK_DESTINATION_MESSAGES.empty} />
          ) : (
            rows.map((row) => {
              const params = summarizeParams(row.mmpParams);
              return (
                <tr key={row.id} className="hover:bg-slate-50" data-testid="click-destination-row" data-id={row.id}>
                  <td className="px-4 py-3 font-medium text-slate-900" data-testid="cd-row-name">
                    {row.name}
                  </td>
                  <td className="px-4 py-3 text-slate-600 tabular-nums">{row.id}</td>
                  <td className="max-w-80 truncate px-4 py-3 text-slate-600" title={row.url}>
                    {row.url}
                  </td>
                  <td className="max-w-64 truncate px-4 py-3 text-slate-600" title={params} data-testid="cd-row-params">
                    {params}
                  </td>
                  <td className="px-4 py-3">
                    <StatusDot active={row.active} />
                  </td>
                  {showActions ? (
                    <td className="px-4 py-3 whitespace-nowrap">
                      <div className="flex gap-2">
                        <button
                          type="button"
                          className={secondaryButtonClass}
                          disabled={!actionsEnabled || busyId === row.id}
                          title={disabledTitle}
                          onClick={() => onEdit(row)}
                          data-testid="cd-edit"
                        >
                          Edit
                        </button>
                        <button
                          type="button"
                          className={secondaryButtonClass}
                          disabled={!actionsEnabled || busyId === row.id}
                          title={disabledTitle}
                          onClick={() => onToggle(row)}
                          data-testid={row.active ? "cd-deactivate" : "cd-activate"}
                        >
                          {row.active ? "Deactivate" : "Activate"}
                        </button>
                      </div>
                    </td>
                  ) : null}
                </tr>
              );
            })
          )}
        </tbody>
      </table>
    </div>
  );
}
