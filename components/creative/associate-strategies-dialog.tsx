"use client";
// "Associate strategies" (business.md 7: creativesList, strategyList,
// replaceExistingCreatives false) for creatives or creative sets: a button
// opening a searchable, paged picker of the advertiser's strategies whose
// type takes this creative type (CTV/OTT only CTV video), marking those that
// already hold them; Save adds them to the chosen strategies (all or none).
// Embedded on the creative details page, the creative lists (selected rows)
// and the creative set details page (kind "creative_set").
import { useCallback, useEffect, useRef, useState, useTransition } from "react";
import { Modal } from "@/components/ui/modal";
import { Button } from "@/components/ui/button";
import { Checkbox, FormError, inputClass } from "@/components/ui/field";
import { Pagination } from "@/components/ui/pagination";
import { StatusDot } from "@/components/ui/status-dot";
import { FlashMessage, useFlashMessage } from "@/components/common/flash-message";
import { expiredSession } from "@/components/account/session-events";
import { associateStrategiesAction, strategyPickerAction } from "@/lib/creatives/actions";
import type { StrategyPickerPage } from "@/lib/creatives/strategy-picker";
import type { CreativeType } from "@/lib/generated/prisma/enums";

export interface AssociateStrategiesDialogProps {
  kind: "creative" | "creative_set";
  ids: number[];
  advertiserId: number;
  creativeType: CreativeType;
  /** The button is shown disabled (demo users, nothing selected). */
  disabled?: boolean;
  /** After a successful save (a list clears its selection). */
  onDone?(): void;
}

const SEARCH_DEBOUNCE_MS = 350;

export function AssociateStrategiesDialog({ kind, ids, advertiserId, creativeType, disabled = false, onDone }: AssociateStrategiesDialogProps) {
  const [open, setOpen] = useState(false);
  const [q, setQ] = useState("");
  const [page, setPage] = useState(1);
  const [data, setData] = useState<StrategyPickerPage | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [chosen, setChosen] = useState<Set<number>>(new Set());
  const [error, setError] = useState<string | null>(null);
  const [saving, startSaving] = useTransition();
  const [loading, startLoading] = useTransition();
  const flash = useFlashMessage(2500);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const idsKey = ids.join(",");

  const load = useCallback(
    (query: string, pageNo: number) =>
      startLoading(async () => {
        const result = await strategyPickerAction({ kind, ids: idsKey.split(",").map(Number), advertiserId, creativeType, q: query, page: pageNo }).catch(() => null);
        if (expiredSession(result)) return;
        if (result?.ok) {
          setData(result.data);
          setLoadError(null);
        } else setLoadError(result?.formError ?? "The strategies could not be loaded");
      }),
    [kind, idsKey, advertiserId, creativeType],
  );

  useEffect(() => {
    if (open) load(q, page);
    // q is applied through the debounced search below
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, page, load]);
  useEffect(() => () => clearTimeout(timer.current), []);

  function search(text: string) {
    setQ(text);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      setPage(1);
      load(text.trim(), 1);
    }, SEARCH_DEBOUNCE_MS);
  }

  function toggle(id: number) {
    setChosen((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  }

  function close() {
    setOpen(false);
    setChosen(new Set());
    setError(null);
    setQ("");
    setPage(1);
  }

  function save() {
    setError(null);
    startSaving(async () => {
      const result = await associateStrategiesAction({ kind, ids, strategyIds: [...chosen], replaceExisting: false }).catch(() => null);
      if (expiredSession(result)) return;
      if (result?.ok) {
        const n = chosen.size;
        close();
        flash.show("success", `Associated with ${n} ${n === 1 ? "strategy" : "strategies"}`);
        onDone?.();
      } else {
        setError(result?.fieldErrors ? Object.values(result.fieldErrors)[0] : (result?.formError ?? "The strategies could not be saved"));
      }
    });
  }

  const what = kind === "creative" ? (ids.length === 1 ? "creative" : "creatives") : ids.length === 1 ? "creative set" : "creative sets";
  return (
    <>
      <Button size="sm" disabled={disabled || ids.length === 0} onClick={() => setOpen(true)} data-testid="associate-strategies">
        Associate Strategies
      </Button>
      <FlashMessage message={flash.message} testId="associate-strategies-message" />
      <Modal
        open={open}
        onOpenChange={(next) => (next ? setOpen(true) : close())}
        title="Associate Strategies"
        description={`Add the ${what} to strategies of the same advertiser${creativeType === "CTV_VIDEO" ? " (CTV/OTT strategies)" : " (Multi Device strategies)"}.`}
        dismissible="explicit"
        width="min(92vw, 640px)"
        testId="associate-strategies-dialog"
        footer={
          <>
            <Button onClick={close}>Cancel</Button>
            <Button variant="primary" disabled={saving || chosen.size === 0} onClick={save} data-testid="associate-strategies-save">
              {saving ? "Saving..." : "Save"}
            </Button>
          </>
        }
      >
        <div className="space-y-3">
          <input
            type="search"
            value={q}
            onChange={(e) => search(e.target.value)}
            placeholder="Search strategies by name or id"
            aria-label="Search strategies"
            maxLength={100}
            className={inputClass(false)}
          />
          <FormError message={error ?? loadError} testId="associate-strategies-error" />
          {data && data.rows.length === 0 ? (
            <p className="py-6 text-center text-sm text-slate-600">No Strategy found.</p>
          ) : (
            <ul className={`divide-y divide-slate-100 ${loading ? "opacity-60" : ""}`} aria-busy={loading} data-testid="associate-strategies-list">
              {data?.rows.map((s) => (
                <li key={s.id} className="flex items-center gap-3 py-2 text-sm">
                  <Checkbox
                    id={`associate-strategy-${s.id}`}
                    checked={s.associated || chosen.has(s.id)}
                    disabled={s.associated}
                    onChange={() => toggle(s.id)}
                    aria-label={`Associate with ${s.name}`}
                  />
                  <label htmlFor={`associate-strategy-${s.id}`} className="flex-1 truncate" data-testid="associate-strategy-row">
                    <span className="font-medium">{s.name}</span> <span className="text-slate-500">#{s.id} · {s.campaignName}</span>
                  </label>
                  <StatusDot active={s.active} />
                  {s.associated && <span className="text-xs text-slate-500">Already associated</span>}
                </li>
              ))}
            </ul>
          )}
          {data && data.total > data.pageSize && (
            <Pagination compact pageIndex={data.page - 1} pageSize={data.pageSize} total={data.total} pageSizes={[data.pageSize]} onChange={({ pageIndex }) => setPage(pageIndex + 1)} />
          )}
        </div>
      </Modal>
    </>
  );
}
