/**
 * @jest-environment jsdom
 */
// The arms side by side as a user reads them: the headers (a metric's meaning
// as its header's tooltip), each arm's link, traffic, metrics, compared rate
// with its counts, the difference from the control and its significance; and
// a bar per arm.
import "@testing-library/jest-dom";
import { render, screen, within } from "@testing-library/react";
import type { ExperimentMetrics } from "@/lib/experiments/metrics";
import { getMetric } from "@/lib/metrics/catalogue";
import { ExperimentArms } from "./experiment-arms";

const RESULTS: ExperimentMetrics = {
  metricIds: ["impressions", "clicks"],
  arms: [
    { strategyId: 4, name: "Control arm", active: true, trafficPercent: 50, values: { impressions: 1000, clicks: 10 }, successes: 10, trials: 1000, rate: 0.01, test: null },
    {
      strategyId: 5,
      name: "Challenger",
      active: true,
      trafficPercent: 50,
      values: { impressions: 1000, clicks: 30 },
      successes: 30,
      trials: 1000,
      rate: 0.03,
      test: { rateA: 0.01, rateB: 0.03, difference: 0.02, relativeDifference: 2, z: 3.2, pValue: 0.001, confidence: 0.999, significant: true },
    },
  ],
};

test("each arm's row: link, traffic, metrics, compared rate, difference and significance", () => {
  render(<ExperimentArms results={RESULTS} currencyCode="USD" metricLabel="Click-through rate" />);
  const table = screen.getByTestId("experiment-arms-table");
  expect(within(table).getAllByRole("columnheader").map((th) => th.textContent)).toEqual([
    "Arm",
    "Traffic",
    getMetric("impressions")!.title,
    getMetric("clicks")!.title,
    "Compared rate",
    "Difference",
    "Significance",
  ]);
  expect(within(table).getByRole("columnheader", { name: getMetric("clicks")!.title })).toHaveAttribute("title", getMetric("clicks")!.hover);
  const [control, challenger] = screen.getAllByTestId("experiment-arm-row");
  expect(within(control).getByRole("link", { name: "Control arm" })).toHaveAttribute("href", "/strategy/details/4");
  expect(within(control).getByTestId("experiment-arm-difference")).toHaveTextContent("-");
  expect(within(control).getByTestId("experiment-arm-significance")).toHaveTextContent("Control");
  expect(within(challenger).getByTestId("experiment-arm-clicks")).toHaveTextContent("30");
  expect(within(challenger).getByTestId("experiment-arm-rate")).toHaveTextContent("3.00%30 / 1,000");
  expect(within(challenger).getByTestId("experiment-arm-difference")).toHaveTextContent("+2.00 pp+200.0%");
  expect(within(challenger).getByTestId("experiment-arm-significance")).toHaveTextContent(/^Significant \(/);
  expect(within(challenger).getAllByRole("cell")[0]).toHaveTextContent("ChallengerArm 2");
  expect(screen.getByRole("figure", { name: "Click-through rate by arm" })).toBeInTheDocument();
});
