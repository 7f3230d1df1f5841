"use client";
// Step 2, Select Inventory (business.md 3 Inventory): exchanges and sites,
// apps (not for CTV/OTT), Android and iOS app categories (all, or a choice
// that must name at least one), only published apps, app ratings 1+ to 4+,
// auction type, deals and deal categories. Every list has its targeted and
// blocked half; nothing chosen means all.
import { APP_RATINGS, AUCTION_TYPE_OPTIONS } from "@/lib/strategies/options";
import { FieldMessage } from "@/components/ui/field";
import { CheckField, ChoiceField, fieldId, useWizardValue } from "./wizard-fields";
import { itemOptions, NamesField, nameOptions, TargetBlockField } from "./list-fields";
import { SectionNote, StepSection } from "./step-section";
import { useWizardEnv } from "./wizard-env";

function AppCategories() {
  const { picker } = useWizardEnv();
  const [android, setAndroid] = useWizardValue("targetAndroidCategories");
  const [ios, setIos] = useWizardValue("targetIosCategories");
  const chosen = android !== undefined || ios !== undefined;
  const id = fieldId("appCategories");
  const choose = (specific: boolean) => {
    setAndroid(specific ? (android ?? []) : undefined);
    setIos(specific ? (ios ?? []) : undefined);
  };
  return (
    <>
      <fieldset className="col-span-full" data-testid={`${id}-group`}>
        <legend className="text-sm font-medium text-slate-700">App categories</legend>
        <div className="mt-2 flex flex-wrap gap-4 text-sm text-slate-700">
          <label className="inline-flex items-center gap-2">
            <input type="radio" name={id} className="h-4 w-4 accent-primary" checked={!chosen} onChange={() => choose(false)} data-testid={`${id}-all`} />
            All app categories
          </label>
          <label className="inline-flex items-center gap-2">
            <input type="radio" name={id} className="h-4 w-4 accent-primary" checked={chosen} onChange={() => choose(true)} data-testid={`${id}-chosen`} />
            Chosen categories
          </label>
        </div>
        {!chosen ? <FieldMessage id={id} hint="Apps of every product category" /> : null}
      </fieldset>
      {chosen ? (
        <>
          <NamesField name="targetAndroidCategories" label="Android app categories" options={nameOptions(picker?.androidCategories)} keepEmpty hint="At least one product category, Android or iOS" />
          <NamesField name="targetIosCategories" label="iOS app categories" options={nameOptions(picker?.iosCategories)} keepEmpty />
        </>
      ) : null}
    </>
  );
}

export function InventoryStep() {
  const { picker, visibility, context } = useWizardEnv();
  return (
    <div className="space-y-4">
      <StepSection title="Exchanges and sites">
        {!context ? <SectionNote>Choose the campaign first: the lists are read for it.</SectionNote> : null}
        <TargetBlockField name="rtbAggregators" label="Exchanges" options={itemOptions(picker?.aggregators)} />
        <TargetBlockField name="rtbSites" label="Sites" options={itemOptions(picker?.sites)} />
      </StepSection>
      {visibility.apps || visibility.appCategories ? (
        <StepSection title="Apps" testId="inventory-apps">
          {visibility.apps ? <TargetBlockField name="rtbApps" label="Apps" options={itemOptions(picker?.apps)} /> : null}
          {visibility.appCategories ? <AppCategories /> : null}
          {visibility.apps ? (
            <>
              <CheckField name="targetOnlyPublishedApp" label="Only published apps" />
              <ChoiceField name="targetAppRatings" label="App ratings" choices={[{ value: undefined, label: "Any rating" }, ...APP_RATINGS.map((r) => ({ value: r, label: `${r} rating` }))]} />
            </>
          ) : null}
        </StepSection>
      ) : null}
      <StepSection title="Auction and deals">
        <ChoiceField name="auctionTypeTargeting" label="Auction type" choices={[{ value: undefined, label: "First and second price" }, ...AUCTION_TYPE_OPTIONS.map((o) => ({ value: o.value, label: o.label }))]} />
        <TargetBlockField name="dealDTO" label="Deals" options={itemOptions(picker?.deals)} />
        <NamesField name="targetDealCategory" label="Deal categories" options={nameOptions(picker?.dealCategories)} hint="None chosen: all" />
      </StepSection>
    </div>
  );
}
