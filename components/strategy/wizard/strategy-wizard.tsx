"use client";
// The strategy wizard, create and edit (business.md 2): the seven
// steps behind the stepper, one form over all of them (useEntityForm with the
// server's whole schema), each step checked with its own schema before the
// next opens, the review from the server, Save on the review step, then the
// strategy's details page. The chosen campaign's context feeds the rules and
// the visibility; a draft is kept in the browser as the user types and
// restored on return; leaving with unsaved changes asks first. Read-only and
// demo users see every step at once with every control disabled.
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useRouter } from "next/navigation";
import { FormProvider, useWatch } from "react-hook-form";
import type { ActionFailure } from "@/lib/actions/result";
import { currencySymbol } from "@/lib/format";
import type { MenuItem } from "@/lib/menu/types";
import { createStrategyAction, updateStrategyAction } from "@/lib/strategies/actions";
import { createStrategyFromTemplateAction } from "@/lib/strategy-templates/actions";
import { contextOptions } from "@/lib/strategies/context-options";
import { visibilityFactsOf, type StrategyFormInput } from "@/lib/strategies/form";
import { STRATEGY_PAGE_TITLES, STRATEGY_STEPS } from "@/lib/strategies/options";
import type { StrategyDetails } from "@/lib/strategies/queries";
import { strategyVisibility } from "@/lib/strategies/visibility";
import type { WizardPageData } from "@/lib/strategy-wizard/page";
import { useEntityForm } from "@/components/forms/use-entity-form";
import { Button } from "@/components/ui/button";
import { FormError } from "@/components/ui/field";
import { campaignIdOf, typeKeyOf, useCampaignData, type CampaignData } from "./use-campaign-data";
import { useLeaveGuard } from "./use-leave-guard";
import { useWizardNavigation } from "./use-wizard-navigation";
import { clearDraft, draftKey, readDraft, useDraftAutosave } from "./wizard-draft";
import { wholeSchema, type SchemaOptions } from "./wizard-checks";
import { WizardEnvProvider, type WizardEnv } from "./wizard-env";
import { WizardFooter, WizardNotices } from "./wizard-frame";
import { WizardStepper } from "./wizard-stepper";
import { AllSteps, StepContent } from "./wizard-steps";

export interface StrategyWizardProps extends WizardPageData {
  mode: "create" | "edit";
}

/** What the schemas check against: the mode, the saved schedule, and the chosen campaign's context. */
function useSchemaOptions(context: CampaignData["context"], saved: StrategyWizardProps["saved"], mode: StrategyWizardProps["mode"], savedSkadOptimised: boolean) {
  return useMemo<SchemaOptions>(() => {
    const fromContext = context ? contextOptions(context) : {};
    const savedDates = saved ? { startTime: new Date(saved.startTime), endTime: saved.endTime ? new Date(saved.endTime) : null, type: saved.type } : undefined;
    // As the server: a strategy saved SKAd optimised stays editable if the privilege was withdrawn since.
    const skadAllowed = fromContext.skadAllowed === undefined ? undefined : fromContext.skadAllowed || (mode === "edit" && savedSkadOptimised);
    return { mode, saved: savedDates, ...fromContext, skadAllowed };
  }, [context, saved, mode, savedSkadOptimised]);
}

interface WizardBodyProps {
  title: string;
  step: (typeof STRATEGY_STEPS)[number];
  canWrite: boolean;
  initialCampaign: MenuItem | null;
  strategyId: number | null;
  onReviewRefused: (failure: ActionFailure) => void;
}

/** The current step under its title, or every step at once for those who cannot change anything. */
function WizardBody({ title, step, canWrite, initialCampaign, strategyId, onReviewRefused }: WizardBodyProps) {
  return (
    <fieldset disabled={!canWrite} className="min-w-0">
      <legend className="sr-only">{title}</legend>
      {canWrite ? (
        <>
          <h2 className="mb-3 text-base font-semibold text-slate-900" data-testid="wizard-step-title">
            {step.title}
          </h2>
          <StepContent step={step.key} initialCampaign={initialCampaign} strategyId={strategyId} onReviewRefused={onReviewRefused} />
        </>
      ) : (
        <AllSteps initialCampaign={initialCampaign} strategyId={strategyId} />
      )}
    </fieldset>
  );
}

export function StrategyWizard(props: StrategyWizardProps) {
  const { mode, strategyId = null, initial, saved, zone, owner, role, canWrite } = props;
  const router = useRouter();
  const key = draftKey(owner, strategyId);
  const [geoNames, setGeoNames] = useState(props.geoNames);
  const [restored, setRestored] = useState<{ savedAt: number } | null>(null);
  const [baseVersion, setBaseVersion] = useState(props.version ?? null);
  const [mountKey, setMountKey] = useState(0);
  const [localChecks] = useState(() => new Map<string, string>());
  const [template, setTemplate] = useState(props.template ?? null);
  const data = useCampaignData({ ...props.campaignData, campaignId: campaignIdOf(initial.campaignId), type: typeKeyOf(initial.type) });
  const options = useSchemaOptions(data.context, saved, mode, initial.skadOptimised === true);
  const schema = useMemo(() => wholeSchema(options), [options]);

  // Set by a successful save before it clears the draft: the autosave writes no more.
  const draftStopped = useRef(false);
  const { form, formId, formError, setFormError, onSubmit, submitting, succeeded, conflict, unsaved } = useEntityForm<StrategyFormInput, StrategyDetails>({
    mode,
    schema,
    initial,
    canWrite,
    create: (values) => (template ? createStrategyFromTemplateAction({ templateId: template.id, ...values }) : createStrategyAction(values)),
    update: (values) => updateStrategyAction({ id: strategyId!, version: baseVersion!, ...values }),
    detailsHref: (id) => `/strategy/details/${id}`,
    onFailure: (failure) => nav.showFieldErrors(failure.fieldErrors),
    onSaved: () => {
      draftStopped.current = true;
      clearDraft(key);
    },
    // The leave guard below asks instead, for the console's own links and Cancel too.
    warnUnsaved: false,
  });

  const [typeValue, skadOptimised, targetMobileDevices] = useWatch({ control: form.control, name: ["type", "skadOptimised", "targetMobileDevices"] });
  const nav = useWizardNavigation(form, options, localChecks, formId);
  const visibility = strategyVisibility({ ...visibilityFactsOf({ type: typeValue, skadOptimised, targetMobileDevices }, options), role });
  const env: WizardEnv = {
    mode,
    readOnly: !canWrite,
    zone,
    context: data.context,
    picker: data.picker,
    reload: data.load,
    loadError: data.error,
    visibility,
    currencySymbol: data.context ? currencySymbol(data.context.campaign.currencyCode) || undefined : undefined,
    geoNames,
    addGeoNames: useCallback((names: Record<string, string>) => setGeoNames((g) => ({ ...g, ...names })), []),
    localChecks,
    template,
    // A template chosen in the basic step: its values replace the typed ones, except what it does not carry (campaign, name, schedule, the advertiser's records).
    applyTemplate: (chosen, values) => {
      const current = form.getValues();
      const kept = { campaignId: current.campaignId, name: current.name, startTime: current.startTime, endTime: current.endTime, pixelIds: current.pixelIds };
      form.reset({ ...values, ...kept }, { keepDefaultValues: true });
      data.load(campaignIdOf(kept.campaignId), typeKeyOf(values.type));
      setTemplate(chosen);
      setMountKey((n) => n + 1);
    },
  };

  // A draft kept earlier (a reload, an expired session) comes back once the page is the browser's.
  useEffect(() => {
    if (!canWrite) return;
    const draft = readDraft(key);
    if (!draft) return;
    void Promise.resolve().then(() => {
      form.reset(draft.values, { keepDefaultValues: true });
      data.load(campaignIdOf(draft.values.campaignId), typeKeyOf(draft.values.type));
      nav.restore({ current: Math.min(draft.step, STRATEGY_STEPS.length - 2), highest: Math.min(draft.highest, STRATEGY_STEPS.length - 1) });
      setGeoNames((g) => ({ ...draft.geoNames, ...g }));
      if (draft.baseVersion !== null) setBaseVersion(draft.baseVersion);
      setRestored({ savedAt: draft.savedAt });
      setMountKey((n) => n + 1);
    });
    // Once, on arrival.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  useDraftAutosave(key, form, canWrite && !succeeded, { step: nav.current, highest: nav.highest, baseVersion, geoNames }, draftStopped);
  const guard = useLeaveGuard(unsaved, () => clearDraft(key));

  const discardDraft = () => {
    clearDraft(key);
    form.reset(initial);
    data.load(campaignIdOf(initial.campaignId), typeKeyOf(initial.type));
    nav.restore({ current: 0, highest: 0 });
    setBaseVersion(props.version ?? null);
    setRestored(null);
    setMountKey((n) => n + 1);
  };
  const onReviewRefused = (failure: ActionFailure) => {
    for (const [field, message] of Object.entries(failure.fieldErrors ?? {})) form.setError(field as never, { type: "server", message });
    if (!failure.fieldErrors) setFormError(failure.formError ?? null);
    nav.showFieldErrors(failure.fieldErrors);
  };
  const save = () => {
    if (nav.checkAll()) void onSubmit();
  };

  const title = STRATEGY_PAGE_TITLES[mode];
  const step = STRATEGY_STEPS[nav.current];
  const leaveTo = strategyId ? `/strategy/details/${strategyId}` : "/strategy";
  return (
    <WizardEnvProvider value={env}>
      <FormProvider {...form}>
        <form
          id={formId}
          noValidate
          aria-label={title}
          data-testid="strategy-wizard"
          className="space-y-4"
          // Enter in a field moves on (or saves on the review); a dialog's own form (the pickers) is not this one.
          onSubmit={(e) => {
            e.preventDefault();
            if (e.target !== e.currentTarget || !canWrite) return;
            if (step.key === "review") save();
            else nav.goTo(nav.current + 1);
          }}
        >
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h1 className="text-xl font-semibold text-slate-900">{title}</h1>
            <Button onClick={() => guard.leave(leaveTo)} data-testid="wizard-cancel">
              Cancel
            </Button>
          </div>
          <WizardNotices
            readOnlyReason={props.readOnlyReason}
            restoredAt={restored?.savedAt ?? null}
            onDiscard={discardDraft}
            loadError={data.error}
            conflict={conflict}
            onReload={() => {
              // The page comes back with the latest version (the wizard is keyed by it): the draft of the old one goes.
              clearDraft(key);
              router.refresh();
            }}
          />
          <FormError message={formError} testId="wizard-form-error" />
          {canWrite ? <WizardStepper current={nav.current} highest={nav.highest} onSelect={nav.goTo} /> : null}
          <WizardBody
            key={mountKey}
            title={title}
            step={step}
            canWrite={canWrite}
            initialCampaign={props.initialCampaign}
            strategyId={strategyId}
            onReviewRefused={onReviewRefused}
          />
          {canWrite ? (
            <WizardFooter current={nav.current} onBack={() => nav.goTo(nav.current - 1)} onNext={() => nav.goTo(nav.current + 1)} onSave={save} submitting={submitting} />
          ) : null}
        </form>
      </FormProvider>
      {guard.question}
    </WizardEnvProvider>
  );
}
