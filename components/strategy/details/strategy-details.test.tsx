/**
 * @jest-environment jsdom
 */
// The strategy details page as the user meets it: where the strategy sits,
// Edit to the wizard, the five review sections, pacing against advertiser
// spend, the tiles and chart of the date range; Activate / Deactivate behind
// the 'Warning' question through the registry's status action, with the
// server's own words when it refuses (an inactive campaign, the SKAD
// privilege); read-only and demo users see every control disabled.
import "@testing-library/jest-dom";
import { act, fireEvent, render, screen, within } from "@testing-library/react";
import { setActiveInBulkAction } from "@/lib/entities/actions";
import type { StrategyDetailsPage } from "@/lib/strategies/page";
import { STRATEGY_MESSAGES } from "@/lib/strategies/rules";
import { StrategyDetailsView } from "./strategy-details";

jest.mock("@/lib/entities/actions", () => ({ setActiveInBulkAction: jest.fn() }));
jest.mock("@/lib/user-settings/actions", () => ({ saveDateRangeAction: jest.fn() }));
jest.mock("@/components/account/session-events", () => ({ expiredSession: (r: { ok: boolean; status?: number } | null) => !!r && !r.ok && r.status === 401 }));
// recharts measures its box, which jsdom does not lay out: the chart's own switch is not under test here.
jest.mock("@/components/charts/daily-metric-chart", () => ({
  DailyMetricChart: ({ days }: { days: unknown[] }) => <div data-testid="daily-chart" data-points={days.length} />,
}));
const refresh = jest.fn();
jest.mock("next/navigation", () => ({ useRouter: () => ({ refresh, push: jest.fn() }), usePathname: () => "/strategy/details/9" }));
const setActive = setActiveInBulkAction as jest.MockedFunction<typeof setActiveInBulkAction>;
type ActionResult = Awaited<ReturnType<typeof setActiveInBulkAction>>;

beforeEach(() => jest.clearAllMocks());

const money = { id: "revenue", title: "Adv Spend", hover: "", type: "currency" as const };
const PAGE: StrategyDetailsPage = {
  strategy: { id: 9, name: "Prospecting EU", active: true, isArchived: false },
  advertiser: { id: 3, name: "Velo Fitness", currencyCode: "EUR" },
  campaign: { id: 6, name: "Velo - Installs" },
  timeZone: "UTC",
  sections: [
    { key: "basics", title: "BASICS", editTitle: "Details", rows: [{ key: "name", label: "Name", value: "Prospecting EU" }, { key: "attributionType", label: "Attribution Type", value: "Deterministic" }] },
    { key: "budget", title: "BUDGET & BIDDING", editTitle: "Budget & Bidding", rows: [{ key: "budgetValue", label: "Budget", value: "30000" }] },
    { key: "targeting", title: "DELIVERY TARGETING", editTitle: "Targeting", rows: [{ key: "geo.country.target", label: "Targeted Countries", value: "Germany" }] },
    { key: "inventory", title: "INVENTORY", editTitle: "Inventory", rows: [{ key: "auctionType", label: "Auction Type", value: "First price" }] },
    { key: "creativeSets", title: "CREATIVE SETS", editTitle: "Creative Sets", rows: [{ key: "creativeSets", label: "Creative Sets", value: "Banners" }] },
  ],
  canWrite: true,
  editHref: "/strategy/create/9",
  dateRange: { stored: { preset: "last7" }, from: "2030-01-01", to: "2030-01-07", timezoneName: "UTC" },
  overview: {
    tiles: [{ ...money, value: 14 }],
    chartMetrics: [money],
    daily: [{ day: "2030-01-01", values: { revenue: 10 } }, { day: "2030-01-02", values: { revenue: 4 } }],
  },
  pacing: {
    lifetime: { status: "ON_TRACK", spent: "14", budget: "30000", expected: "15.000000", percentOfBudget: "0.05" },
    daily: { status: "UNDER", spent: "4", budget: "1234.56", expected: "600.000000", percentOfBudget: "0.32" },
  },
};

function show(page: Partial<StrategyDetailsPage> = {}, strategy: Partial<StrategyDetailsPage["strategy"]> = {}) {
  render(<StrategyDetailsView page={{ ...PAGE, ...page, strategy: { ...PAGE.strategy, ...strategy } }} />);
}

test("where it sits, Edit to the wizard, the five sections, pacing, tiles and chart", () => {
  show();
  expect(screen.getByTestId("strategy-name")).toHaveTextContent("Prospecting EU");
  expect(screen.getByTestId("strategy-advertiser-link")).toHaveAttribute("href", "/advertiser/details/3");
  expect(screen.getByTestId("strategy-campaign-link")).toHaveAttribute("href", "/campaign/details/6");
  expect(screen.getByTestId("strategy-edit")).toHaveAttribute("href", "/strategy/create/9");
  for (const title of ["BASICS", "BUDGET & BIDDING", "DELIVERY TARGETING", "INVENTORY", "CREATIVE SETS"]) {
    expect(screen.getByRole("heading", { name: title })).toBeInTheDocument();
  }
  const pacing = screen.getByTestId("strategy-pacing");
  expect(within(pacing).getByRole("heading")).toHaveTextContent("Pacing (advertiser spend)");
  expect(within(pacing).getByTestId("pacing-daily-spent")).toHaveTextContent("€4.00 of €1,234.56 (0.32%)");
  expect(screen.getByTestId("strategy-tile-revenue")).toHaveTextContent("€14");
  expect(screen.getByTestId("daily-chart")).toHaveAttribute("data-points", "2");
  expect(screen.getByTestId("date-range-button")).toBeInTheDocument();
});

test("deactivating asks 'Warning' first, succeeds with its message and refreshes", async () => {
  setActive.mockResolvedValue({ ok: true, data: { changed: 1, total: 1 } } as unknown as ActionResult);
  show();
  fireEvent.click(screen.getByTestId("strategy-deactivate"));
  const dialog = screen.getByTestId("confirm-dialog");
  expect(within(dialog).getByText("Warning")).toBeInTheDocument();
  expect(dialog).toHaveTextContent("Are you sure you want to deactivate this strategy?");
  expect(setActive).not.toHaveBeenCalled();
  await act(async () => fireEvent.click(within(dialog).getByTestId("confirm-yes")));
  expect(setActive).toHaveBeenCalledWith({ entity: "strategy", ids: [9], active: false });
  expect(await screen.findByTestId("strategy-status-message")).toHaveTextContent("Successfully de-activated strategy");
  expect(refresh).toHaveBeenCalled();
});

test.each([
  'Strategy "Prospecting EU" cannot be activated while its campaign is inactive.',
  `Strategy "Prospecting EU": ${STRATEGY_MESSAGES.skadActivationRefused}`,
])("a refused activation shows the server's words: %s", async (refusal) => {
  setActive.mockResolvedValue({ ok: false, status: 409, formError: refusal } as ActionResult);
  show({}, { active: false });
  fireEvent.click(screen.getByTestId("strategy-activate"));
  expect(screen.getByTestId("confirm-dialog")).toHaveTextContent("Are you sure you want to activate this strategy?");
  await act(async () => fireEvent.click(screen.getByTestId("confirm-yes")));
  expect(setActive).toHaveBeenCalledWith({ entity: "strategy", ids: [9], active: true });
  expect(await screen.findByTestId("strategy-status-message")).toHaveTextContent(refusal);
  expect(refresh).not.toHaveBeenCalled();
});

test("read-only and demo users: Edit and the status action disabled, no edit link; demo users get no tiles or chart", () => {
  show({ canWrite: false, overview: null });
  expect(screen.getByTestId("strategy-edit")).toBeDisabled();
  expect(screen.getByTestId("strategy-deactivate")).toBeDisabled();
  expect(screen.queryByRole("link", { name: "Edit" })).toBeNull();
  for (const button of within(screen.getByTestId("strategy-header")).getAllByRole("button")) expect(button).toBeDisabled();
  expect(screen.queryByTestId("daily-chart")).toBeNull();
  expect(screen.queryByTestId("strategy-tile-revenue")).toBeNull();
});

test("an archived strategy has no status action; a role without the spend column no pacing", () => {
  show({ canWrite: false, pacing: null }, { isArchived: true, active: false });
  expect(screen.getByTestId("archived-badge")).toBeInTheDocument();
  expect(screen.queryByTestId("strategy-activate")).toBeNull();
  expect(screen.queryByTestId("strategy-pacing")).toBeNull();
});
