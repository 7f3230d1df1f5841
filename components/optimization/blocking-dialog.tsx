"use client";
// The strategy blocking dialog (shell.md 2.13, 4, 8; business.md 4), opened by
// the details page's Optimize button, which is disabled with the reason until
// the strategy is 30 days old or has 10 installs/conversions. A dropdown
// chooses 'App' (aggregators, the default) or 'Inventory' (sites); each tab
// loads its suggestions and the strategy's existing lists once (a loading bar
// meanwhile). Suggestions start selected; 'Add to blocked' moves the chosen
// ones to the new selection, 'Clear all' or a chip's × returns them. Save
// (read-write users only) sends what was added with the version read, after
// the warning 'All tagrgeted elements will be removed.' when a target list is
// replaced; then the dialog closes and the page refreshes.
import { useCallback, useEffect, useId, useState } from "react";
import { useRouter } from "next/navigation";
import type { RowSelectionState } from "@tanstack/react-table";
import { existingTargetingAction, optimizeStrategyAction, targetingSuggestionsAction } from "@/lib/optimization/blocking/actions";
import { removesTargeting, withoutExisting } from "@/lib/optimization/blocking/merge";
import {
  BLOCKING_ENTITIES,
  BLOCKING_ENTITY_LABELS,
  BLOCKING_MESSAGES as M,
  type BlockingEntity,
  type ExistingTargeting,
  type OptimizeEligibility,
  type Suggestion,
} from "@/lib/optimization/blocking/schema";
import type { ActionFailure } from "@/lib/actions/result";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import type { DataTableSort } from "@/components/ui/data-table";
import { Modal } from "@/components/ui/modal";
import { WarningNote } from "@/components/ui/warning-note";
import { ProgressBar } from "@/components/panels/progress-bar";
import { ExistingSelectionPanel, NewSelectionPanel, OptimizedState } from "./blocking-panels";
import { SuggestionTable } from "./blocking-table";

const WHAT: Record<BlockingEntity, string> = { aggregator: "apps", site: "inventory sources" };

interface Tab {
  status: "loading" | "ready" | "error";
  error: string | null;
  currencyCode: string;
  /** Suggestions still in the table (not in the new selection). */
  rows: Suggestion[];
  existing: ExistingTargeting | null;
  added: Suggestion[];
  selected: RowSelectionState;
  sort: DataTableSort | null;
  page: number;
}

const allSelected = (rows: readonly Suggestion[]): RowSelectionState => Object.fromEntries(rows.map((r) => [String(r.id), true]));
const failureText = (f: ActionFailure) => f.formError ?? Object.values(f.fieldErrors ?? {})[0] ?? M.failed;

const blankTab = (): Tab => ({ status: "loading", error: null, currencyCode: "", rows: [], existing: null, added: [], selected: {}, sort: { id: "revenue", desc: true }, page: 0 });

/** The tabs' state; a tab loads when first shown (the dialog is mounted on open, with the App tab). */
function useBlockingTabs(strategyId: number) {
  const [tabs, setTabs] = useState<Partial<Record<BlockingEntity, Tab>>>(() => ({ aggregator: blankTab() }));
  const update = useCallback((e: BlockingEntity, change: (tab: Tab) => Partial<Tab>) => {
    setTabs((all) => {
      const tab = all[e];
      return tab ? { ...all, [e]: { ...tab, ...change(tab) } } : all;
    });
  }, []);
  const fetchTab = useCallback(
    (entity: BlockingEntity) => {
      void Promise.all([targetingSuggestionsAction({ strategyId, entity }), existingTargetingAction({ strategyId, entity })]).then(([suggestions, existing]) => {
        if (!suggestions.ok || !existing.ok) {
          const failure = !suggestions.ok ? suggestions : (existing as ActionFailure);
          update(entity, () => ({ status: "error", error: failureText(failure) }));
          return;
        }
        const lists = { targetList: existing.data.targetList.map((i) => i.id), blockedList: existing.data.blockedList.map((i) => i.id) };
        const rows = withoutExisting(suggestions.data.recommendationList, lists);
        update(entity, () => ({ status: "ready", currencyCode: suggestions.data.currencyCode, rows, existing: existing.data, selected: allSelected(rows) }));
      });
    },
    [strategyId, update],
  );
  useEffect(() => fetchTab("aggregator"), [fetchTab]);
  const show = (entity: BlockingEntity) => {
    if (tabs[entity]) return;
    setTabs((all) => ({ ...all, [entity]: blankTab() }));
    fetchTab(entity);
  };
  return { tabs, update, show };
}

interface BlockingDialogProps {
  strategyId: number;
  strategyName: string;
  open: boolean;
  onOpenChange(open: boolean): void;
  /** Read-write users only (shell.md 6: Save disabled for demo and read-only users). */
  canSave: boolean;
}

export function BlockingDialog({ strategyId, strategyName, open, onOpenChange, canSave }: BlockingDialogProps) {
  const router = useRouter();
  const selectId = useId();
  const [entity, setEntity] = useState<BlockingEntity>("aggregator");
  const { tabs, update, show } = useBlockingTabs(strategyId);
  const [saving, setSaving] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);
  const tab = tabs[entity];
  const what = WHAT[entity];

  const close = (next: boolean) => {
    if (next || saving) return;
    onOpenChange(false); // unmounts the dialog: the next open loads afresh
  };

  const addSelected = () =>
    update(entity, (t) => {
      const moving = t.rows.filter((r) => t.selected[String(r.id)]);
      const rows = t.rows.filter((r) => !t.selected[String(r.id)]);
      return { rows, added: [...t.added, ...moving], selected: allSelected(rows), page: 0 };
    });
  const giveBack = (ids: Set<number>) =>
    update(entity, (t) => {
      const back = t.added.filter((r) => ids.has(r.id));
      return { added: t.added.filter((r) => !ids.has(r.id)), rows: [...t.rows, ...back], selected: { ...t.selected, ...allSelected(back) } };
    });

  const pending = BLOCKING_ENTITIES.flatMap((e) => (tabs[e]?.added.length ? [{ entity: e, tab: tabs[e] }] : []));
  const replacesTargeting = pending.some(({ tab: t }) => {
    const lists = t.existing ? { targetList: t.existing.targetList.map((i) => i.id), blockedList: t.existing.blockedList.map((i) => i.id) } : undefined;
    return removesTargeting(lists, t.added.map((r) => r.id));
  });

  const save = async () => {
    setConfirming(false);
    setSaving(true);
    setSaveError(null);
    const versions = pending.map(({ tab: t }) => t.existing?.version ?? 0);
    const ids = (e: BlockingEntity) => pending.find((p) => p.entity === e)?.tab.added.map((r) => r.id) ?? [];
    const result = await optimizeStrategyAction({ strategyId, aggregatorIds: ids("aggregator"), siteIds: ids("site"), version: Math.min(...versions) });
    setSaving(false);
    if (!result.ok) {
      setSaveError(failureText(result));
      return;
    }
    close(false);
    router.refresh();
  };

  const nothingLeft = tab?.status === "ready" && tab.rows.length === 0 && tab.added.length === 0;
  return (
    <>
      <Modal
        open={open}
        onOpenChange={close}
        title="Optimize strategy"
        description={`Block the apps or inventory sources of ${strategyName} that delivered in the past 30 days.`}
        width="min(96vw, 1200px)"
        dismissible="explicit"
        testId="blocking-dialog"
        footer={
          <>
            {!canSave ? <span className="mr-auto text-xs text-slate-500">Read-only and demo users cannot save.</span> : null}
            <Button onClick={() => close(false)} disabled={saving} data-testid="blocking-cancel">
              Cancel
            </Button>
            <Button
              variant="primary"
              busy={saving}
              disabled={!canSave || saving || pending.length === 0}
              onClick={() => (replacesTargeting ? setConfirming(true) : void save())}
              data-testid="blocking-save"
            >
              Save
            </Button>
          </>
        }
      >
        <ProgressBar active={tab?.status === "loading" || saving} />
        <div className="space-y-3 px-5 pt-3 pb-5">
          <div className="flex items-center gap-2">
            <label htmlFor={selectId} className="text-sm font-medium text-slate-700">
              Block
            </label>
            <select
              id={selectId}
              value={entity}
              onChange={(e) => {
                const next = e.target.value as BlockingEntity;
                setEntity(next);
                show(next);
              }}
              className="rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
              data-testid="blocking-entity"
            >
              {BLOCKING_ENTITIES.map((e) => (
                <option key={e} value={e}>
                  {BLOCKING_ENTITY_LABELS[e]}
                </option>
              ))}
            </select>
          </div>
          {saveError ? (
            <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700" data-testid="blocking-error">
              {saveError}
            </p>
          ) : null}
          {tab?.existing?.mode === "target" && tab.added.length > 0 ? <WarningNote testId="blocking-targeting-warning">{M.targetingRemoved}</WarningNote> : null}
          <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_300px]">
            {nothingLeft ? (
              <OptimizedState />
            ) : (
              <SuggestionTable
                rows={tab?.rows ?? []}
                currencyCode={tab?.currencyCode ?? ""}
                selected={tab?.selected ?? {}}
                onSelect={(selected) => update(entity, () => ({ selected }))}
                sort={tab?.sort ?? null}
                onSort={(sort) => update(entity, () => ({ sort, page: 0 }))}
                pageIndex={tab?.page ?? 0}
                onPage={(page) => update(entity, () => ({ page }))}
                onAdd={addSelected}
                loading={!tab || tab.status === "loading"}
                error={tab?.status === "error" ? tab.error : null}
                what={what}
              />
            )}
            <div className="space-y-3">
              <NewSelectionPanel
                items={tab?.added ?? []}
                onRemove={(item) => giveBack(new Set([item.id]))}
                onClear={() => giveBack(new Set(tab?.added.map((r) => r.id)))}
              />
              {tab?.existing ? <ExistingSelectionPanel mode={tab.existing.mode} targetList={tab.existing.targetList} blockedList={tab.existing.blockedList} what={what} /> : null}
            </div>
          </div>
        </div>
      </Modal>
      <ConfirmDialog
        open={confirming}
        message={M.targetingRemoved}
        confirmLabel="Yes"
        busy={saving}
        onConfirm={() => void save()}
        onCancel={() => setConfirming(false)}
        testId="blocking-confirm"
      />
    </>
  );
}

/** The details page's Optimize button: disabled with the reason until the strategy is eligible (business.md 4). */
export function OptimizeButton({ strategyId, strategyName, eligibility, canSave }: { strategyId: number; strategyName: string; eligibility: OptimizeEligibility; canSave: boolean }) {
  const [open, setOpen] = useState(false);
  const reasonId = useId();
  if (!eligibility.eligible) {
    return (
      <span title={eligibility.reason ?? undefined} data-testid="strategy-optimize-reason">
        <Button disabled aria-describedby={reasonId} data-testid="strategy-optimize">
          Optimize
        </Button>
        <span id={reasonId} className="sr-only">
          {eligibility.reason}
        </span>
      </span>
    );
  }
  return (
    <>
      <Button onClick={() => setOpen(true)} data-testid="strategy-optimize">
        Optimize
      </Button>
      {open ? <BlockingDialog strategyId={strategyId} strategyName={strategyName} open={open} onOpenChange={setOpen} canSave={canSave} /> : null}
    </>
  );
}
