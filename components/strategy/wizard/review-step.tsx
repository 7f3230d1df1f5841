"use client";
// Step 7, Review Strategy Settings: the values typed, checked on the server
// with the campaign's context and described as the details page describes a
// saved strategy (previewStrategyReviewAction), drawn with the same sections
// (components/strategy/review-sections.tsx): BASICS ... on create, the edit
// review's Details ... Status on edit. A value the server refuses sends the
// user to its step with the message beside the field.
import { useEffect, useState } from "react";
import { useFormContext } from "react-hook-form";
import { SERVER_ERROR_MESSAGE, type ActionFailure } from "@/lib/actions/result";
import { previewStrategyReviewAction } from "@/lib/strategies/actions";
import type { StrategyReview } from "@/lib/strategies/review";
import { expiredSession } from "@/components/account/session-events";
import { ReviewSections } from "@/components/strategy/review-sections";
import { FormError } from "@/components/ui/field";
import type { WizardValues } from "./wizard-fields";

type Preview = { review: StrategyReview | null; error: string | null };

export function ReviewStep({ strategyId, onRefused }: { strategyId: number | null; onRefused(failure: ActionFailure): void }) {
  const { getValues } = useFormContext<WizardValues>();
  const [preview, setPreview] = useState<Preview | null>(null);

  useEffect(() => {
    let live = true;
    const values = getValues();
    previewStrategyReviewAction(strategyId === null ? values : { id: strategyId, ...values }).then(
      (result) => {
        if (!live || expiredSession(result)) return;
        if (result.ok) return setPreview({ review: result.data, error: null });
        setPreview({ review: null, error: result.fieldErrors ? "Please correct the highlighted fields." : (result.formError ?? SERVER_ERROR_MESSAGE) });
        onRefused(result);
      },
      () => live && setPreview({ review: null, error: SERVER_ERROR_MESSAGE }),
    );
    return () => {
      live = false;
    };
    // Read once per visit of the step: the values cannot change while it shows.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  if (!preview) {
    return (
      <p role="status" className="rounded-xl border border-slate-200 bg-white p-5 text-sm text-slate-600" data-testid="wizard-review-loading">
        Checking the strategy...
      </p>
    );
  }
  if (!preview.review) return <FormError message={preview.error} testId="wizard-review-error" />;
  return <ReviewSections sections={preview.review.sections} titles={strategyId === null ? "details" : "edit"} status={preview.review.status} />;
}
