"use client";
// The wizard's stepper (business.md 2): the seven steps in order, the current
// one marked, every step visited so far (up to the highest reached) a button
// that goes back to it, the steps not reached yet disabled. On a handset
// (768 px and less) it collapses to numbered dots with only the current
// step's title, and 'Step n of 7' above.
import { STRATEGY_STEPS } from "@/lib/strategies/options";

export interface WizardStepperProps {
  current: number;
  /** The highest step visited: it and every step before it can be opened. */
  highest: number;
  onSelect(index: number): void;
}

export function WizardStepper({ current, highest, onSelect }: WizardStepperProps) {
  return (
    <nav aria-label="Strategy wizard steps" data-testid="wizard-stepper" className="rounded-xl border border-slate-200 bg-white px-3 py-3 shadow-xs">
      <p className="px-1 pb-2 text-xs font-medium text-slate-600 min-[769px]:hidden" data-testid="wizard-step-count">
        Step {current + 1} of {STRATEGY_STEPS.length}: <span className="text-slate-800">{STRATEGY_STEPS[current].title}</span>
      </p>
      <ol className="flex items-center gap-1 overflow-x-auto min-[769px]:flex-wrap">
        {STRATEGY_STEPS.map((step, index) => {
          const state = index === current ? "current" : index <= highest ? "visited" : "upcoming";
          return (
            <li key={step.key} className="flex shrink-0 items-center">
              {index > 0 ? <span aria-hidden="true" className={`mx-1 h-px w-3 min-[769px]:w-5 ${index <= highest ? "bg-primary" : "bg-slate-300"}`} /> : null}
              <button
                type="button"
                onClick={() => onSelect(index)}
                disabled={state === "upcoming"}
                aria-current={state === "current" ? "step" : undefined}
                data-testid={`wizard-step-${step.key}`}
                data-state={state}
                className={`flex items-center gap-2 rounded-md px-1.5 py-1 text-sm focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none disabled:cursor-not-allowed ${
                  state === "current" ? "font-semibold text-slate-900" : state === "visited" ? "text-primary hover:bg-slate-50" : "text-slate-600"
                }`}
              >
                <span
                  aria-hidden="true"
                  className={`flex h-6 w-6 shrink-0 items-center justify-center rounded-full text-xs font-semibold ${
                    state === "current" ? "bg-primary text-primary-foreground" : state === "visited" ? "border border-primary text-primary" : "border border-slate-300 text-slate-600"
                  }`}
                >
                  {index + 1}
                </span>
                <span className="sr-only">Step {index + 1}: </span>
                {/* On a handset only the number shows; the title stays the button's name for screen readers. */}
                <span className="sr-only min-[769px]:not-sr-only">{step.title}</span>
                {state === "visited" ? <span className="sr-only"> (visited)</span> : null}
              </button>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
