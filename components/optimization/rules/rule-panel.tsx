"use client";
// One rule of the rules screen (shell.md 2.13, 3, 4): an expandable panel with
// its limits, expected results, time window, state and last run, its log of
// blocked apps, and Edit, Delete and Run. A RUNNING rule has all three
// disabled, with the reason beside them and as their tooltip.
import { useId, useState } from "react";
import { formatDecimalText, formatTimestamp } from "@/lib/format";
import { CONV_TYPE_LABELS } from "@/lib/optimization/rule-form";
import type { RuleLogEntry, RuleView } from "@/lib/optimization/rules";
import { Button } from "@/components/ui/button";
import { createDataColumns, DataTable } from "@/components/ui/data-table";

/** shell.md 4's tooltip for a running rule (the server refuses with the same words). */
export const RUNNING_TOOLTIP = "This rule is running. Please check again later.";

const STATE_STYLE: Record<string, string> = {
  RUNNING: "bg-amber-100 text-amber-800",
  STOPPED: "bg-slate-100 text-slate-700",
};

function Row({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className="text-sm text-slate-800">{value}</dd>
    </div>
  );
}

export interface RulePanelProps {
  rule: RuleView;
  index: number;
  log: readonly RuleLogEntry[];
  currencyCode: string;
  timeZone: string;
  canWrite: boolean;
  onEdit(): void;
  onDelete(): void;
  onRun(): void;
}

export function RulePanel({ rule, index, log, currencyCode, timeZone, canWrite, onEdit, onDelete, onRun }: RulePanelProps) {
  const [open, setOpen] = useState(index === 0);
  const bodyId = useId();
  const running = rule.state === "RUNNING";
  const money = (v: string | null) => (v === null ? "—" : `${currencyCode} ${formatDecimalText(v)}`);
  const count = (v: number | null) => (v === null ? "—" : v.toLocaleString("en-US"));
  const actionTitle = running ? RUNNING_TOOLTIP : undefined;
  const disabled = running || !canWrite;

  return (
    <section className="rounded-lg border border-slate-200" data-testid="rule-panel" data-rule-id={rule.id} data-state={rule.state ?? "NONE"}>
      <h3 className="m-0">
        <button
          type="button"
          aria-expanded={open}
          aria-controls={bodyId}
          onClick={() => setOpen((o) => !o)}
          className="flex w-full items-center justify-between gap-3 px-4 py-3 text-left text-sm font-semibold text-slate-800 hover:bg-slate-50"
          data-testid="rule-panel-toggle"
        >
          <span>
            Rule {index + 1}
            <span className="ml-2 font-normal text-slate-600">
              {[rule.spend !== null && `Spend ≥ ${money(rule.spend)}`, rule.imps !== null && `Imps ≥ ${count(rule.imps)}`, rule.clicks !== null && `Clicks ≥ ${count(rule.clicks)}`]
                .filter(Boolean)
                .join(", ")}
              {` → fewer than ${rule.convs} ${CONV_TYPE_LABELS[rule.convType].toLowerCase()} in ${rule.durationDays} days`}
            </span>
          </span>
          <span className={`rounded px-2 py-0.5 text-xs font-medium ${STATE_STYLE[rule.state ?? "STOPPED"]}`} data-testid="rule-state">
            {rule.state ?? "NOT RUN"}
          </span>
        </button>
      </h3>
      {open ? (
        <div id={bodyId} className="space-y-4 border-t border-slate-200 px-4 py-3">
          <dl className="grid gap-3 sm:grid-cols-4">
            <Row label="Spend" value={money(rule.spend)} />
            <Row label="Impressions" value={count(rule.imps)} />
            <Row label="Clicks" value={count(rule.clicks)} />
            <Row label="Expected Results" value={`${rule.convs} ${CONV_TYPE_LABELS[rule.convType]}`} />
            <Row label="Duration" value={`${rule.durationDays} days`} />
            <Row label="Refresh Rate" value={rule.refreshRateDays === null ? "Every day" : `${rule.refreshRateDays} day(s)`} />
            <Row label="Created" value={formatTimestamp(rule.createdAt, timeZone)} />
            <Row label="Last Run" value={rule.lastRunAt ? formatTimestamp(rule.lastRunAt, timeZone) : "Never"} />
          </dl>
          <div className="flex flex-wrap items-center gap-2">
            <span title={actionTitle}>
              <Button size="sm" disabled={disabled} onClick={onEdit} data-testid="rule-edit">
                Edit
              </Button>
            </span>
            <span title={actionTitle}>
              <Button size="sm" variant="danger-outline" disabled={disabled} onClick={onDelete} data-testid="rule-delete">
                Delete
              </Button>
            </span>
            <span title={actionTitle}>
              <Button size="sm" variant="primary" disabled={disabled} onClick={onRun} data-testid="rule-run">
                Run
              </Button>
            </span>
            {running ? (
              <span role="status" className="text-xs text-amber-700" data-testid="rule-running-note">
                {RUNNING_TOOLTIP}
              </span>
            ) : null}
          </div>
          <RuleLog log={log} currencyCode={currencyCode} timeZone={timeZone} />
        </div>
      ) : null}
    </section>
  );
}

const logColumn = createDataColumns<RuleLogEntry>();
const thousands = (v: number) => v.toLocaleString("en-US");

function logColumns(currencyCode: string, timeZone: string) {
  return [
    logColumn.display({
      id: "app",
      header: "App",
      cell: ({ row }) => (
        <>
          {row.original.app.name}
          <span className="block text-xs text-slate-500">{row.original.app.packageName}</span>
        </>
      ),
    }),
    logColumn.accessor((e) => `${currencyCode} ${formatDecimalText(e.spend)}`, { id: "spend", header: "Spend" }),
    logColumn.accessor((e) => thousands(e.imps), { id: "imps", header: "Imps" }),
    logColumn.accessor((e) => thousands(e.clicks), { id: "clicks", header: "Clicks" }),
    logColumn.accessor((e) => thousands(e.convs), { id: "convs", header: "Convs" }),
    logColumn.accessor((e) => formatTimestamp(e.runAt, timeZone), { id: "time", header: "Time" }),
  ];
}

function RuleLog({ log, currencyCode, timeZone }: { log: readonly RuleLogEntry[]; currencyCode: string; timeZone: string }) {
  if (log.length === 0) return <p className="text-sm text-slate-600" data-testid="rule-log-empty">No logs available</p>;
  return (
    <DataTable
      columns={logColumns(currencyCode, timeZone)}
      rows={[...log]}
      rowId={(entry, i) => `${entry.app.id}-${entry.runAt}-${i}`}
      emptyText={null}
      caption="Apps blocked by this rule"
      testId="rule-log"
      density="compact"
      stickyHeader
      className="flex max-h-72 flex-col overflow-hidden rounded border border-slate-200"
      rowAttributes={() => ({ "data-testid": "rule-log-row" })}
    />
  );
}
