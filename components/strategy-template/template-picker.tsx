"use client";
// 'Use a template' in the strategy wizard's basic step (create only): the
// 'Select Strategy Templates' picker (shell.md 2.8) lists every template of
// the licensee, filtered in the browser by goal (shell.md 7) and by name;
// Done with none chosen warns as every picker does. The chosen template's
// values come from the server through the one strategy schema's input and
// replace the wizard's, keeping its campaign, name, schedule and pixels.
import { useEffect, useMemo, useState } from "react";
import { listStrategyTemplatesAction, templateWizardValuesAction } from "@/lib/strategy-templates/actions";
import type { TemplatePickerItem } from "@/lib/strategy-templates/queries";
import type { StrategyFormInput } from "@/lib/strategies/form";
import { STRATEGY_PRICING_TYPES } from "@/lib/strategies/options";
import { expiredSession } from "@/components/account/session-events";
import { Button } from "@/components/ui/button";
import { inputClass } from "@/components/ui/field";
import { Modal } from "@/components/ui/modal";

const goalText = (goal: string) => STRATEGY_PRICING_TYPES.find((p) => p.value === goal)?.label ?? goal;

export interface TemplatePickerProps {
  chosen: { id: number; templateName: string } | null;
  campaignId: number | null;
  disabled?: boolean;
  onApply(template: { id: number; templateName: string }, values: StrategyFormInput): void;
}

export function TemplatePicker({ chosen, campaignId, disabled, onApply }: TemplatePickerProps) {
  const [open, setOpen] = useState(false);
  const [rows, setRows] = useState<TemplatePickerItem[] | null>(null);
  const [goal, setGoal] = useState("");
  const [q, setQ] = useState("");
  const [selected, setSelected] = useState<number | null>(chosen?.id ?? null);
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!open) return;
    let live = true;
    void listStrategyTemplatesAction().then((result) => {
      if (!live || expiredSession(result)) return;
      if (result.ok) setRows(result.data);
      else setMessage(result.formError ?? "The templates could not be loaded.");
    });
    return () => {
      live = false;
    };
  }, [open]);

  const shown = useMemo(
    () => (rows ?? []).filter((t) => (!goal || t.goal === goal) && (!q || t.templateName.toLowerCase().includes(q.toLowerCase()))),
    [rows, goal, q],
  );

  const done = async () => {
    if (selected === null) {
      setMessage("Please select one of the Strategy Templates to continue.");
      return;
    }
    setBusy(true);
    const result = await templateWizardValuesAction({ id: selected, campaignId });
    setBusy(false);
    if (expiredSession(result)) return;
    if (!result.ok) {
      setMessage(result.formError ?? "No strategy template found.");
      return;
    }
    onApply(result.data.template, result.data.values);
    setOpen(false);
  };

  return (
    <div className="flex flex-wrap items-center gap-3" data-testid="wizard-template">
      <Button disabled={disabled} onClick={() => { setMessage(null); setOpen(true); }} data-testid="wizard-use-template">
        Use a template
      </Button>
      <span className="text-sm text-slate-600" data-testid="wizard-template-name">
        {chosen ? `From template: ${chosen.templateName}` : "Start from a saved strategy template's settings."}
      </span>
      <Modal
        open={open}
        onOpenChange={setOpen}
        title="Select Strategy Templates"
        width="min(94vw, 760px)"
        testId="template-picker"
        footer={
          <>
            <Button onClick={() => setOpen(false)}>Cancel</Button>
            <Button variant="primary" busy={busy} onClick={() => void done()} data-testid="template-picker-done">
              Done
            </Button>
          </>
        }
      >
        <div className="space-y-3 px-5 py-4">
          <div className="flex flex-wrap gap-3">
            <label className="block text-xs font-medium text-slate-600">
              Goal
              <select value={goal} onChange={(e) => setGoal(e.target.value)} className={`mt-1 ${inputClass(false, { width: "w-auto" })}`} data-testid="template-picker-goal">
                <option value="">All</option>
                {STRATEGY_PRICING_TYPES.map((p) => (
                  <option key={p.value} value={p.value}>
                    {p.label}
                  </option>
                ))}
              </select>
            </label>
            <label className="block text-xs font-medium text-slate-600">
              Search
              <input type="search" value={q} onChange={(e) => setQ(e.target.value)} placeholder="Template name" className={`mt-1 ${inputClass(false, { width: "w-64" })}`} />
            </label>
          </div>
          {message ? (
            <p role="alert" className="text-sm text-red-600" data-testid="template-picker-message">
              {message}
            </p>
          ) : null}
          {rows === null ? (
            <p className="text-sm text-slate-600">Loading…</p>
          ) : shown.length === 0 ? (
            <p className="text-sm text-slate-600">No strategy template found.</p>
          ) : (
            <div role="radiogroup" aria-label="Strategy templates" className="max-h-80 divide-y divide-slate-100 overflow-auto rounded border border-slate-200">
              {shown.map((t) => (
                <label key={t.id} className="flex cursor-pointer items-start gap-3 px-3 py-2 text-sm hover:bg-slate-50" data-testid="template-picker-row">
                  <input type="radio" name="template" checked={selected === t.id} onChange={() => setSelected(t.id)} className="mt-1" />
                  <span className="min-w-0 flex-1">
                    <span className="block font-medium text-slate-900">{t.templateName}</span>
                    <span className="block truncate text-slate-600" title={t.description ?? ""}>
                      {t.description ?? ""}
                    </span>
                  </span>
                  <span className="text-slate-600">{goalText(t.goal)}</span>
                  <span className="w-16 text-right text-slate-600" title="Total usage">
                    {t.totalUsage}
                  </span>
                </label>
              ))}
            </div>
          )}
        </div>
      </Modal>
    </div>
  );
}
