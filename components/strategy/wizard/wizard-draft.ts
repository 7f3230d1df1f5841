"use client";
// The wizard's draft in the browser's localStorage, so nothing typed is lost
// to a reload, a closed tab or an expired session: the form's
// values, the step and the highest step visited, kept per licensee, user and
// strategy ("new" for a strategy being created) as the user types, offered
// back on return and removed once saved. An edit's draft keeps the version it
// was typed on: saved later, it meets the conflict check like any stale edit.
import { useEffect, useRef, type RefObject } from "react";
import type { UseFormReturn } from "react-hook-form";
import type { WizardValues } from "./wizard-fields";

export interface WizardDraft {
  values: WizardValues;
  step: number;
  highest: number;
  /** When it was written (epoch ms). */
  savedAt: number;
  /** Edit: the strategy version the draft was typed on. */
  baseVersion: number | null;
  /** Names of the geographies it names, for their chips. */
  geoNames: Record<string, string>;
}

const PREFIX = "dsp.strategyDraft";
/** Writes wait for a pause in typing. */
export const DRAFT_DELAY_MS = 400;

export function draftKey(owner: { licenseeId: number; userId: number }, strategyId: number | null): string {
  return `${PREFIX}.${owner.licenseeId}.${owner.userId}.${strategyId ?? "new"}`;
}

export function readDraft(key: string): WizardDraft | null {
  try {
    const raw = localStorage.getItem(key);
    if (!raw) return null;
    const draft = JSON.parse(raw) as Partial<WizardDraft>;
    if (!draft || typeof draft !== "object" || !draft.values || typeof draft.values !== "object") return null;
    return {
      values: draft.values,
      step: Number.isInteger(draft.step) ? draft.step! : 0,
      highest: Number.isInteger(draft.highest) ? draft.highest! : 0,
      savedAt: typeof draft.savedAt === "number" ? draft.savedAt : Date.now(),
      baseVersion: typeof draft.baseVersion === "number" ? draft.baseVersion : null,
      geoNames: draft.geoNames && typeof draft.geoNames === "object" ? draft.geoNames : {},
    };
  } catch {
    return null;
  }
}

export function writeDraft(key: string, draft: WizardDraft): void {
  try {
    localStorage.setItem(key, JSON.stringify(draft));
  } catch {
    // Storage full or disabled: the wizard still works, only without a draft.
  }
}

export function clearDraft(key: string): void {
  try {
    localStorage.removeItem(key);
  } catch {
    // Nothing kept, nothing to remove.
  }
}

/**
 * Keeps the draft of `form` as the user types (after a short pause) and when
 * `meta` changes (a new step); a form back to its starting values has none.
 * Off for users who cannot save, and at once when `stopped` is set (a
 * successful save: a write still pending must not bring back the draft it cleared).
 */
export function useDraftAutosave(
  key: string,
  form: UseFormReturn<WizardValues>,
  enabled: boolean,
  meta: Omit<WizardDraft, "values" | "savedAt">,
  stopped: RefObject<boolean>,
): void {
  const latest = useRef(meta);
  const pending = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => {
    latest.current = meta;
  });
  useEffect(() => {
    if (!enabled) return;
    const save = () => {
      if (stopped.current) return;
      if (!form.formState.isDirty) return clearDraft(key);
      writeDraft(key, { values: form.getValues(), savedAt: Date.now(), ...latest.current });
    };
    const subscription = form.watch(() => {
      clearTimeout(pending.current);
      pending.current = setTimeout(save, DRAFT_DELAY_MS);
    });
    // Leaving the page (a reload, an expired session's sign-in page) keeps what was typed last.
    window.addEventListener("pagehide", save);
    return () => {
      clearTimeout(pending.current);
      subscription.unsubscribe();
      window.removeEventListener("pagehide", save);
    };
  }, [key, form, enabled, stopped]);

  // A new step or highest step is worth keeping at once.
  const { step, highest } = meta;
  useEffect(() => {
    if (!enabled || stopped.current || !form.formState.isDirty) return;
    writeDraft(key, { values: form.getValues(), savedAt: Date.now(), ...latest.current });
  }, [key, form, enabled, step, highest, stopped]);
}
