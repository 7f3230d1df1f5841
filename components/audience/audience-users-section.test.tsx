/**
 * @jest-environment jsdom
 */
// The audience details page's Users section: the chart (loaded lazily) draws
// the total users as a line and the new users as bars over every day of the
// range; an audience that never had a member says 'No users yet.', one with
// none in these days says so, and neither loads the chart.
import "@testing-library/jest-dom";
import { render, screen } from "@testing-library/react";
import type { ReactNode } from "react";
import type { AudienceChart } from "@/lib/audiences/chart/schema";
import { AudienceUsersSection, NO_USERS_IN_RANGE, NO_USERS_YET } from "./audience-users-section";

// recharts measures its box, which jsdom does not lay out: stand-ins that show what it was given.
jest.mock("recharts", () => {
  const Stub = () => null;
  const Pass = ({ children }: { children?: ReactNode }) => <>{children}</>;
  const Series = (kind: string) =>
    function Series({ dataKey, name, yAxisId }: { dataKey: string; name: string; yAxisId: string }) {
      return <span data-testid={`series-${dataKey}`} data-kind={kind} data-axis={yAxisId}>{name}</span>;
    };
  return {
    ResponsiveContainer: Pass,
    ComposedChart: ({ data, children }: { data: unknown[]; children?: ReactNode }) => (
      <div data-testid="composed-chart" data-rows={JSON.stringify(data)}>
        {children}
      </div>
    ),
    Line: Series("line"),
    Bar: Series("bar"),
    CartesianGrid: Stub,
    Legend: Stub,
    Tooltip: Stub,
    XAxis: Stub,
    YAxis: Stub,
  };
});
jest.mock("@/components/date-range/date-range-picker", () => ({
  DateRangePicker: ({ from, to }: { from: string; to: string }) => <span data-testid="date-range">{`${from} - ${to}`}</span>,
}));

const DATE_RANGE = { stored: { preset: "last7" as const }, from: "2030-01-01", to: "2030-01-03", timezoneName: "UTC" };
const CHART: AudienceChart = {
  audienceId: 7,
  from: "2030-01-01",
  to: "2030-01-03",
  timezone: "Asia/Kolkata",
  hasUsers: true,
  days: [
    { day: "2030-01-01", totalUsers: 120, newUsers: 20 },
    { day: "2030-01-02", totalUsers: 150, newUsers: 30 },
    { day: "2030-01-03", totalUsers: null, newUsers: null },
  ],
};

test("the chart draws total users as a line and new users as bars over every day of the range", async () => {
  render(<AudienceUsersSection chart={CHART} dateRange={DATE_RANGE} />);
  expect(screen.getByRole("heading", { name: "Users" })).toBeInTheDocument();
  expect(screen.getByTestId("date-range")).toHaveTextContent("2030-01-01 - 2030-01-03");
  const figure = screen.getByTestId("audience-users-chart");
  expect(figure).toHaveAttribute("data-points", "3");
  expect(figure).toHaveAccessibleName("Total users at the end of each day and new users per day, 2030-01-01 to 2030-01-03");

  const total = await screen.findByTestId("series-totalUsers");
  expect(total).toHaveTextContent("Total users");
  expect(total).toHaveAttribute("data-kind", "line");
  const added = screen.getByTestId("series-newUsers");
  expect(added).toHaveTextContent("New users");
  expect(added).toHaveAttribute("data-kind", "bar");
  expect(added.dataset.axis).not.toBe(total.dataset.axis);
  expect(JSON.parse(screen.getByTestId("composed-chart").dataset.rows!)).toEqual(CHART.days);
  expect(screen.queryByTestId("audience-users-empty")).not.toBeInTheDocument();
});

test("no member ever: 'No users yet.'; members, but none in these days: says so; no chart either way", () => {
  const { unmount } = render(<AudienceUsersSection chart={{ ...CHART, hasUsers: false, days: CHART.days.map((d) => ({ ...d, totalUsers: 0, newUsers: 0 })) }} dateRange={DATE_RANGE} />);
  expect(screen.getByTestId("audience-users-empty")).toHaveTextContent(NO_USERS_YET);
  expect(screen.getByTestId("date-range")).toBeInTheDocument();
  expect(screen.queryByTestId("audience-users-chart")).not.toBeInTheDocument();
  expect(screen.queryByTestId("audience-users-loading")).not.toBeInTheDocument();
  unmount();

  render(<AudienceUsersSection chart={{ ...CHART, days: CHART.days.map((d) => ({ ...d, totalUsers: d.totalUsers && 0, newUsers: d.newUsers && 0 })) }} dateRange={DATE_RANGE} />);
  expect(screen.getByTestId("audience-users-empty")).toHaveTextContent(NO_USERS_IN_RANGE);
  expect(screen.queryByTestId("audience-users-chart")).not.toBeInTheDocument();
});
