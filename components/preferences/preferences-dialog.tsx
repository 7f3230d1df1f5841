"use client";
// Account Preferences (shell.md 2.12, 4, 5, 8): a 70% wide dialog listing the
// system presets and the user's own, with Apply, Edit, Delete, Clone, New
// Preference and Done; New, Edit and Clone switch to the form (step 1), Cancel
// or Save return to the list (step 0). Load and delete failures only remove
// the busy overlay (shell.md 8).
import { useCallback, useEffect, useState } from "react";
import { useRouter } from "next/navigation";
import type { Role } from "@/lib/auth/roles";
import { allowedColumnIds, PRESELECTED_METRIC_IDS } from "@/lib/metrics/catalogue";
import {
  applyPresetAction,
  createPresetAction,
  deletePresetAction,
  loadPreferencesAction,
  updatePresetAction,
} from "@/lib/preferences/actions";
import { DEFAULT_ROW_LIMIT, DEFAULT_TIMEZONE_ID } from "@/lib/preferences/defaults";
import type { PreferencesData } from "@/lib/preferences/list";
import type { PresetView } from "@/lib/preferences/mutations";
import { PRESET_MESSAGES } from "@/lib/preferences/schema";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { LAYER } from "@/components/ui/layers";
import { ModalClose } from "@/components/ui/modal";
import { PanelDialog } from "@/components/panels/panel-dialog";
import { expiredSession } from "@/components/account/session-events";
import { PRESET_DELETE_ERROR_MS } from "./constants";
import { PresetCard } from "./preset-card";
import { PresetForm, type PresetFormMode } from "./preset-form";

type Step = { kind: "list" } | { kind: "form"; mode: PresetFormMode; preset?: PresetView };

export function PreferencesDialog({ role, onClose }: { role: Role; onClose: () => void }) {
  const router = useRouter();
  const [data, setData] = useState<PreferencesData | null>(null);
  const [busy, setBusy] = useState(true);
  const [step, setStep] = useState<Step>({ kind: "list" });
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const [confirmDelete, setConfirmDelete] = useState<PresetView | null>(null);

  // Callers show the busy overlay first; the first load runs with it already shown.
  const load = useCallback(async () => {
    try {
      const result = await loadPreferencesAction();
      if (result.ok) setData(result.data);
      else expiredSession(result);
    } catch {
      // shell.md 8: no message
    } finally {
      setBusy(false);
    }
  }, []);

  useEffect(() => {
    let live = true;
    void Promise.resolve().then(() => {
      if (live) void load();
    });
    return () => {
      live = false;
    };
  }, [load]);

  useEffect(() => {
    if (!deleteError) return;
    const t = setTimeout(() => setDeleteError(null), PRESET_DELETE_ERROR_MS);
    return () => clearTimeout(t);
  }, [deleteError]);

  async function apply(preset: PresetView) {
    setBusy(true);
    try {
      const result = await applyPresetAction({ id: preset.id });
      if (!result.ok) {
        expiredSession(result);
        return;
      }
      router.refresh(); // every list takes the new columns, row limit and timezone
      await load();
    } finally {
      setBusy(false);
    }
  }

  function askDelete(preset: PresetView) {
    if (preset.selected) return setDeleteError(PRESET_MESSAGES.deleteSelected);
    setConfirmDelete(preset);
  }

  async function remove(preset: PresetView) {
    setConfirmDelete(null);
    setBusy(true);
    try {
      const result = await deletePresetAction({ id: preset.id });
      if (!result.ok) {
        if (!expiredSession(result) && result.status === 409 && result.formError) setDeleteError(result.formError);
        return;
      }
      await load();
    } finally {
      setBusy(false);
    }
  }

  const presets = data?.presets ?? [];
  const canEdit = data?.canEdit ?? false;

  return (
    <PanelDialog
      onClose={onClose}
      title="Account Preferences"
      width="max(70%, min(96vw, 360px))"
      testId="preferences-dialog"
    >
      {busy && (
        <div className={`absolute inset-0 ${LAYER.sticky} flex items-center justify-center rounded-xl bg-white/60`} role="status">
          <span className="text-sm text-slate-600">Please wait...</span>
        </div>
      )}
      {step.kind === "form" && data ? (
        <div className="flex min-h-0 flex-1 flex-col px-5 py-4">
          <PresetForm
            mode={step.mode}
            role={role}
            initial={formInitial(step, role)}
            takenNames={presets.filter((p) => !(step.mode === "edit" && p.id === step.preset?.id)).map((p) => p.name)}
            rowLimits={data.rowLimits}
            timezones={data.timezones}
            onSave={(values) =>
              step.mode === "edit" && step.preset
                ? updatePresetAction({ id: step.preset.id, version: step.preset.version, ...values })
                : createPresetAction(values)
            }
            onCancel={() => setStep({ kind: "list" })}
            onSaved={() => {
              setStep({ kind: "list" });
              if (step.mode === "edit" && step.preset?.selected) router.refresh();
              void load();
            }}
          />
        </div>
      ) : (
        <div className="flex min-h-0 flex-1 flex-col px-5 py-4">
          {deleteError && (
            <p role="alert" data-testid="preferences-error" className="mb-3 rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700">
              {deleteError}
            </p>
          )}
          <ul className="min-h-0 flex-1 space-y-2 overflow-y-auto pr-1">
            {presets.map((p) => (
              <PresetCard
                key={p.id}
                preset={p}
                canEdit={canEdit}
                busy={busy}
                onApply={() => void apply(p)}
                onEdit={() => setStep({ kind: "form", mode: "edit", preset: p })}
                onClone={() => setStep({ kind: "form", mode: "clone", preset: p })}
                onDelete={() => askDelete(p)}
              />
            ))}
          </ul>
          <div className="mt-4 flex justify-between gap-2 border-t border-slate-100 pt-4">
            <Button disabled={!canEdit || busy} onClick={() => setStep({ kind: "form", mode: "new" })}>
              New Preference
            </Button>
            <ModalClose asChild>
              <Button variant="primary">Done</Button>
            </ModalClose>
          </div>
        </div>
      )}
      <ConfirmDialog
        open={confirmDelete !== null}
        title="Delete Preference"
        message={confirmDelete ? `Are you sure you want to delete the preference ${confirmDelete.name}?` : ""}
        onConfirm={() => confirmDelete && void remove(confirmDelete)}
        onCancel={() => setConfirmDelete(null)}
      />
    </PanelDialog>
  );
}

/** shell.md 4: Clone clears the name and id and copies the values; metrics the role may not see are dropped. */
function formInitial(step: Extract<Step, { kind: "form" }>, role: Role) {
  const p = step.preset;
  if (!p || step.mode === "new") {
    return { name: "", rowLimit: DEFAULT_ROW_LIMIT, timezoneId: DEFAULT_TIMEZONE_ID, columns: allowedColumnIds(role, PRESELECTED_METRIC_IDS) };
  }
  return { name: step.mode === "clone" ? "" : p.name, rowLimit: p.rowLimit, timezoneId: p.timezoneId, columns: allowedColumnIds(role, p.columns) };
}

