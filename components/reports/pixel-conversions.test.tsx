/**
 * @jest-environment jsdom
 */
// The conversion report's pixel tables as a user reads them: names, counts,
// value in the report's currency, mean time to convert, the bands with their
// shares, the note on filters that do not apply, and the empty states.
import { render, screen, within } from "@testing-library/react";
import { TIME_TO_CONVERT_BANDS } from "@/lib/attribution/time-to-convert";
import type { PixelConversionReport } from "@/lib/reports/pixel-conversions";
import { PixelConversions } from "./pixel-conversions";

// recharts measures its box, which jsdom does not lay out: the chart's bars are not under test here.
jest.mock("./time-to-convert-chart", () => ({ TimeToConvertChart: () => <div data-testid="time-to-convert-chart" /> }));

const bands = (counts: Record<number, [number, number]> = {}) =>
  TIME_TO_CONVERT_BANDS.map((b, i) => ({ label: b.label, clickConversions: counts[i]?.[0] ?? 0, viewConversions: counts[i]?.[1] ?? 0 }));

const report = (over: Partial<PixelConversionReport> = {}): PixelConversionReport => ({
  pixels: [
    { id: 7, name: "Checkout", type: "HYBRID_CONV", fires: 4, conversions: 3, clickConversions: 2, viewConversions: 1, value: 10, meanSecondsToConvert: 2 * 86400 },
    { id: 8, name: "Idle", type: "CLICK_CONV", fires: 0, conversions: 0, clickConversions: 0, viewConversions: 0, value: 0, meanSecondsToConvert: null },
  ],
  timeToConvert: bands({ 0: [1, 0], 1: [1, 0], 3: [0, 2] }),
  filtersNotApplied: [],
  ...over,
});

test("each pixel's fires, conversions, value and mean time to convert", () => {
  render(<PixelConversions report={report()} currencyCode="USD" />);
  const cells = (id: number) => within(screen.getByTestId(`report-pixel-${id}`)).getAllByRole("cell").map((c) => c.textContent);
  expect(cells(7)).toEqual(["Checkout", "Hybrid", "4", "3", "2", "1", "$10.00", "2.0 days"]);
  expect(cells(8)).toEqual(["Idle", "Click Conversions", "0", "0", "0", "0", "$0.00", "-"]);
  expect(screen.getByTestId("report-pixels").textContent).not.toContain("do not apply");
});

test("time to convert: every band with its click and view conversions and its share, and the chart", () => {
  render(<PixelConversions report={report()} currencyCode="USD" />);
  const section = screen.getByTestId("report-time-to-convert");
  const rows = within(section).getAllByRole("row").slice(1).map((r) => within(r).getAllByRole("cell").map((c) => c.textContent));
  expect(rows).toHaveLength(TIME_TO_CONVERT_BANDS.length);
  expect(rows[0]).toEqual(["Under 1 hour", "1", "0", "25.00%"]);
  expect(rows[3]).toEqual(["1 to 3 days", "0", "2", "50.00%"]);
  expect(within(section).getByTestId("time-to-convert-chart")).toBeTruthy();
});

test("filters conversions cannot take are named; no pixels and no conversions say so", () => {
  render(<PixelConversions report={report({ pixels: [], timeToConvert: bands(), filtersNotApplied: ["Country", "Device Type"] })} currencyCode="USD" />);
  expect(screen.getByTestId("report-pixels").textContent).toContain("Filters on Country, Device Type do not apply here");
  expect(screen.getByText("No pixels.")).toBeTruthy();
  expect(screen.getByText("No pixel conversions in this range.")).toBeTruthy();
  expect(screen.queryByTestId("time-to-convert-chart")).toBeNull();
});
