import { moneyExport } from "./columns";

test("amounts go to the CSV as their exact decimal text, at least 2 places, never rounded", () => {
  expect(["1234.56", "30000", "0.123456", "999999999999.999999", "0.1"].map((v) => moneyExport(v))).toEqual([
    "1234.56",
    "30000.00",
    "0.123456",
    "999999999999.999999",
    "0.10",
  ]);
  expect([moneyExport(null, "Unlimited"), moneyExport("-1", "Unlimited")]).toEqual(["Unlimited", "Unlimited"]);
});
