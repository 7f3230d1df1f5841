"use client";
// The rule form (shell.md 2.13, 4, 5): 1 Limits (spend, impressions, clicks:
// at least one), 2 Expected Results (conversion type, INSTALL by default, and
// the minimum conversions), 3 Time Window (duration 3 to 14 days, refresh at
// least a day), Back and Save. Limits and results are checked as typed; the
// time window's messages wait for a save attempt, as the spec asks. CLICKS
// leaves the conversion types while a clicks limit is filled (and a chosen
// CLICKS is cleared), and comes back when it is emptied.
import { useEffect } from "react";
import { createRuleAction, updateRuleAction } from "@/lib/optimization/actions";
import { convTypeChoices, CONV_TYPE_LABELS, EMPTY_RULE_FORM, ruleFormValues, ruleSchema, type RuleFormValues } from "@/lib/optimization/rule-form";
import type { RuleView } from "@/lib/optimization/rules";
import { useEntityForm } from "@/components/forms/use-entity-form";
import { Button, SubmitButton } from "@/components/ui/button";
import { FormError, FormSection, InputField, SelectField } from "@/components/ui/field";

/** shell.md 2.13: the form's three numbered sections. */
function Section({ index, title, children }: { index: number; title: string; children: React.ReactNode }) {
  return <FormSection title={`${index} ${title}`}>{children}</FormSection>;
}

export function RuleForm({ strategyId, rule, onBack, onSaved }: { strategyId: number; rule: RuleView | null; onBack(): void; onSaved(): void }) {
  // In the rules dialog, which closes only by its own buttons and never warned. A stale edit (409) shows the server's message (no
  // 'Reload latest version' here: the rule is the dialog's copy from when Edit was clicked, and only the dialog reads the rules again).
  const { form, formId, formError, onSubmit, submitting } = useEntityForm<RuleFormValues, RuleView>({
    mode: rule ? "edit" : "create",
    schema: ruleSchema,
    initial: rule ? ruleFormValues(rule) : EMPTY_RULE_FORM,
    // Only writers get New Rule and Edit.
    canWrite: true,
    warnUnsaved: false,
    validateOn: "onChange",
    create: (values) => createRuleAction({ strategyId, ...values }),
    update: (values) => updateRuleAction({ ruleId: rule!.id, version: rule!.version, ...values }),
    onSaved: () => onSaved(),
  });
  const { errors, submitCount } = form.formState;
  const clicks = form.watch("clicks");
  const convType = form.watch("convType");
  const choices = convTypeChoices(clicks);
  useEffect(() => {
    if (convType === "CLICKS" && !choices.includes("CLICKS")) form.setValue("convType", "", { shouldValidate: true });
  }, [choices, convType, form]);
  // shell.md 5: the time window's messages only after a save attempt.
  const afterSave = (message: string | undefined) => (submitCount > 0 ? message : undefined);
  const number = { inputMode: "decimal" as const, autoComplete: "off" };

  return (
    <form id={formId} onSubmit={(e) => void onSubmit(e)} noValidate aria-label={rule ? "Edit rule" : "New rule"} className="space-y-4" data-testid="rule-form">
      <FormError message={formError} testId="rule-form-error" />
      <Section index={1} title="Limits">
        <InputField id="rule-spend" label="Spend" error={errors.spend?.message} {...number} {...form.register("spend")} />
        <InputField id="rule-imps" label="Impressions" error={errors.imps?.message} {...number} {...form.register("imps")} />
        <InputField id="rule-clicks" label="Clicks" error={errors.clicks?.message} {...number} {...form.register("clicks")} />
      </Section>
      <Section index={2} title="Expected Results">
        <SelectField id="rule-conv-type" label="Conversion Type" required error={errors.convType?.message} {...form.register("convType")}>
          <option value="">Select</option>
          {choices.map((t) => (
            <option key={t} value={t}>
              {CONV_TYPE_LABELS[t]}
            </option>
          ))}
        </SelectField>
        <InputField id="rule-convs" label="Minimum Conversions" required error={errors.convs?.message} {...number} {...form.register("convs")} />
      </Section>
      <Section index={3} title="Time Window">
        <InputField id="rule-duration" label="Duration (days)" required hint="3 to 14 days" error={afterSave(errors.durationDays?.message)} {...number} {...form.register("durationDays")} />
        <InputField id="rule-refresh" label="Refresh Rate (days)" error={afterSave(errors.refreshRateDays?.message)} {...number} {...form.register("refreshRateDays")} />
      </Section>
      <p className="text-xs text-slate-600">
        An app is blocked when, over the duration, it reached every limit given and delivered fewer conversions of the chosen type than the minimum.
      </p>
      <div className="flex justify-end gap-2">
        <Button onClick={onBack} data-testid="rule-form-back">
          Back
        </Button>
        <SubmitButton submitting={submitting} disabled={submitting} data-testid="rule-form-save" />
      </div>
    </form>
  );
}
