/**
 * @jest-environment jsdom
 */
// The business report's table as a user reads it: a row per period named by
// its period, the spends, margin and growths (green up, red down); without
// media spend (read-only roles) the advertiser spend alone; no periods say so.
import "@testing-library/jest-dom";
import { render, screen, within } from "@testing-library/react";
import type { BusinessReport } from "@/lib/slicex/queries";
import { BusinessReportView } from "./business-report";

// recharts measures its box, which jsdom does not lay out: the chart is not under test here.
jest.mock("recharts", () => {
  const Stub = () => null;
  return { Bar: Stub, CartesianGrid: Stub, ComposedChart: Stub, Legend: Stub, Line: Stub, ResponsiveContainer: Stub, Tooltip: Stub, XAxis: Stub, YAxis: Stub };
});
jest.mock("next/navigation", () => ({ useRouter: () => ({ push: jest.fn() }) }));

const REPORT: BusinessReport = {
  periods: [
    { period: "2030-01-01", label: "Jan 2030", revenue: 100, cost: 60, marginAmount: 40, marginPercent: 40, growth: { revenue: null, cost: null, marginAmount: null } },
    { period: "2030-02-01", label: "Feb 2030", revenue: 150, cost: 100, marginAmount: 50, marginPercent: 33.33, growth: { revenue: 50, cost: 66.67, marginAmount: -10 } },
  ],
  range: { from: "2030-01-01", to: "2030-02-28" },
  showsCost: true,
  currencyCode: "USD",
};

test("a row per period: its label as the row header, the figures and their growth", () => {
  render(<BusinessReportView report={REPORT} />);
  const table = screen.getByTestId("business-table");
  expect(within(table).getAllByRole("columnheader").map((th) => th.textContent)).toEqual(["Period", "Adv Spend", "Growth", "Media Spend", "Growth", "Margin", "Margin %", "Margin Growth"]);
  const [jan, feb] = screen.getAllByTestId("business-row");
  expect(within(jan).getByRole("rowheader")).toHaveTextContent("Jan 2030");
  expect(within(jan).getAllByRole("cell")[1]).toHaveTextContent("-");
  expect(within(feb).getAllByRole("cell").map((td) => td.textContent)).toEqual(["$150.00", "+50.00%", "$100.00", "+66.67%", "$50.00", "33.33%", "-10.00%"]);
  expect(within(feb).getByText("-10.00%")).toHaveClass("text-red-700");
});

test("without media spend: period, advertiser spend and its growth only; no periods: the note", () => {
  const { unmount } = render(<BusinessReportView report={{ ...REPORT, showsCost: false }} />);
  expect(within(screen.getByTestId("business-table")).getAllByRole("columnheader").map((th) => th.textContent)).toEqual(["Period", "Adv Spend", "Growth"]);
  unmount();
  render(<BusinessReportView report={{ ...REPORT, periods: [] }} />);
  expect(screen.getByTestId("business-empty")).toHaveTextContent("No delivery in these dates.");
});
