/**
 * @jest-environment jsdom
 */
// The report builder as the user meets it: a bad choice gets its message
// beside the field and runs nothing; a good one becomes the page's URL.
import { fireEvent, render, screen } from "@testing-library/react";
import { ReportBuilder } from "./report-builder";

const push = jest.fn();
jest.mock("next/navigation", () => ({ useRouter: () => ({ push }) }));

const props = {
  basePath: "/report/advanced",
  input: { dimensions: ["campaign" as const], metrics: ["impressions"], from: "2024-03-01", to: "2024-03-07", timezoneId: 805 },
  fieldErrors: {},
  timezones: [{ id: 805, name: "UTC" }],
  metricGroups: [{ groupId: "common" as const, label: "Common", metrics: [{ id: "impressions", title: "Impressions", hover: "" }, { id: "clicks", title: "Clicks", hover: "" }] }],
};

beforeEach(() => push.mockReset());

test("no dimension, no metric, dates the wrong way round: each message beside its field, nothing runs", () => {
  render(<ReportBuilder {...props} />);
  fireEvent.click(screen.getByTestId("report-dim-campaign"));
  fireEvent.click(screen.getByTestId("report-metric-impressions"));
  fireEvent.change(screen.getByLabelText("From"), { target: { value: "2024-03-09" } });
  fireEvent.click(screen.getByTestId("report-run"));
  expect(screen.getByTestId("report-dimensions-error").textContent).toBe("Choose at least one dimension");
  expect(screen.getByTestId("report-metrics-error").textContent).toBe("Choose at least one metric");
  expect(screen.getByTestId("report-to-error").textContent).toBe("The start date must not be after the end date");
  expect(push).not.toHaveBeenCalled();
});

test("dimensions in the order chosen, a filter and compare go into the URL", () => {
  render(<ReportBuilder {...props} />);
  fireEvent.click(screen.getByTestId("report-dim-date"));
  fireEvent.click(screen.getByTestId("report-metric-clicks"));
  fireEvent.click(screen.getByTestId("report-compare"));
  fireEvent.click(screen.getByTestId("report-add-filter"));
  fireEvent.change(screen.getByLabelText("Filter dimension"), { target: { value: "country" } });
  fireEvent.change(screen.getByLabelText("Filter values"), { target: { value: "IN, US" } });
  fireEvent.click(screen.getByTestId("report-run"));
  const url = new URL(push.mock.calls[0][0] as string, "http://x");
  expect(url.pathname).toBe("/report/advanced");
  expect(Object.fromEntries(url.searchParams)).toMatchObject({ dims: "campaign,date", metrics: "impressions,clicks", f: "country.in.IN,US", compare: "1", tz: "805" });
});
