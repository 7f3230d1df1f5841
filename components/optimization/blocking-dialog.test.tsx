/**
 * @jest-environment jsdom
 */
// The blocking dialog (shell.md 2.13, 4): disabled with the reason until
// eligible; suggestions start selected, 'Add to blocked' moves them to the
// new selection, a chip's × returns one; replacing a target list asks first
// ('All tagrgeted elements will be removed.'), then saves with the version
// read and refreshes the page; nothing left shows 'Strategy Optimized';
// read-only users cannot save.
import "@testing-library/jest-dom";
import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { existingTargetingAction, optimizeStrategyAction, targetingSuggestionsAction } from "@/lib/optimization/blocking/actions";
import type { ExistingTargeting, Suggestion } from "@/lib/optimization/blocking/schema";
import { OptimizeButton } from "./blocking-dialog";
import { sortSuggestions } from "./blocking-table";

const refresh = jest.fn();
jest.mock("next/navigation", () => ({ useRouter: () => ({ refresh, push: jest.fn(), replace: jest.fn() }) }));
jest.mock("@/lib/optimization/blocking/actions", () => ({
  targetingSuggestionsAction: jest.fn(),
  existingTargetingAction: jest.fn(),
  optimizeStrategyAction: jest.fn(),
}));

const suggestion = (id: number, name: string, revenue: number): Suggestion => ({
  id, name, revenue, cost: revenue / 2, ecpi: 1.5, ecpa: null, ctr: 2.5, ecpm: 3, ecpc: 0.2, iti: 120, ctc: 10, roi: 1.2,
});
const SUGGESTIONS = [suggestion(11, "Exchange A", 50), suggestion(12, "Exchange B", 30), suggestion(13, "Exchange C", 10)];
const existing = (over: Partial<ExistingTargeting> = {}): ExistingTargeting => ({
  entity: "aggregator", version: 7, mode: "target", targetList: [{ id: 1, name: "Targeted X" }], blockedList: [], ...over,
});

function answer(rows: Suggestion[], targeting: ExistingTargeting) {
  jest.mocked(targetingSuggestionsAction).mockResolvedValue({ ok: true, data: { entity: "aggregator", currencyCode: "EUR", from: "", to: "", recommendationList: rows } });
  jest.mocked(existingTargetingAction).mockResolvedValue({ ok: true, data: targeting });
}

async function open(canSave = true) {
  render(<OptimizeButton strategyId={5} strategyName="Prospecting" eligibility={{ eligible: true, reason: null, ageDays: 40, results: 0 }} canSave={canSave} />);
  fireEvent.click(screen.getByTestId("strategy-optimize"));
  return screen.findByTestId("blocking-dialog");
}

beforeEach(() => jest.clearAllMocks());

test("an ineligible strategy's Optimize is disabled with the reason", () => {
  render(<OptimizeButton strategyId={5} strategyName="New" eligibility={{ eligible: false, reason: "Not yet: 3 days", ageDays: 3, results: 0 }} canSave />);
  expect(screen.getByTestId("strategy-optimize")).toBeDisabled();
  expect(screen.getByTestId("strategy-optimize-reason")).toHaveAttribute("title", "Not yet: 3 days");
  expect(screen.getByText("Not yet: 3 days")).toBeInTheDocument();
});

test("moves selected suggestions to the new selection, warns before replacing a target list, saves and refreshes", async () => {
  answer(SUGGESTIONS, existing());
  jest.mocked(optimizeStrategyAction).mockResolvedValue({ ok: true, data: { strategyId: 5, version: 8 } });
  const dialog = await open();
  await within(dialog).findByText("Exchange A");
  expect(targetingSuggestionsAction).toHaveBeenCalledWith({ strategyId: 5, entity: "aggregator" });
  // Metric formatting: money in the strategy's currency, ctr as a percentage, iti plain.
  const rowA = within(dialog).getByTestId("blocking-row-11");
  expect(rowA).toHaveTextContent("€50.00");
  expect(rowA).toHaveTextContent("2.50%");
  expect(rowA).toHaveTextContent("120");
  expect(within(dialog).getByTestId("blocking-existing")).toHaveTextContent("Already Targeted");
  // All start selected: unselect C, add A and B.
  fireEvent.click(within(dialog).getByRole("checkbox", { name: "Select Exchange C" }));
  fireEvent.click(within(dialog).getByTestId("blocking-add"));
  const selection = within(dialog).getByTestId("blocking-new-selection");
  expect(within(selection).getByTestId("blocking-new-selection-count")).toHaveTextContent("2");
  expect(within(dialog).queryByTestId("blocking-row-11")).not.toBeInTheDocument();
  expect(within(dialog).getByTestId("blocking-targeting-warning")).toHaveTextContent("All tagrgeted elements will be removed.");
  // A chip's × returns B to the table.
  fireEvent.click(within(selection).getByRole("button", { name: "Remove Exchange B" }));
  expect(within(dialog).getByTestId("blocking-row-12")).toBeInTheDocument();

  fireEvent.click(within(dialog).getByTestId("blocking-save"));
  const confirm = await screen.findByTestId("blocking-confirm");
  expect(confirm).toHaveTextContent("All tagrgeted elements will be removed.");
  await act(async () => fireEvent.click(within(confirm).getByRole("button", { name: "Yes" })));
  expect(optimizeStrategyAction).toHaveBeenCalledWith({ strategyId: 5, aggregatorIds: [11], siteIds: [], version: 7 });
  await waitFor(() => expect(refresh).toHaveBeenCalled());
  expect(screen.queryByTestId("blocking-dialog")).not.toBeInTheDocument();
});

test("a blocked list is merged without a question; a refusal shows the server's words", async () => {
  answer(SUGGESTIONS, existing({ mode: "blocked", targetList: [], blockedList: [{ id: 2, name: "Blocked Y" }] }));
  jest.mocked(optimizeStrategyAction).mockResolvedValue({ ok: false, status: 409, formError: "This strategy was changed by someone else" });
  const dialog = await open();
  await within(dialog).findByText("Exchange A");
  expect(within(dialog).getByTestId("blocking-existing")).toHaveTextContent("Already Blocked");
  fireEvent.click(within(dialog).getByTestId("blocking-add"));
  expect(within(dialog).queryByTestId("blocking-targeting-warning")).not.toBeInTheDocument();
  await act(async () => fireEvent.click(within(dialog).getByTestId("blocking-save")));
  expect(screen.queryByTestId("blocking-confirm")).not.toBeInTheDocument();
  expect(await within(dialog).findByTestId("blocking-error")).toHaveTextContent("This strategy was changed by someone else");
});

test("nothing left to block shows 'Strategy Optimized'; read-only users cannot save", async () => {
  answer([], existing({ mode: "all", targetList: [] }));
  const dialog = await open(false);
  expect(await within(dialog).findByTestId("blocking-optimized")).toHaveTextContent("Strategy OptimizedThere are no new inventory sources/apps to block.");
  expect(within(dialog).getByTestId("blocking-existing-all")).toHaveTextContent("All apps are targeted.");
  expect(within(dialog).getByTestId("blocking-save")).toBeDisabled();
});

test("sorting puts missing values last either way", () => {
  const rows = [suggestion(1, "b", 5), { ...suggestion(2, "a", 9), roi: null }, suggestion(3, "c", 1)];
  expect(sortSuggestions(rows, { id: "roi", desc: true }).map((r) => r.id)).toEqual([1, 3, 2]);
  expect(sortSuggestions(rows, { id: "revenue", desc: false }).map((r) => r.id)).toEqual([3, 1, 2]);
  expect(sortSuggestions(rows, { id: "name", desc: false }).map((r) => r.name)).toEqual(["a", "b", "c"]);
});
