"use client";
// The content of each wizard step by key, and the read-only view that shows
// every step at once (read-only and demo users have no way through the steps:
// each control is disabled, so they read them one under another).
import type { MenuItem } from "@/lib/menu/types";
import { STRATEGY_STEPS, type StrategyStepKey } from "@/lib/strategies/options";
import type { ActionFailure } from "@/lib/actions/result";
import { AssociationStep } from "./association-step";
import { BasicStep } from "./basic-step";
import { BudgetStep } from "./budget-step";
import { InventoryStep } from "./inventory-step";
import { ReviewStep } from "./review-step";
import { TargetingStep } from "./targeting-step";

export interface StepContentProps {
  step: StrategyStepKey;
  initialCampaign: MenuItem | null;
  strategyId: number | null;
  onReviewRefused(failure: ActionFailure): void;
}

export function StepContent({ step, initialCampaign, strategyId, onReviewRefused }: StepContentProps) {
  switch (step) {
    case "basic":
      return <BasicStep initialCampaign={initialCampaign} />;
    case "inventory":
      return <InventoryStep />;
    case "targeting":
      return <TargetingStep />;
    case "budget":
      return <BudgetStep />;
    case "creative":
      return <AssociationStep name="creativeIds" entity={{ singular: "Creative", plural: "Creatives" }} />;
    case "creativeSets":
      return <AssociationStep name="creativeSetIds" entity={{ singular: "Creative Set", plural: "Creative Sets" }} />;
    case "review":
      return <ReviewStep strategyId={strategyId} onRefused={onReviewRefused} />;
  }
}

/** Every step but the review, one under another, each under its title. */
export function AllSteps({ initialCampaign, strategyId }: Pick<StepContentProps, "initialCampaign" | "strategyId">) {
  return (
    <div className="space-y-8">
      {STRATEGY_STEPS.filter((s) => s.key !== "review").map((s, i) => (
        <section key={s.key} aria-labelledby={`wizard-all-${s.key}`} data-testid={`wizard-section-${s.key}`}>
          <h2 id={`wizard-all-${s.key}`} className="mb-3 text-base font-semibold text-slate-900">
            {i + 1}. {s.title}
          </h2>
          <StepContent step={s.key} initialCampaign={initialCampaign} strategyId={strategyId} onReviewRefused={() => undefined} />
        </section>
      ))}
    </div>
  );
}
