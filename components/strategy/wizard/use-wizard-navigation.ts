"use client";
// Moving through the wizard's steps (business.md 2): the current step and the
// highest visited; any step up to the highest opens at once going back, going
// forward checks each step left behind and stops on the first with a problem,
// its messages beside the fields and the focus on the first of them. A save's
// field errors open the step of the first one.
import { useCallback, useEffect, useState } from "react";
import type { UseFormReturn } from "react-hook-form";
import { STRATEGY_STEPS, type StrategyFormStepKey } from "@/lib/strategies/options";
import { checkStep, stepFields, stepOfErrors, type SchemaOptions } from "./wizard-checks";
import type { WizardValues } from "./wizard-fields";

export interface StepState {
  current: number;
  highest: number;
}

const FOCUSABLE = "input:not([type=hidden]), select, textarea, button";

/** Focuses the first control marked invalid inside `container` (a fieldset marked so: its first control). */
export function focusFirstError(container: HTMLElement | null): void {
  const marked = container?.querySelector<HTMLElement>("[aria-invalid='true']");
  if (!marked) return;
  const target = marked.matches(FOCUSABLE) ? marked : marked.querySelector<HTMLElement>(FOCUSABLE);
  target?.focus();
  marked.scrollIntoView?.({ block: "center" });
}

export function useWizardNavigation(form: UseFormReturn<WizardValues>, options: SchemaOptions, localChecks: Map<string, string>, formId: string) {
  const [steps, setSteps] = useState<StepState>({ current: 0, highest: 0 });
  const [focusRequest, setFocusRequest] = useState(0);

  useEffect(() => {
    if (focusRequest === 0) return;
    // After the step with the messages has rendered (the step and the request change in one render).
    const frame = requestAnimationFrame(() => focusFirstError(document.getElementById(formId)));
    return () => cancelAnimationFrame(frame);
  }, [focusRequest, formId]);

  const check = useCallback(
    (step: StrategyFormStepKey) => {
      form.clearErrors(stepFields(step) as never);
      const errors = checkStep(step, form.getValues(), options, localChecks);
      for (const [field, message] of Object.entries(errors)) form.setError(field as never, { type: "step", message });
      return Object.keys(errors).length === 0;
    },
    [form, options, localChecks],
  );

  const stopAt = useCallback((index: number) => {
    setSteps((s) => ({ current: index, highest: Math.max(s.highest, index) }));
    setFocusRequest((n) => n + 1);
  }, []);

  /** Opens step `index`; going forward, only if every step before it passes. */
  const { current } = steps;
  const goTo = useCallback(
    (index: number): boolean => {
      if (index <= current) {
        setSteps((s) => ({ ...s, current: index }));
        return true;
      }
      for (let i = current; i < index; i++) {
        const key = STRATEGY_STEPS[i].key;
        if (key !== "review" && !check(key)) {
          stopAt(i);
          return false;
        }
      }
      setSteps((s) => ({ current: index, highest: Math.max(s.highest, index) }));
      return true;
    },
    [current, check, stopAt],
  );

  /** Every step passes (before a save); otherwise the first failing one opens. */
  const checkAll = useCallback((): boolean => {
    for (let i = 0; i < STRATEGY_STEPS.length; i++) {
      const key = STRATEGY_STEPS[i].key;
      if (key !== "review" && !check(key)) {
        stopAt(i);
        return false;
      }
    }
    return true;
  }, [check, stopAt]);

  /** Opens the step of the first field a refused save or review names (its messages are already placed). */
  const showFieldErrors = useCallback(
    (fieldErrors: Record<string, string> | undefined) => {
      const step = stepOfErrors(fieldErrors);
      if (step) stopAt(STRATEGY_STEPS.findIndex((s) => s.key === step));
    },
    [stopAt],
  );

  return { ...steps, goTo, checkAll, showFieldErrors, restore: setSteps };
}
