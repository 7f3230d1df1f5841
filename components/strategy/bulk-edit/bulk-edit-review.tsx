"use client";
// The bulk edit's review step (business.md 2 "bulk-edit review"): per strategy
// what will change (field, old -> new; lists as items removed and added, by
// name), the strategies the edit leaves unchanged, and the strategies whose
// result breaks a rule (then nothing can be applied). Apply asks first, then
// writes all or nothing against the versions the review was computed on;
// strategies changed since are named and nothing is saved.
import { useState, useTransition } from "react";
import Link from "next/link";
import { expiredSession } from "@/components/account/session-events";
import { Button, buttonClass } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { FormError } from "@/components/ui/field";
import { SERVER_ERROR_MESSAGE } from "@/lib/actions/result";
import { applyStrategyBulkEditAction } from "@/lib/strategies/bulk-edit/actions";
import type { BulkEdit } from "@/lib/strategies/bulk-edit/merge";
import type { BulkEditPlan } from "@/lib/strategies/bulk-edit/plan";
import type { ChangedField } from "@/lib/audit/diff";
import { createDataColumns, DataTable } from "@/components/ui/data-table";

const column = createDataColumns<ChangedField>();
/** Field, old -> new; the arrow is for the eye, the headers name the columns for screen readers. */
const CHANGE_COLUMNS = [
  column.accessor("fieldName", { id: "field", header: "Field", meta: { cellClassName: "w-1/4 text-slate-600" } }),
  column.accessor((c) => c.oldValue ?? "-", { id: "old", header: "Old", meta: { cellClassName: "text-slate-800" } }),
  column.display({ id: "arrow", header: "", meta: { cellClassName: "text-slate-500" }, cell: () => <span aria-hidden="true">-&gt;</span> }),
  column.accessor((c) => c.newValue ?? "-", { id: "new", header: "New", meta: { cellClassName: "text-slate-900" } }),
];

export function BulkEditReview({ ids, plan, edit, onBack }: { ids: number[]; plan: BulkEditPlan; edit: BulkEdit; onBack(): void }) {
  const [asking, setAsking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<{ changed: number; unchanged: number } | null>(null);
  const [busy, start] = useTransition();
  const versions = Object.fromEntries([...plan.changed, ...plan.unchanged, ...plan.problems].map((s) => [String(s.id), s.version]));

  function apply() {
    start(async () => {
      const result = await applyStrategyBulkEditAction({ ids, versions, ...edit }).catch(() => null);
      setAsking(false);
      if (expiredSession(result)) return;
      if (result?.ok) setDone(result.data);
      // A refusal about the selection (an A/B arm among the ids) comes beside the ids, which this step does not show as a field.
      else setError(Object.values(result?.fieldErrors ?? {})[0] ?? result?.formError ?? SERVER_ERROR_MESSAGE);
    });
  }

  if (done) {
    return (
      <div className="space-y-4" data-testid="bulk-edit-done">
        <p role="status" className="rounded-md bg-emerald-50 px-4 py-3 text-sm text-emerald-800">
          Saved: {done.changed} {done.changed === 1 ? "strategy" : "strategies"} changed, {done.unchanged} unchanged.
        </p>
        <Link href="/strategy" className={buttonClass("secondary", "md")}>
          Back to strategies
        </Link>
      </div>
    );
  }

  return (
    <div className="space-y-6" data-testid="bulk-edit-review-step">
      <h2 className="text-lg font-semibold text-slate-900">Review</h2>
      <FormError message={error} testId="bulk-edit-error" />
      {plan.problems.length > 0 ? (
        <section className="rounded-md border border-red-200 bg-red-50 p-4" data-testid="bulk-edit-problems">
          <h3 className="font-medium text-red-800">These strategies would break a rule; nothing can be saved until the edit is changed:</h3>
          <ul className="mt-2 list-disc pl-5 text-sm text-red-800">
            {plan.problems.map((p) => (
              <li key={p.id}>
                <span className="font-medium">{p.name}</span>: {p.messages.join("; ")}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <section data-testid="bulk-edit-changed">
        <h3 className="font-medium text-slate-800">Will change ({plan.changed.length})</h3>
        {plan.changed.length === 0 ? <p className="text-sm text-slate-600">No strategy changes with this edit.</p> : null}
        {plan.changed.map((s) => (
          <div key={s.id} className="mt-3 rounded-md border border-slate-200" data-testid="bulk-edit-strategy">
            <p className="border-b border-slate-200 bg-slate-50 px-3 py-2 text-sm font-medium">{s.name}</p>
            <DataTable
              columns={CHANGE_COLUMNS}
              rows={s.changes}
              rowId={(c) => c.fieldName}
              emptyText={null}
              headerRow="sr-only"
              density="compact"
              className="bg-white"
              rowAttributes={() => ({ "data-testid": "bulk-edit-change" })}
            />
          </div>
        ))}
      </section>
      {plan.unchanged.length > 0 ? (
        <section data-testid="bulk-edit-unchanged">
          <h3 className="font-medium text-slate-800">Unchanged ({plan.unchanged.length})</h3>
          <p className="text-sm text-slate-600">{plan.unchanged.map((s) => s.name).join(", ")}</p>
        </section>
      ) : null}
      <div className="flex justify-end gap-3">
        <Button type="button" variant="secondary" onClick={onBack} disabled={busy}>
          Back to edit
        </Button>
        <Button type="button" variant="primary" disabled={busy || plan.problems.length > 0 || plan.changed.length === 0} onClick={() => setAsking(true)} data-testid="bulk-edit-apply">
          Apply to {plan.changed.length} {plan.changed.length === 1 ? "strategy" : "strategies"}
        </Button>
      </div>
      <ConfirmDialog
        open={asking}
        title="Warning"
        message={`Are you sure you want to change ${plan.changed.length} ${plan.changed.length === 1 ? "strategy" : "strategies"}?`}
        busy={busy}
        onConfirm={apply}
        onCancel={() => setAsking(false)}
      />
    </div>
  );
}
