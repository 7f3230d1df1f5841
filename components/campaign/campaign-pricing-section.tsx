"use client";
// Pricing & Budget of the campaign form. The derived values of shell.md 9
// (daily media budget from spend and margin; delivery caps from budget and
// price) come from the one module, lib/campaigns/budget.ts, on every
// keystroke, and show beside the fields they fill with a 'Use' button: the
// user's own figure is never overwritten behind their back.
import { useFormContext, useWatch } from "react-hook-form";
import { derivedBudgetValues, PER_MILLE_PRICING_TYPES, UNIT_PRICED_PRICING_TYPES } from "@/lib/campaigns/budget";
import { MARGIN_PERCENT, PRICING_TYPES, type CampaignFormInput } from "@/lib/campaigns/schema";
import { Button } from "@/components/ui/button";
import { FormSection } from "@/components/ui/field";
import { TextInput, SelectInput, type CampaignFieldName } from "./campaign-fields";
import { CAMPAIGN_SECTIONS, groupDigits, PRICING_TYPE_LABELS } from "./campaign-text";

const PRICING_OPTIONS = PRICING_TYPES.map((t) => [t, PRICING_TYPE_LABELS[t] ?? t] as const);
const textOf = (v: unknown) => (typeof v === "number" ? String(v) : typeof v === "string" ? v : null);

/** A derived value beside the field it would fill, with a button to take it. */
function DerivedValue({ target, value, text, label }: { target: CampaignFieldName; value: string | null; text: string; label: string }) {
  const { setValue, formState } = useFormContext<CampaignFormInput>();
  if (value === null) return null;
  return (
    <span className="inline-flex flex-wrap items-center gap-2" data-testid={`derived-${target}`} data-value={value}>
      <span>{text}</span>
      <Button
        variant="link"
        size="xs"
        aria-label={`Use ${value} as the ${label}`}
        onClick={() => setValue(target, value, { shouldDirty: true, shouldValidate: formState.isSubmitted })}
      >
        Use
      </Button>
    </span>
  );
}

function pricingValueLabel(type: string | null | undefined) {
  if (type === "MARGIN") return "Margin";
  if (type && PER_MILLE_PRICING_TYPES.includes(type)) return `${PRICING_TYPE_LABELS[type]} price (per 1000 impressions)`;
  return type ? `${PRICING_TYPE_LABELS[type] ?? type} value` : "Pricing value";
}

export function CampaignPricingSection({ currencyCode, symbol }: { currencyCode: string | null; symbol: string | undefined }) {
  const { control } = useFormContext<CampaignFormInput>();
  const [pricingType, pricingValue, dailyAdvSpendBudget, dailyBudget, lifetimeBudget] = useWatch({
    control,
    name: ["pricingType", "pricingValue", "dailyAdvSpendBudget", "dailyBudget", "lifetimeBudget"],
  });
  const type = textOf(pricingType);
  const derived = derivedBudgetValues({
    pricingType: type,
    pricingValue: textOf(pricingValue),
    dailyAdvSpendBudget: textOf(dailyAdvSpendBudget),
    dailyBudget: textOf(dailyBudget),
    lifetimeBudget: textOf(lifetimeBudget),
  });
  const isMargin = type === "MARGIN";
  const unitPriced = !!type && UNIT_PRICED_PRICING_TYPES.includes(type);
  const money = symbol || undefined;
  const capUnit = type && PER_MILLE_PRICING_TYPES.includes(type) ? "impressions" : "units";
  const capText = (cap: string) => `This budget buys ${groupDigits(cap)} ${capUnit} at this price.`;

  return (
    <FormSection
      title={CAMPAIGN_SECTIONS.pricing}
      actions={
        <p className="text-xs text-slate-600" data-testid="campaign-currency">
          {currencyCode ? `Amounts in ${currencyCode}${symbol ? ` (${symbol})` : ""}, the advertiser's currency` : "Choose the advertiser to set the currency"}
        </p>
      }
    >
      <SelectInput name="pricingType" label="Pricing type" required options={PRICING_OPTIONS} />
      <TextInput
        name="pricingValue"
        label={pricingValueLabel(type)}
        required
        prefix={unitPriced ? money : undefined}
        suffix={isMargin ? "%" : undefined}
        hint={
          isMargin
            ? `A percentage from ${MARGIN_PERCENT.min} to ${MARGIN_PERCENT.max}${derived.marginPercent !== null ? `: ${derived.marginPercent}% of the advertiser spend` : ""}`
            : undefined
        }
      />
      <TextInput name="dailyAdvSpendBudget" label="Daily advertiser spend budget" prefix={money} hint="Blank: unlimited" />
      <TextInput
        name="lifetimeBudget"
        label="Lifetime media budget"
        prefix={money}
        hint={
          <span aria-live="polite">
            {derived.lifetimeDeliveryCap === null ? "Blank: unlimited" : capText(derived.lifetimeDeliveryCap)}
          </span>
        }
      />
      <TextInput
        name="dailyBudget"
        label="Daily media budget"
        prefix={money}
        hint={
          <span aria-live="polite">
            {isMargin && derived.dailyBudget !== null ? (
              <DerivedValue
                target="dailyBudget"
                label="daily media budget"
                value={derived.dailyBudget}
                text={`Spend less ${derived.marginPercent}% margin: ${money ?? ""}${derived.dailyBudget}`}
              />
            ) : derived.dailyDeliveryCap !== null ? (
              capText(derived.dailyDeliveryCap)
            ) : (
              "Blank: unlimited; must be below the lifetime media budget"
            )}
          </span>
        }
      />
      <TextInput name="deltaDaily" label="Delta daily" prefix={money} hint="Extra daily media budget allowed on top of the daily one" />
      <DeliveryCapInput target="lifetimeDeliveryCap" label="Lifetime delivery cap" from="lifetime budget" value={derived.lifetimeDeliveryCap} />
      <DeliveryCapInput target="dailyDeliveryCap" label="Daily delivery cap" from="daily budget" value={derived.dailyDeliveryCap} />
    </FormSection>
  );
}

/** A delivery cap with the cap its budget buys at this price (shell.md 9) offered beside it. */
function DeliveryCapInput({ target, label, from, value }: { target: "lifetimeDeliveryCap" | "dailyDeliveryCap"; label: string; from: string; value: string | null }) {
  return (
    <TextInput
      name={target}
      label={label}
      inputMode="numeric"
      hint={
        <span aria-live="polite">
          <DerivedValue target={target} label={label.toLowerCase()} value={value} text={`From the ${from}: ${groupDigits(value ?? "")}`} />
          {value === null ? "0 or blank: no cap" : null}
        </span>
      }
    />
  );
}
