/**
 * @jest-environment jsdom
 */
// The report builder as the user meets it: a bad choice gets its message
// beside the field and runs nothing; a good one becomes the page's URL, with
// filter values chosen by name (ids in the URL) or from their lists.
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { searchMock } from "@/tests/helpers/report-filter-search";
import { ReportBuilder } from "./report-builder";

const push = jest.fn();
jest.mock("next/navigation", () => ({ useRouter: () => ({ push }) }));
jest.mock("@/lib/report-pages/actions", () => ({ searchReportFilterValuesAction: jest.fn() }));
jest.mock("@/components/account/session-events", () => ({ expiredSession: jest.fn(() => false) }));

const props = {
  basePath: "/report/advanced",
  input: { dimensions: ["campaign" as const], metrics: ["impressions"], from: "2024-03-01", to: "2024-03-07", timezoneId: 805 },
  fieldErrors: {},
  timezones: [{ id: 805, name: "UTC" }],
  countries: [{ value: "IN", label: "India" }, { value: "US", label: "United States" }],
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
  const values = screen.getByRole("combobox", { name: "Country values" });
  fireEvent.focus(values);
  fireEvent.change(values, { target: { value: "india" } });
  fireEvent.keyDown(values, { key: "Enter" });
  fireEvent.change(values, { target: { value: "united" } });
  fireEvent.keyDown(values, { key: "Enter" });
  fireEvent.click(screen.getByTestId("report-run"));
  const url = new URL(push.mock.calls[0][0] as string, "http://x");
  expect(url.pathname).toBe("/report/advanced");
  expect(Object.fromEntries(url.searchParams)).toMatchObject({ dims: "campaign,date", metrics: "impressions,clicks", f: "country.in.IN,US", compare: "1", tz: "805" });
});

test("a campaign chosen by name filters by its id; ids from the URL show by name; an empty filter gets its message", async () => {
  searchMock.mockResolvedValue({ ok: true, data: [{ value: "42", label: "Spring sale", detail: "ID 42" }] });
  render(
    <ReportBuilder
      {...props}
      input={{ ...props.input, filters: [{ dimension: "strategy", op: "notIn", values: ["7"] }] }}
      filterLabels={{ strategy: { "7": "Retargeting" } }}
    />,
  );
  expect(screen.getByRole("button", { name: "Remove Retargeting" })).toBeTruthy();
  fireEvent.click(screen.getByTestId("report-add-filter"));
  fireEvent.click(screen.getByTestId("report-run"));
  expect(screen.getByTestId("report-filter-1-values-error").textContent).toBe("Give at least one value");
  expect(push).not.toHaveBeenCalled();

  const values = screen.getByRole("combobox", { name: "Campaign values" });
  fireEvent.focus(values);
  fireEvent.change(values, { target: { value: "spring" } });
  fireEvent.click(await screen.findByRole("option", { name: /Spring sale/ }));
  await waitFor(() => expect(searchMock).toHaveBeenCalledWith({ dimension: "campaign", text: "spring" }));
  fireEvent.click(screen.getByTestId("report-run"));
  const url = new URL(push.mock.calls[0][0] as string, "http://x");
  expect(url.searchParams.getAll("f")).toEqual(["strategy.notIn.7", "campaign.in.42"]);
});
