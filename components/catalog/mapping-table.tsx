"use client";
// Variable mapping of a feed (shell.md 3: name, variablePath, standardVariable,
// description, samples). Each row saves on its own; read-only roles see the
// values with the controls disabled.
import { useState } from "react";
import { useRouter } from "next/navigation";
import { updateVariableMappingAction } from "@/lib/catalog/actions";
import type { MappingRow } from "@/lib/catalog/queries";
import { STANDARD_VARIABLES } from "@/lib/catalog/schema";
import { SERVER_ERROR_MESSAGE } from "@/lib/data/action-result";
import { expiredSession } from "@/components/account/session-events";
import { inputClass, secondaryButtonClass } from "@/components/common/form-classes";

export function MappingTable({ advertiserId, mappings, canWrite }: { advertiserId: number; mappings: MappingRow[]; canWrite: boolean }) {
  if (mappings.length === 0) {
    return <p className="text-sm text-slate-500" data-testid="mapping-empty">Variables appear here once the feed has been processed.</p>;
  }
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200">
      <table className="w-full text-left text-sm" data-testid="mapping-table">
        <thead className="bg-slate-50 text-xs font-semibold tracking-wide text-slate-500 uppercase">
          <tr>
            <th className="px-3 py-2">Name</th>
            <th className="px-3 py-2">Variable Path</th>
            <th className="px-3 py-2">Standard Variable</th>
            <th className="px-3 py-2">Description</th>
            <th className="px-3 py-2">Samples</th>
            <th className="px-3 py-2" />
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {mappings.map((m) => (
            // Keyed by version: after a save the row starts again from the stored values.
            <MappingRowEditor key={`${m.id}:${m.version}`} advertiserId={advertiserId} mapping={m} canWrite={canWrite} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

function MappingRowEditor({ advertiserId, mapping, canWrite }: { advertiserId: number; mapping: MappingRow; canWrite: boolean }) {
  const router = useRouter();
  const [standardVariable, setStandardVariable] = useState(mapping.standardVariable ?? "");
  const [description, setDescription] = useState(mapping.description ?? "");
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const dirty = standardVariable !== (mapping.standardVariable ?? "") || description !== (mapping.description ?? "");

  const save = async () => {
    setSaving(true);
    setError(null);
    try {
      const result = await updateVariableMappingAction(advertiserId, mapping.id, mapping.version, { standardVariable, description });
      if (expiredSession(result)) return;
      if (!result.ok) setError(Object.values(result.fieldErrors ?? {})[0] ?? result.formError ?? SERVER_ERROR_MESSAGE);
      else router.refresh();
    } catch {
      setError(SERVER_ERROR_MESSAGE);
    } finally {
      setSaving(false);
    }
  };

  return (
    <tr data-testid="mapping-row" data-name={mapping.name} className="align-top">
      <td className="px-3 py-2 font-medium text-slate-800">{mapping.name}</td>
      <td className="px-3 py-2 font-mono text-xs text-slate-600">{mapping.variablePath}</td>
      <td className="px-3 py-2">
        <select
          aria-label={`Standard variable of ${mapping.name}`}
          className={`${inputClass} min-w-40`}
          value={standardVariable}
          disabled={!canWrite}
          onChange={(e) => setStandardVariable(e.target.value)}
        >
          <option value="">Not mapped</option>
          {STANDARD_VARIABLES.map((v) => (
            <option key={v} value={v}>
              {v}
            </option>
          ))}
        </select>
      </td>
      <td className="px-3 py-2">
        <input
          aria-label={`Description of ${mapping.name}`}
          className={`${inputClass} min-w-48`}
          value={description}
          maxLength={500}
          disabled={!canWrite}
          onChange={(e) => setDescription(e.target.value)}
        />
        {error && (
          <p role="alert" className="mt-1 text-xs text-red-600">
            {error}
          </p>
        )}
      </td>
      <td className="max-w-72 px-3 py-2 text-xs text-slate-600">
        {mapping.samples.length ? mapping.samples.map((s, i) => <div key={i} className="truncate" title={s}>{s}</div>) : "-"}
      </td>
      <td className="px-3 py-2">
        <button type="button" className={secondaryButtonClass} disabled={!canWrite || !dirty || saving} onClick={() => void save()}>
          {saving ? "Saving..." : "Save"}
        </button>
      </td>
    </tr>
  );
}
