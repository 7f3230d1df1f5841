// The derived budget values of shell.md 9 against hand-computed cases,
// including the rounding and flooring edges a float would get wrong.
import {
  compareMoney,
  dailyMediaBudget,
  deliveryCap,
  derivedBudgetValues,
  fromScaled,
  marginFractionOf,
  marginPercentText,
  roundScaled,
  toScaled,
} from "./budget";

describe("exact decimals", () => {
  test.each([
    ["1234.56", 6, 1234560000n],
    ["0.000001", 6, 1n],
    ["-1.5", 6, -1500000n],
    [".5", 2, 50n],
    ["7.", 2, 700n],
    ["007.100", 2, 710n],
    ["-0", 6, 0n],
  ])("toScaled(%s, %d) = %s", (text, scale, expected) => {
    expect(toScaled(text, scale)).toBe(expected);
  });

  test.each([["1.1234567"], ["1e3"], ["1,5"], [""], ["."], ["-"], [" 1"], ["0x10"], ["1".repeat(100)]])("toScaled(%j) is not a money amount", (text) => {
    expect(toScaled(text, 6)).toBeNull();
  });

  test("fromScaled writes the canonical spelling, or a fixed number of decimals", () => {
    expect(fromScaled(1234560000n, 6)).toBe("1234.56");
    expect(fromScaled(1n, 6)).toBe("0.000001");
    expect(fromScaled(-1500000n, 6)).toBe("-1.5");
    expect(fromScaled(5n, 2, 2)).toBe("0.05");
    expect(fromScaled(0n, 6, 2)).toBe("0.00");
  });

  test("roundScaled rounds half away from zero", () => {
    expect(roundScaled(5n, 3, 2)).toBe(1n); // 0.005 -> 0.01
    expect(roundScaled(4n, 3, 2)).toBe(0n); // 0.004 -> 0.00
    expect(roundScaled(-5n, 3, 2)).toBe(-1n);
    expect(roundScaled(12n, 1, 3)).toBe(1200n);
  });

  test("compareMoney is exact where floats are not", () => {
    expect(compareMoney("0.3", "0.30")).toBe(0);
    expect(compareMoney("999999999999.999999", "999999999999.999998")).toBe(1);
    expect(compareMoney("0.1", "1e-1")).toBeNull();
  });
});

describe("daily media budget = spend x (1 - margin), 2 decimals half-up", () => {
  test.each([
    ["100", "0.15", "85.00"],
    ["1234.56", "0", "1234.56"],
    ["1234.56", "0.3", "864.19"], // 864.192
    ["0.01", "0.5", "0.01"], // 0.005, half-up
    ["0.01", "0.51", "0.00"], // 0.0049
    ["2.01", "0.5", "1.01"], // 1.005: a float gives 1.00
    ["10.05", "0.5", "5.03"], // 5.025
    ["100", "0.99", "1.00"], // 99% margin
    ["333.33", "0.3", "233.33"], // 233.331
    ["10", "0.333", "6.67"], // 6.67
    ["999999999999.999999", "0.99", "10000000000.00"], // 9999999999.99999999
    ["999999999999.999999", "0", "1000000000000.00"],
  ])("spend %s, margin %s -> %s", (spend, margin, expected) => {
    expect(dailyMediaBudget(spend, margin)).toBe(expected);
  });

  test.each([
    [null, "0.3"],
    ["100", null],
    ["", "0.3"],
    ["abc", "0.3"],
    ["100", "1"],
    ["100", "-0.1"],
    ["-100", "0.3"],
  ])("spend %j, margin %j is not computable", (spend, margin) => {
    expect(dailyMediaBudget(spend, margin)).toBeNull();
  });
});

describe("delivery cap = floor(budget / price x 1000 per mille, x 1 otherwise)", () => {
  test.each([
    ["100", "2.5", "CPM", "40000"],
    ["1", "3", "CPM", "333"], // 333.33...
    ["1234.56", "0.01", "CPM", "123456000"],
    ["1234.56", "4.2", "CPM", "293942"], // 293942.857...
    ["10", "0.000001", "CPM", "10000000000"],
    ["999999999999.999999", "0.000001", "CPM", "999999999999999999000"], // beyond 2^53, still exact
    ["100", "3", "CPC", "33"],
    ["0.3", "0.1", "CPC", "3"], // a float gives 2.9999999999999996 -> 2
    ["0.7", "0.1", "CPA", "7"], // a float gives 6.999999999999999 -> 6
    ["1234.56", "1234.56", "CPI", "1"],
    ["1234.55", "1234.56", "CPI", "0"],
  ])("budget %s at %s %s -> %s", (budget, price, type, expected) => {
    expect(deliveryCap(budget, price, type)).toBe(expected);
  });

  test.each([
    ["100", "0.3", "MARGIN"],
    ["100", "0.15", "REV_SHARE"],
    ["100", "0", "CPM"],
    ["0", "2", "CPM"],
    [null, "2", "CPC"],
    ["100", "", "CPC"],
    ["100", "2", null],
  ])("budget %j at %j %j is not computable", (budget, price, type) => {
    expect(deliveryCap(budget, price, type)).toBeNull();
  });
});

describe("margin as a percentage: x100, 2 decimals, a trailing .00 dropped", () => {
  test.each([
    ["0.25", "25"],
    ["0.1234", "12.34"],
    ["0.125", "12.50"],
    ["0.99", "99"],
    ["0", "0"],
    ["0.123456", "12.35"], // 12.3456
    ["0.00005", "0.01"], // 0.005, half-up
    ["0.00004", "0"],
  ])("%s -> %s", (fraction, expected) => {
    expect(marginPercentText(fraction)).toBe(expected);
  });

  test("a typed percentage becomes the stored fraction, and back", () => {
    expect(marginFractionOf("30")).toBe("0.3");
    expect(marginFractionOf("12.34")).toBe("0.1234");
    expect(marginFractionOf("99")).toBe("0.99");
    expect(marginFractionOf("12.345")).toBeNull();
    expect(marginPercentText(marginFractionOf("12.34"))).toBe("12.34");
    expect(marginPercentText(null)).toBeNull();
  });
});

describe("derivedBudgetValues: what the form shows as the user types", () => {
  test("margin pricing derives the daily media budget from the daily spend", () => {
    expect(derivedBudgetValues({ pricingType: "MARGIN", pricingValue: "30", dailyAdvSpendBudget: "1234.56", dailyBudget: "5", lifetimeBudget: "9000" })).toEqual({
      dailyBudget: "864.19",
      dailyDeliveryCap: null,
      lifetimeDeliveryCap: null,
      marginPercent: "30",
    });
    expect(derivedBudgetValues({ pricingType: "MARGIN", pricingValue: "99", dailyAdvSpendBudget: "100" }).dailyBudget).toBe("1.00");
  });

  test("unit pricing derives the caps from the media budgets", () => {
    expect(derivedBudgetValues({ pricingType: "CPM", pricingValue: "2.5", dailyBudget: "100", lifetimeBudget: "3000" })).toEqual({
      dailyBudget: null,
      dailyDeliveryCap: "40000",
      lifetimeDeliveryCap: "1200000",
      marginPercent: null,
    });
    expect(derivedBudgetValues({ pricingType: "CPC", pricingValue: "0.1", dailyBudget: "0.3" }).dailyDeliveryCap).toBe("3");
  });

  test("half-typed values derive nothing", () => {
    expect(derivedBudgetValues({})).toEqual({ dailyBudget: null, dailyDeliveryCap: null, lifetimeDeliveryCap: null, marginPercent: null });
    expect(derivedBudgetValues({ pricingType: "CPM", pricingValue: "2.", dailyBudget: "1." }).dailyDeliveryCap).toBe("500");
    expect(derivedBudgetValues({ pricingType: "MARGIN", pricingValue: "3", dailyAdvSpendBudget: "-" }).dailyBudget).toBeNull();
  });
});

describe("the cases the console's number formats were first written against", () => {
  test("daily media budget", () => {
    expect(dailyMediaBudget("100", "0.15")).toBe("85.00");
    expect(dailyMediaBudget("333.33", "0.3")).toBe("233.33");
    expect(dailyMediaBudget("10", "0.333")).toBe("6.67");
    expect(dailyMediaBudget("50", "0")).toBe("50.00");
  });

  test("delivery caps", () => {
    expect(deliveryCap("100", "2.5", "CPM")).toBe("40000");
    expect(deliveryCap("100", "3", "CPC")).toBe("33");
    expect(deliveryCap("10", "0.3", "CPA")).toBe("33");
    expect(deliveryCap("1", "3", "CPM")).toBe("333");
    expect(deliveryCap("100", "0", "CPM")).toBeNull();
  });
});
