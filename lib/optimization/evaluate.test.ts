import { Prisma } from "../generated/prisma/client";
import { appsToBlock, reachedLimits, type AppDelivery, type RuleThresholds } from "./evaluate";

const app = (appId: number, over: Partial<Record<keyof AppDelivery, string | number>> = {}): AppDelivery => ({
  appId,
  spend: new Prisma.Decimal(over.spend ?? "0"),
  imps: BigInt(over.imps ?? 0),
  clicks: BigInt(over.clicks ?? 0),
  installs: BigInt(over.installs ?? 0),
  reEngagements: BigInt(over.reEngagements ?? 0),
  conversions: BigInt(over.conversions ?? 0),
});
const rule = (over: Partial<RuleThresholds> = {}): RuleThresholds => ({
  spend: new Prisma.Decimal("10"),
  imps: null,
  clicks: null,
  convs: 2,
  convType: "INSTALL",
  ...over,
});

describe("reachedLimits", () => {
  it("needs every limit the rule gives, each at or above its value", () => {
    const both = rule({ imps: 1000 });
    expect(reachedLimits(both, app(1, { spend: "10", imps: 1000 }))).toBe(true);
    expect(reachedLimits(both, app(1, { spend: "10", imps: 999 }))).toBe(false);
    expect(reachedLimits(both, app(1, { spend: "9.999999", imps: 5000 }))).toBe(false);
  });

  it("a rule without limits reaches nothing", () => {
    expect(reachedLimits(rule({ spend: null }), app(1, { spend: "1000", imps: 1e6 }))).toBe(false);
  });
});

describe("appsToBlock", () => {
  it("blocks apps that reached the limits with fewer conversions of the rule's type than expected, most spend first", () => {
    const apps = [
      app(1, { spend: "12", installs: 1 }), // weak
      app(2, { spend: "50", installs: 0 }), // weak, more spend
      app(3, { spend: "12", installs: 2 }), // delivered what was expected
      app(4, { spend: "3", installs: 0 }), // has not had its chance yet
    ];
    expect(appsToBlock(rule(), apps, new Set()).map((d) => [d.appId, d.spend.toString(), d.convs])).toEqual([
      [2, "50", BigInt(0)],
      [1, "12", BigInt(1)],
    ]);
  });

  it("counts the conversions of the rule's type: installs, re-engagements, conversions or clicks", () => {
    const a = app(1, { spend: "20", installs: 5, reEngagements: 0, conversions: 1, clicks: 9 });
    expect(appsToBlock(rule({ convType: "INSTALL" }), [a], new Set())).toHaveLength(0);
    expect(appsToBlock(rule({ convType: "RE_ENGAGS" }), [a], new Set())).toHaveLength(1);
    expect(appsToBlock(rule({ convType: "CONV" }), [a], new Set())).toHaveLength(1);
    expect(appsToBlock(rule({ convType: "CLICKS", convs: 10 }), [a], new Set())).toHaveLength(1);
    expect(appsToBlock(rule({ convType: "CLICKS", convs: 9 }), [a], new Set())).toHaveLength(0);
  });

  it("never blocks an exempt app (never-block list, already blocked)", () => {
    expect(appsToBlock(rule(), [app(7, { spend: "99" })], new Set([7]))).toEqual([]);
  });
});
