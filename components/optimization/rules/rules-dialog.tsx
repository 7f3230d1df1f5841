"use client";
// The strategy's optimization rules screen (shell.md 2.13, 4), opened from the
// strategy details page. A Rule tab in the modes DETAILS (New Rule, a panel
// per rule, 'No rules available', the 'Do not block apps' row), CREATE_FORM,
// EDIT_FORM and DO_NOT_BLOCK, each form returning to DETAILS after Back or
// Save; and an Inventory / App tab (the blocking dialog's entry, given by the page).
// Run asks first (a run may take up to 30 minutes), then reloads the rules,
// their logs and the page; while a rule runs the screen checks again every few
// seconds. Delete asks whether to unblock the apps the rule blocked.
import { useCallback, useEffect, useRef, useState, type ReactNode } from "react";
import { useRouter } from "next/navigation";
import { deleteRuleAction, runRuleAction, strategyRulesScreenAction } from "@/lib/optimization/actions";
import { neverBlockSummary } from "@/lib/optimization/app-list";
import type { AppChoice } from "@/lib/optimization/never-block";
import type { RuleLogEntry, RuleView } from "@/lib/optimization/rules";
import { SERVER_ERROR_MESSAGE } from "@/lib/actions/result";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Checkbox, FormError } from "@/components/ui/field";
import { Modal } from "@/components/ui/modal";
import { Tab, TabList, TabPanel, Tabs } from "@/components/ui/tabs";
import { ProgressBar } from "@/components/panels/progress-bar";
import { NeverBlockEditor } from "./never-block-editor";
import { RuleForm } from "./rule-form";
import { RulePanel } from "./rule-panel";

export type RulesMode = "DETAILS" | "CREATE_FORM" | "EDIT_FORM" | "DO_NOT_BLOCK";
type Section = "rule" | "inventory";
interface ScreenData {
  rules: RuleView[];
  logs: Record<number, RuleLogEntry[]>;
  neverBlock: AppChoice[];
}

const POLL_MS = 5000;
export const RUN_QUESTION = "Run this rule now? A run may take up to 30 minutes; the rule cannot be edited, deleted or run again until it finishes.";

export interface RulesDialogProps {
  strategyId: number;
  strategyName: string;
  currencyCode: string;
  timeZone: string;
  canWrite: boolean;
  /** The Inventory / App tab's content (the blocking dialog's entry). */
  inventoryTab?: ReactNode;
}

/**
 * The screen's data, loaded on opening and after changes, and checked again
 * every few seconds while a rule runs; `onRunFinished` once no rule runs any
 * more (the run changed the strategy's blocked apps: the page reloads them).
 */
function useScreenData(strategyId: number, open: boolean, onRunFinished: () => void) {
  const [data, setData] = useState<ScreenData | null>(null);
  const [error, setError] = useState<string | null>(null);
  const load = useCallback(async () => {
    const result = await strategyRulesScreenAction({ strategyId }).catch(() => null);
    if (result?.ok) {
      setData(result.data);
      setError(null);
    } else setError(result?.formError ?? SERVER_ERROR_MESSAGE);
  }, [strategyId]);
  const running = data?.rules.some((r) => r.state === "RUNNING") ?? false;
  useEffect(() => {
    if (!open || !running) return;
    const timer = setInterval(() => void load(), POLL_MS);
    return () => clearInterval(timer);
  }, [open, running, load]);
  const wasRunning = useRef(false);
  useEffect(() => {
    if (wasRunning.current && !running) onRunFinished();
    wasRunning.current = running;
  }, [running, onRunFinished]);
  return { data, error, load };
}

export function RulesDialog({ strategyId, strategyName, currencyCode, timeZone, canWrite, inventoryTab }: RulesDialogProps) {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [tab, setTab] = useState<Section>("rule");
  const [mode, setMode] = useState<RulesMode>("DETAILS");
  const [editing, setEditing] = useState<RuleView | null>(null);
  const [asking, setAsking] = useState<{ kind: "run" | "delete"; rule: RuleView } | null>(null);
  const [unblock, setUnblock] = useState(true);
  const [busy, setBusy] = useState(false);
  const [actionError, setActionError] = useState<string | null>(null);
  const refreshPage = useCallback(() => router.refresh(), [router]);
  const { data, error, load } = useScreenData(strategyId, open, refreshPage);

  const backToDetails = async (changed: boolean) => {
    setMode("DETAILS");
    setEditing(null);
    if (changed) {
      await load();
      router.refresh();
    }
  };

  async function confirm() {
    if (!asking) return;
    setBusy(true);
    setActionError(null);
    const result =
      asking.kind === "run"
        ? await runRuleAction({ ruleId: asking.rule.id }).catch(() => null)
        : await deleteRuleAction({ ruleId: asking.rule.id, unblockApps: unblock }).catch(() => null);
    setBusy(false);
    if (!result?.ok) {
      setActionError(result?.formError ?? SERVER_ERROR_MESSAGE);
      return;
    }
    setAsking(null);
    await load();
    router.refresh();
  }

  /** The Rule tab: loading, the forms of its modes, or the rules with their panels. */
  const ruleTab = () =>
    !data ? (
      error ? (
        <FormError message={error} />
      ) : (
        <div className="space-y-2 text-sm text-slate-600">
          <ProgressBar active />
          <p>Loading...</p>
        </div>
      )
    ) : mode === "CREATE_FORM" || mode === "EDIT_FORM" ? (
      <RuleForm strategyId={strategyId} rule={mode === "EDIT_FORM" ? editing : null} onBack={() => void backToDetails(false)} onSaved={() => void backToDetails(true)} />
    ) : mode === "DO_NOT_BLOCK" ? (
      <NeverBlockEditor strategyId={strategyId} initial={data.neverBlock} canWrite={canWrite} onBack={() => void backToDetails(false)} onSaved={() => void backToDetails(true)} />
    ) : (
      <div className="space-y-3" data-testid="rules-details">
        <div className="flex justify-end">
          <Button variant="primary" disabled={!canWrite} onClick={() => setMode("CREATE_FORM")} data-testid="rules-new">
            New Rule
          </Button>
        </div>
        {data.rules.length === 0 ? (
          <p className="rounded border border-dashed border-slate-300 p-6 text-center text-sm text-slate-600" data-testid="rules-empty">
            No rules available
          </p>
        ) : (
          data.rules.map((rule, i) => (
            <RulePanel
              key={rule.id}
              rule={rule}
              index={i}
              log={data.logs[rule.id] ?? []}
              currencyCode={currencyCode}
              timeZone={timeZone}
              canWrite={canWrite}
              onEdit={() => {
                setEditing(rule);
                setMode("EDIT_FORM");
              }}
              onDelete={() => {
                setUnblock(true);
                setAsking({ kind: "delete", rule });
              }}
              onRun={() => setAsking({ kind: "run", rule })}
            />
          ))
        )}
        <div className="flex items-center justify-between gap-3 rounded-lg border border-slate-200 px-4 py-3" data-testid="never-block-row">
          <div>
            <div className="text-sm font-semibold text-slate-800">Do not block apps</div>
            <div className="text-sm text-slate-600" data-testid="never-block-summary-row">
              {neverBlockSummary(data.neverBlock.map((a) => a.name))}
            </div>
          </div>
          <Button size="sm" disabled={!canWrite} onClick={() => setMode("DO_NOT_BLOCK")} data-testid="never-block-open">
            Add
          </Button>
        </div>
      </div>
    );

  return (
    <>
      <Button
        onClick={() => {
          setOpen(true);
          void load();
        }}
        data-testid="strategy-rules"
      >
        Optimization Rules
      </Button>
      <Modal open={open} onOpenChange={setOpen} title={`Optimization Rules: ${strategyName}`} width="min(96vw, 960px)" dismissible="explicit" testId="rules-dialog">
        <Tabs value={tab} onValueChange={(value) => setTab(value as Section)}>
          <TabList label="Optimization">
            <Tab value="rule" data-testid="rules-tab-rule">
              Rule
            </Tab>
            <Tab value="inventory" data-testid="rules-tab-inventory">
              Inventory / App
            </Tab>
          </TabList>
          <TabPanel value="inventory" className="space-y-3 text-sm text-slate-700">
            <p>Block apps (exchanges) and inventory sources that spent without converting over the past 30 days, chosen from suggestions.</p>
            {inventoryTab}
          </TabPanel>
          <TabPanel value="rule">{ruleTab()}</TabPanel>
        </Tabs>
      </Modal>
      <ConfirmDialog
        open={asking !== null}
        title={asking?.kind === "run" ? "Run rule" : "Delete rule"}
        message={asking?.kind === "run" ? RUN_QUESTION : "Delete this rule? It will not run again."}
        confirmLabel={asking?.kind === "run" ? "Run" : "Delete"}
        variant={asking?.kind === "run" ? "primary" : "danger"}
        busy={busy}
        error={actionError}
        onConfirm={() => void confirm()}
        onCancel={() => {
          setAsking(null);
          setActionError(null);
        }}
        testId="rules-confirm"
      >
        {asking?.kind === "delete" ? (
          <label className="mt-3 flex items-center gap-2 text-sm text-slate-700">
            <Checkbox checked={unblock} onChange={(e) => setUnblock(e.target.checked)} data-testid="rules-unblock" />
            Unblock all apps this rule blocked
          </label>
        ) : null}
      </ConfirmDialog>
    </>
  );
}
