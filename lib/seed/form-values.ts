// Columns the seed writes the way the console's own save stores them (the
// campaign and creative mutations), so a demo row opened in its edit form, or
// PATCHed with nothing new, saves as it is (tests/integration/seeded-rows-update.test.ts):
// budget pacing on carries its option, a lifetime frequency cap its 30 days,
// a creative whose type needs the ad-marking identifiers has them. Databases
// seeded before got the same values from the migration
// 20261129053700_rows_fit_their_forms.
// Nor does such a save change anything (the same test compares each row
// before and after): a strategy on the campaign's frequency cap has no cap of
// its own, its inventory and targeting hold no field its type hides, a
// creative set names the timezone its schedule was typed in.
import type { CreativeType, StrategyType } from "../generated/prisma/enums";
import { PACING_OPTIONS } from "../campaigns/budget";
import { LIFETIME_FCAP_SECONDS } from "../campaigns/rules";
import { needsIdentifiers } from "../creatives/schema";
import { hiddenFieldsOf, strategyJsonColumns } from "../strategies/form";
import type { StrategyInventory, StrategyTargeting } from "../strategies/schema";

/** Daily Hourly weightage: even spending in both windows, as the demo's paced campaigns have always paced (lib/campaigns/pacing.ts). */
const DEMO_PACING = PACING_OPTIONS.find((o) => o.key === "DAILY_HOURLY_WEIGHTAGE")!;

/** Budget pacing and its option, in the two columns the campaign form saves them in (flowRate: the option's pacing type id). */
export const campaignPacing = (on: boolean) => ({ budgetPacing: on, flowRate: on ? String(DEMO_PACING.pacingTypeId) : null });

/** A lifetime frequency cap with the duration it is counted over; none: neither. */
export const lifetimeFrequencyCap = (cap: number | null) => ({ lifetimeUserFcap: cap, userFcapDuration: cap ? LIFETIME_FCAP_SECONDS : null });

/** The demo's ad-marking identifiers (KKTU code, person, ER id: more than 4 characters each). */
export const DEMO_AD_MARKING = { kktuCode: "30.10.1", person: "Demo Creative Studio", erId: "ER-DEMO-0001" } as const;

/** The identifiers a demo creative of this type carries: the demo's when its type needs them, else none. */
export const adMarkingOf = (type: CreativeType) => (needsIdentifiers(type) ? DEMO_AD_MARKING : {});

/** The demo strategies' own frequency cap: 4 impressions every 24 hours. */
const DEMO_STRATEGY_FCAP = { fcapFrequency: 4, fcapInterval: 24 } as const;

/** The campaign's frequency cap, or the strategy's own: a strategy on the campaign's stores no cap of its own (as the wizard saves it). */
export const strategyFrequencyCap = (useCampaignCap: boolean) => ({
  campaignFcap: useCampaignCap,
  ...(useCampaignCap ? { fcapFrequency: null, fcapInterval: null } : DEMO_STRATEGY_FCAP),
});

/** What a strategy's visibility depends on: its type, SKAd and its campaign (lib/strategies/visibility.ts). */
export interface StrategyFacts {
  type: StrategyType;
  skadOptimised: boolean;
  campaign: { objective: string; isRetargeting: boolean; skadTarget: boolean; advertiserId: number };
}

/** A strategy's inventory and targeting as the wizard saves them: without the fields its form hides (a CTV strategy's app and device rows). */
export function strategyJson(inventory: StrategyInventory, targeting: StrategyTargeting, strategy: StrategyFacts) {
  const values = { ...inventory, ...targeting, type: strategy.type, skadOptimised: strategy.skadOptimised };
  return strategyJsonColumns(values, hiddenFieldsOf(values, { campaign: strategy.campaign }));
}
