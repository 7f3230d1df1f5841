// Fixtures of the wizard's component tests: a campaign's context and picker
// options as the server gives them, the wizard's props, and a form with the
// wizard's environment around one control. Test-only.
import type { ReactNode } from "react";
import { FormProvider, useForm, useWatch, type Control } from "react-hook-form";
import { newStrategyFormValues, type StrategyFormInput } from "@/lib/strategies/form";
import type { StrategyContext } from "@/lib/strategies/context-options";
import type { StrategyPickerOptions } from "@/lib/strategies/picker-options";
import { strategyVisibility, type StrategyVisibility } from "@/lib/strategies/visibility";
import type { StrategyWizardProps } from "./strategy-wizard";
import { WizardEnvProvider, type WizardEnv } from "./wizard-env";

export const CONTEXT: StrategyContext = {
  campaign: {
    id: 31, name: "Launch Awareness", advertiserId: 7, advertiserName: "Streamly", advertiserActive: true, currencyCode: "EUR",
    objective: "BRAND_AWARENESS", isRetargeting: false, skadTarget: false, active: true, isArchived: false,
  },
  skadAllowed: false,
  dmpAccess: false,
  catalogAdvertiser: false,
  purchaseFrequencyMappings: 0,
};

export const PICKER: StrategyPickerOptions = {
  pixels: [{ id: 5, name: "Sign-up", active: true }],
  creatives: Array.from({ length: 12 }, (_, i) => ({ id: 100 + i, name: `Banner ${i + 1}`, active: true, detail: "IMAGE" })),
  creativeSets: [{ id: 200, name: "Launch Banners", active: true, detail: "IMAGE" }],
  audiences: { targetAppSegments: [{ id: 300, name: "App purchasers", active: true }], targetWebSegments: [], targetDmpSegments: [], targetLalSegments: [] },
  aggregators: [{ id: 1, name: "Exchange One" }],
  sites: [],
  apps: [],
  androidCategories: ["Games"],
  iosCategories: ["Entertainment"],
  deals: [],
  dealCategories: [],
};

export const ZONE = { iana: "UTC", name: "(GMT+00:00) UTC" };

export function wizardProps(over: Partial<StrategyWizardProps> = {}): StrategyWizardProps {
  return {
    mode: "create",
    initial: newStrategyFormValues(CONTEXT.campaign.id),
    initialCampaign: { id: CONTEXT.campaign.id, name: CONTEXT.campaign.name, active: true },
    campaignData: { context: CONTEXT, picker: PICKER },
    geoNames: {},
    zone: ZONE,
    owner: { licenseeId: 1, userId: 2 },
    role: "RW",
    canWrite: true,
    ...over,
  };
}

const ALL_VISIBLE = strategyVisibility({
  type: null, skadCampaign: false, skadOptimised: false, objective: null, isRetargeting: null, purchaseFrequencyMappings: null,
  targetOperatingSystems: null, catalogAdvertiser: null, role: null,
});

function Values({ control }: { control: Control<StrategyFormInput> }) {
  return <output data-testid="form-values">{JSON.stringify(useWatch({ control }))}</output>;
}

/** One control with the wizard's form and environment around it; the form's values show in the output `form-values`. */
export function WithWizardForm({ values, visibility = ALL_VISIBLE, children }: { values?: Partial<StrategyFormInput>; visibility?: StrategyVisibility; children: ReactNode }) {
  const form = useForm<StrategyFormInput>({ defaultValues: { ...newStrategyFormValues(null), ...values } });
  const env: WizardEnv = {
    mode: "create", readOnly: false, zone: ZONE, context: CONTEXT, picker: PICKER, reload: () => undefined, loadError: null, visibility,
    currencySymbol: "€", geoNames: {}, addGeoNames: () => undefined, localChecks: new Map(),
  };
  return (
    <WizardEnvProvider value={env}>
      <FormProvider {...form}>
        <form>
          {children}
          <Values control={form.control} />
        </form>
      </FormProvider>
    </WizardEnvProvider>
  );
}
