// Campaign validation (business.md 3 CAMPAIGN, 5 Campaign, 9), one schema for
// the campaign form (client, via @hookform/resolvers) and the server action
// and REST API, so all give the same messages on the same fields. Pure: safe
// in client components. Built per use: rules about "the future" need the
// clock, and an edit is judged against the schedule it started from.
//
// Each field is read by a parser that also accepts its own output, so the
// cross-field rules re-read any field safely, whether it parsed or not, and
// run even when single fields failed: a failed save shows every message.
// Money stays exact decimal text (lib/campaigns/budget.ts), never a float.
import { z } from "../validation/z";
import { MONEY_SCALE, PACING_OPTIONS, UNIT_PRICED_PRICING_TYPES, marginFractionOf, toScaled } from "./budget";
import { campaignName, checkSchedule, field, flag, isBlank, P, parsed, timeField, valueOf, type Parser } from "./fields";
import { ATTRIBUTION_RATIO, CAMPAIGN_MESSAGES as M, LIFETIME_FCAP_SECONDS, MARGIN_PERCENT, NEVER_ENDING, START_IMMEDIATELY } from "./rules";

export * from "./rules";

// ───────────── the schema ─────────────

export interface CampaignSchemaOptions {
  mode: "create" | "edit";
  /** The clock the future rules use: the server's time on save, the browser's on each validation. */
  now: Date;
  /** Edit: the stored schedule. A start or end left as saved may be in the past; a changed one must be in the future. */
  saved?: { startTime: Date; endTime: Date | null };
  /** Whether every campaign needs a pixel (business.md 5 "pixel required"); a CPA campaign always does. Default true. */
  pixelRequired?: boolean;
  /** Whether the licensee has the SKAD target privilege (shell.md 7); unknown (undefined) is not checked here. */
  skadAllowed?: boolean;
}

/** zod skips refinements after a failed field by default; ours re-read every field, so an object is enough. */
const crossFieldWhen = { when: (payload: { value: unknown }) => typeof payload.value === "object" && payload.value !== null };

export function campaignSchema(options: CampaignSchemaOptions) {
  const nowMs = options.now.getTime();
  const money = (message = M.amountInvalid) => field(P.money, message);
  return z
    .object({
      advertiserId: field(P.advertiserId, M.advertiserRequired),
      name: parsed(z.string({ error: M.nameRequired }), campaignName),
      objective: field(P.objective, M.objectiveRequired),
      isRetargeting: flag(),
      pixelId: field(P.pixelId, M.pixelRequired),
      startTime: timeField(P.startTime, M.startInvalid),
      endTime: timeField(P.endTime, M.endInvalid),
      pricingType: field(P.pricingType, M.pricingTypeRequired),
      pricingValue: field(P.pricingValue, M.amountInvalid),
      lifetimeBudget: money(),
      lifetimeDeliveryCap: field(P.deliveryCap, M.countWhole),
      dailyBudget: money(),
      deltaDaily: money(),
      dailyDeliveryCap: field(P.deliveryCap, M.countWhole),
      dailyAdvSpendBudget: money(),
      dailyFcap: field(P.frequencyCap, M.countWhole),
      dailyFcapHours: field(P.dailyFcapHours, M.fcapHoursRange),
      lifetimeUserFcap: field(P.frequencyCap, M.countWhole),
      attributionRatio: field(P.attributionRatio, M.amountInvalid),
      cpaTarget: money(),
      cpiTarget: money(),
      roiTarget: money(),
      budgetPacing: flag(),
      pacingOption: field(P.pacingOption, M.pacingRequired),
      budgetSpends: field(P.budgetSpends, M.budgetSpendsInvalid),
      coolingPeriod: field(P.coolingPeriod, M.coolingPeriodInvalid),
      placeboAds: flag(),
      skadTarget: flag(),
      incrementalityTest: flag(),
    })
    .superRefine((v, ctx) => {
      const issue = (path: string, message: string) => ctx.addIssue({ code: "custom", path: [path], message });
      const moneyOf = (raw: unknown) => {
        const text = valueOf(P.money, raw);
        return typeof text === "string" ? toScaled(text, MONEY_SCALE) : null;
      };

      // Pixel: mandatory for CPA, and for every campaign unless the caller says otherwise.
      const type = valueOf(P.pricingType, v.pricingType);
      if (isBlank(v.pixelId)) {
        if (type === "CPA") issue("pixelId", M.pixelRequiredForCpa);
        else if (options.pixelRequired !== false) issue("pixelId", M.pixelRequired);
      }

      // Schedule: -1 starts now; an end is checked only when there is one.
      checkSchedule(v, options, issue);

      // Pricing: a margin is a percentage 0 to 99; any other rate a positive amount, not above the daily media budget.
      const price = moneyOf(v.pricingValue);
      const daily = moneyOf(v.dailyBudget);
      const percent = (n: number) => toScaled(String(n), MONEY_SCALE)!;
      if (price !== null && type === "MARGIN") {
        if (price < percent(MARGIN_PERCENT.min) || price > percent(MARGIN_PERCENT.max)) issue("pricingValue", M.marginRange);
        else if (marginFractionOf(valueOf(P.money, v.pricingValue)) === null) issue("pricingValue", M.marginDecimals);
      } else if (price !== null && type !== undefined && type !== null) {
        if (price <= 0n) issue("pricingValue", M.pricingValuePositive);
        else if (UNIT_PRICED_PRICING_TYPES.includes(type) && daily !== null && daily > 0n && price > daily) issue("pricingValue", M.pricingValueAboveDailyBudget);
      }

      // Budgets: blank is unlimited; a given one is positive; the daily one below the lifetime one.
      const lifetime = moneyOf(v.lifetimeBudget);
      for (const [key, amount] of [["lifetimeBudget", lifetime], ["dailyBudget", daily], ["dailyAdvSpendBudget", moneyOf(v.dailyAdvSpendBudget)]] as const) {
        if (amount !== null && amount <= 0n) issue(key, M.budgetPositive);
      }
      if (daily !== null && lifetime !== null && daily > 0n && lifetime > 0n && daily >= lifetime) issue("dailyBudget", M.dailyBudgetNotBelowLifetime);
      const delta = moneyOf(v.deltaDaily);
      if (delta !== null && delta < 0n) issue("deltaDaily", M.amountNegative);
      for (const [key, message] of [["cpaTarget", M.cpaTargetPositive], ["cpiTarget", M.cpiTargetPositive], ["roiTarget", M.roiTargetPositive]] as const) {
        const target = moneyOf(v[key]);
        if (target !== null && target <= 0n) issue(key, message);
      }

      // Caps: 0 or blank is no cap, so the comparisons only bind two real caps.
      const capOf = (parse: Parser<number | null>, raw: unknown) => valueOf(parse, raw) || null;
      const lifetimeCap = capOf(P.deliveryCap, v.lifetimeDeliveryCap);
      const dailyCap = capOf(P.deliveryCap, v.dailyDeliveryCap);
      if (lifetimeCap !== null && dailyCap !== null && lifetimeCap <= dailyCap) issue("lifetimeDeliveryCap", M.lifetimeCapNotAboveDaily);
      const dailyFcap = capOf(P.frequencyCap, v.dailyFcap);
      const lifetimeFcap = capOf(P.frequencyCap, v.lifetimeUserFcap);
      if (dailyFcap !== null && lifetimeFcap !== null && lifetimeFcap < dailyFcap) issue("lifetimeUserFcap", M.lifetimeFcapBelowDaily);
      if (dailyFcap !== null && isBlank(v.dailyFcapHours)) issue("dailyFcapHours", M.fcapHoursRequired);

      const ratio = valueOf(P.attributionRatio, v.attributionRatio);
      const ratioScaled = typeof ratio === "string" ? toScaled(ratio, ATTRIBUTION_RATIO.decimals) : null;
      if (ratioScaled !== null && (ratioScaled < 0n || ratioScaled > BigInt(ATTRIBUTION_RATIO.max * 100))) issue("attributionRatio", M.attributionRange);

      // Pacing: an option is chosen when pacing is on, and never a disabled one.
      if (v.budgetPacing === true) {
        const option = PACING_OPTIONS.find((o) => o.key === valueOf(P.pacingOption, v.pacingOption));
        if (isBlank(v.pacingOption)) issue("pacingOption", M.pacingRequired);
        else if (option?.disabled) issue("pacingOption", M.pacingUnavailable);
      }
      if (v.skadTarget === true && options.skadAllowed === false) issue("skadTarget", M.skadNotAllowed);
    }, crossFieldWhen)
    .transform((v) => {
      const pacing = v.budgetPacing;
      return {
        ...v,
        // The stored margin is a fraction (0.3 for 30%); every other price is stored as typed.
        pricingValue: (v.pricingType === "MARGIN" ? marginFractionOf(v.pricingValue) : v.pricingValue) as string,
        // ISO 8601 text, not Dates: a parsed input stays plain data (what a server action may pass on), and Prisma takes it as is.
        startTime: new Date(v.startTime === START_IMMEDIATELY ? nowMs : v.startTime * 1000).toISOString(),
        endTime: v.endTime === NEVER_ENDING ? null : new Date(v.endTime * 1000).toISOString(),
        // A duration without a cap means nothing: kept only beside a cap.
        dailyFcapHours: v.dailyFcap ? v.dailyFcapHours : null,
        userFcapDuration: v.lifetimeUserFcap ? LIFETIME_FCAP_SECONDS : null,
        pacingOption: pacing ? v.pacingOption : null,
        budgetSpends: pacing ? v.budgetSpends : null,
        coolingPeriod: pacing ? v.coolingPeriod : null,
      };
    });
}

export type CampaignSchema = ReturnType<typeof campaignSchema>;
/** What the form holds (text and numbers as typed, a margin as its percentage, times as epoch seconds). */
export type CampaignFormInput = z.input<CampaignSchema>;
/** What the server stores after parsing (money as exact decimal text, a margin as its fraction, times as ISO 8601 text). */
export type CampaignData = z.output<CampaignSchema>;
