// shell.md 9 derived values for the strategy's budget step, on the campaign form's exact formulas.
import { strategyDerivedValues } from "./budget";

test("unit pricing: delivery caps from the daily advertiser spend budget and the budget; CPM per mille", () => {
  expect(strategyDerivedValues({ pricingType: "CPM", pricingValue: "4.20", dailyAdvSpendBudget: "1234.56", budgetValue: "30000" })).toEqual({
    dailyMediaBudget: null, dailyDeliveryCap: "293942", lifetimeDeliveryCap: "7142857", marginPercent: null,
  });
  expect(strategyDerivedValues({ pricingType: "CPC", pricingValue: 0.3, dailyAdvSpendBudget: 100, budgetValue: null })).toMatchObject({ dailyDeliveryCap: "333", lifetimeDeliveryCap: null });
});

test("-1 (unlimited) and blanks derive nothing", () => {
  expect(strategyDerivedValues({ pricingType: "CPM", pricingValue: "2", dailyAdvSpendBudget: "-1", budgetValue: -1 })).toMatchObject({ dailyDeliveryCap: null, lifetimeDeliveryCap: null });
  expect(strategyDerivedValues({ pricingType: "CPM", pricingValue: "", dailyAdvSpendBudget: "10" }).dailyDeliveryCap).toBeNull();
});

test("margin pricing: daily media budget = spend x (1 - margin), exact to the cent; the margin shown x100", () => {
  expect(strategyDerivedValues({ pricingType: "MARGIN", pricingValue: "30", dailyAdvSpendBudget: "0.30" })).toEqual({
    dailyMediaBudget: "0.21", dailyDeliveryCap: null, lifetimeDeliveryCap: null, marginPercent: "30",
  });
  expect(strategyDerivedValues({ pricingType: "MARGIN", pricingValue: "12.5", dailyAdvSpendBudget: "999999999999.99" }).dailyMediaBudget).toBe("874999999999.99");
});
