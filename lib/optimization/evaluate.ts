// Which apps an optimization rule blocks (shell.md 2.13, 3, 5). A rule has
// limits (spend, impressions, clicks: at least one given) and an expected
// result (at least `convs` conversions of `convType`) over the last
// `durationDays`. An app is weak when it has had its chance, i.e. it reached
// EVERY limit the rule gives, and still delivered fewer conversions than
// expected. Requiring every given limit (not any) is the cautious reading:
// blocking an app cuts delivery, so it needs the full evidence the rule asks for.
import { Prisma } from "../generated/prisma/client";
import type { ConvType } from "../generated/prisma/enums";

export interface RuleThresholds {
  spend: Prisma.Decimal | null;
  imps: number | null;
  clicks: number | null;
  convs: number;
  convType: ConvType;
}

/** One app's delivery for the strategy over the rule's window. */
export interface AppDelivery {
  appId: number;
  /** Adv Spend (what the advertiser pays), as in budgets. */
  spend: Prisma.Decimal;
  imps: bigint;
  clicks: bigint;
  installs: bigint;
  reEngagements: bigint;
  conversions: bigint;
}

export interface BlockDecision {
  appId: number;
  spend: Prisma.Decimal;
  imps: bigint;
  clicks: bigint;
  /** Conversions of the rule's type. */
  convs: bigint;
}

export function conversionsOf(convType: ConvType, app: AppDelivery): bigint {
  switch (convType) {
    case "INSTALL":
      return app.installs;
    case "RE_ENGAGS":
      return app.reEngagements;
    case "CONV":
      return app.conversions;
    case "CLICKS":
      return app.clicks;
  }
}

export function reachedLimits(rule: RuleThresholds, app: AppDelivery): boolean {
  const limits = [
    rule.spend === null ? null : app.spend.greaterThanOrEqualTo(rule.spend),
    rule.imps === null ? null : app.imps >= BigInt(rule.imps),
    rule.clicks === null ? null : app.clicks >= BigInt(rule.clicks),
  ].filter((reached): reached is boolean => reached !== null);
  // A rule without any limit would block every app without conversions: never.
  return limits.length > 0 && limits.every(Boolean);
}

/**
 * The apps to block, strongest evidence first (most spend). `exempt` holds
 * the strategy's never-block apps and the apps its rules already blocked.
 */
export function appsToBlock(rule: RuleThresholds, apps: readonly AppDelivery[], exempt: ReadonlySet<number>): BlockDecision[] {
  return apps
    .filter((app) => !exempt.has(app.appId) && reachedLimits(rule, app) && conversionsOf(rule.convType, app) < BigInt(rule.convs))
    .map((app) => ({ appId: app.appId, spend: app.spend, imps: app.imps, clicks: app.clicks, convs: conversionsOf(rule.convType, app) }))
    .sort((a, b) => b.spend.comparedTo(a.spend) || a.appId - b.appId);
}
