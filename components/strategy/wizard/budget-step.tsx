"use client";
// Step 4, Specify Budget & Bidding (business.md 3, 9; shell.md 9): pricing
// type and goal (a margin typed as a percentage), bid percentage, bid caps
// (0 or -1: none), budget and daily advertiser spend budget (-1: unlimited),
// pacing type and budget, CPM bargainer, delta media budget with its reset
// time, spillover, boost bid price, CPA target, and product feed targeting
// with its recommendation logic for advertisers with a catalog. What the
// budgets buy at this price (or the daily media budget after the margin) is
// worked out as the user types, by the one module the details page uses.
import { useState } from "react";
import { PER_MILLE_PRICING_TYPES } from "@/lib/campaigns/budget";
import { epochToInput, inputToEpoch } from "@/lib/campaigns/schedule-zone";
import { groupDigits } from "@/lib/format";
import { strategyDerivedValues } from "@/lib/strategies/budget";
import { PACING_TYPES, RECOMMENDATION_LOGIC, STRATEGY_PRICING_TYPES } from "@/lib/strategies/options";
import { InputField } from "@/components/ui/field";
import { DictionarySelect } from "./dictionary-select";
import { StepSection } from "./step-section";
import { useWizardEnv } from "./wizard-env";
import { CheckField, ChoiceField, fieldId, TextField, useFieldError, useWizardValue } from "./wizard-fields";

const text = (v: unknown) => (typeof v === "number" ? String(v) : typeof v === "string" ? v : null);

/** The delta media budget's reset time, typed on the wall clock of the user's timezone. */
function ResetTimeField() {
  const { zone } = useWizardEnv();
  const [value, setValue] = useWizardValue("resetTimeDeltaMediaBudget");
  const [typed, setTyped] = useState(() => epochToInput(typeof value === "number" ? value : null, zone));
  const id = fieldId("resetTimeDeltaMediaBudget");
  return (
    <InputField
      id={id}
      label={`Delta media budget reset time (${zone.name})`}
      type="datetime-local"
      required
      value={typed}
      error={useFieldError("resetTimeDeltaMediaBudget")}
      onChange={(e) => {
        setTyped(e.target.value);
        const epoch = inputToEpoch(e.target.value, zone);
        setValue(epoch === "" ? null : epoch);
      }}
    />
  );
}

function ProductFeed() {
  const [feed, setFeed] = useWizardValue("productFeedTargeting");
  const error = useFieldError("productFeedTargeting");
  const id = fieldId("productFeedTargeting");
  const advertiserId = useWizardEnv().context?.campaign.advertiserId;
  return (
    <>
      <label className="col-span-full inline-flex items-center gap-2 text-sm text-slate-700">
        <input type="checkbox" id={`${id}-on`} className="h-4 w-4 accent-primary" checked={!!feed} onChange={(e) => setFeed(e.target.checked ? { categories: [] } : null)} />
        Product feed targeting
      </label>
      {feed ? (
        <>
          <DictionarySelect
            kind="product_category"
            filters={advertiserId ? [{ column: "advertiserId", value: String(advertiserId) }] : []}
            id={id}
            label="Product categories"
            values={feed.categories}
            onChange={(next) => setFeed({ categories: next })}
            error={error}
            hint="Type part of a category of the advertiser's catalog and choose it"
            emptyText="No category of the catalog matches"
          />
          <ChoiceField name="productSelectionPolicy" label="Recommendation logic" required choices={RECOMMENDATION_LOGIC.map((r) => ({ value: r.value, label: r.label }))} />
        </>
      ) : null}
    </>
  );
}

export function BudgetStep() {
  const { currencySymbol, visibility } = useWizardEnv();
  const [pricingType] = useWizardValue("pricingType");
  const [pricingValue] = useWizardValue("pricingValue");
  const [budgetValue] = useWizardValue("budgetValue");
  const [dailyAdvSpendBudget] = useWizardValue("dailyAdvSpendBudget");
  const [delta] = useWizardValue("deltaMediaBudget");
  const type = text(pricingType);
  const derived = strategyDerivedValues({ pricingType: type, pricingValue: text(pricingValue), budgetValue: text(budgetValue), dailyAdvSpendBudget: text(dailyAdvSpendBudget) });
  const money = currencySymbol ? ` (${currencySymbol})` : "";
  const unit = type && PER_MILLE_PRICING_TYPES.includes(type) ? "impressions" : "units";
  const buys = (cap: string | null) => (cap === null ? null : `Buys ${groupDigits(cap)} ${unit} at this price.`);
  const margin = type === "MARGIN";
  const deltaText = text(delta)?.trim() ?? "";

  return (
    <div className="space-y-4">
      <StepSection title="Pricing and bids">
        <ChoiceField name="pricingType" label="Pricing type" required choices={STRATEGY_PRICING_TYPES.map((p) => ({ value: p.value, label: p.label }))} />
        <TextField
          name="pricingValue"
          label={margin ? "Goal (margin %)" : `Goal${money}`}
          required
          hint={<span aria-live="polite">{margin ? (derived.marginPercent ? `${derived.marginPercent}% of the advertiser spend` : "A percentage from 0 to 99") : "The price aimed at"}</span>}
        />
        <TextField name="bidPercentage" label="Bid percentage (%)" hint="Share of the price bid: above 0, at most 100" />
        <TextField name="bidCapMin" label={`Min bid cap${money}`} hint="0 or -1: none" />
        <TextField name="bidCapMax" label={`Max bid cap${money}`} hint="0 or -1: none" />
        <TextField name="boostBidPrice" label={`Boost bid price${money}`} hint="Blank: none" />
        <CheckField name="isBargainerActive" label="CPM bargainer" />
      </StepSection>
      <StepSection title="Budget">
        <TextField name="budgetValue" label={`Budget${money}`} hint={<span aria-live="polite" data-testid="derived-lifetime">{buys(derived.lifetimeDeliveryCap) ?? "-1: unlimited"}</span>} />
        <TextField
          name="dailyAdvSpendBudget"
          label={`Daily advertiser spend budget${money}`}
          hint={
            <span aria-live="polite" data-testid="derived-daily">
              {margin && derived.dailyMediaBudget !== null
                ? `Daily media budget after the ${derived.marginPercent}% margin: ${currencySymbol ?? ""}${derived.dailyMediaBudget}`
                : (buys(derived.dailyDeliveryCap) ?? "-1: unlimited; not above the budget")}
            </span>
          }
        />
        <ChoiceField name="pacingTypeId" label="Pacing type" required choices={PACING_TYPES.map((p) => ({ value: p.id, label: p.name }))} />
        <TextField name="pacingBudgetValue" label={`Pacing budget${money}`} hint="Blank: none; not above the budget" />
        <TextField name="deltaMediaBudget" label={`Delta media budget${money}`} hint="Extra media budget allowed until the reset time" />
        {deltaText !== "" && deltaText !== "0" ? <ResetTimeField /> : null}
        <CheckField name="spillover" label="Spillover" hint="Unspent budget carries over to the next day" />
        <TextField name="cpaTarget" label={`CPA target${money}`} hint="Greater than 0; blank: none" />
      </StepSection>
      {visibility.productFeed ? (
        <StepSection title="Product feed" note="For advertisers with a product catalog.">
          <ProductFeed />
        </StepSection>
      ) : null}
    </div>
  );
}
