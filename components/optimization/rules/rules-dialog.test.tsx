/**
 * @jest-environment jsdom
 */
// The rules screen's DETAILS mode: 'No rules available', a running rule's
// controls disabled with the reason, the never-block row, Run after the
// question, Delete with "unblock" as asked, and the page reloaded once a run finished.
import "@testing-library/jest-dom";
import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { deleteRuleAction, runRuleAction, strategyRulesScreenAction } from "@/lib/optimization/actions";
import type { RuleView } from "@/lib/optimization/rules";
import { RulesDialog } from "./rules-dialog";

jest.mock("@/lib/optimization/actions", () => ({
  strategyRulesScreenAction: jest.fn(),
  runRuleAction: jest.fn(),
  deleteRuleAction: jest.fn(),
  createRuleAction: jest.fn(),
  updateRuleAction: jest.fn(),
  saveNeverBlockAppsAction: jest.fn(),
  validateAppsAction: jest.fn(),
  searchAppsAction: jest.fn(),
}));
jest.mock("@/components/account/session-events", () => ({ expiredSession: () => false }));
const refresh = jest.fn();
jest.mock("next/navigation", () => ({ useRouter: () => ({ refresh, push: jest.fn() }) }));
const screenData = strategyRulesScreenAction as jest.MockedFunction<typeof strategyRulesScreenAction>;
const run = runRuleAction as jest.MockedFunction<typeof runRuleAction>;
const remove = deleteRuleAction as jest.MockedFunction<typeof deleteRuleAction>;

const rule = (over: Partial<RuleView> = {}): RuleView => ({
  id: 7, version: 1, spend: "40", imps: null, clicks: null, convType: "INSTALL", convs: 45, durationDays: 14, refreshRateDays: 1,
  state: "STOPPED", createdAt: "2030-01-01T00:00:00.000Z", lastRunAt: "2030-01-02T10:00:00.000Z", ...over,
});
const apps = ["Block Blast Puzzle", "Word Garden", "Merge Kingdom", "PocketWeather"].map((name, i) => ({ id: i + 1, name, packageName: `com.app${i}` }));

function answer(rules: RuleView[], neverBlock = apps) {
  screenData.mockResolvedValue({ ok: true, data: { rules, logs: { 7: [{ app: apps[0], spend: "12.5", imps: 900, clicks: 4, convs: 0, runAt: "2030-01-02T10:00:00.000Z" }] }, neverBlock } });
}

async function open(canWrite = true) {
  render(<RulesDialog strategyId={9} strategyName="Android - US" currencyCode="USD" timeZone="UTC" canWrite={canWrite} />);
  fireEvent.click(screen.getByTestId("strategy-rules"));
  return screen.findByTestId("rules-details");
}

beforeEach(() => jest.clearAllMocks());

test("no rules: 'No rules available', and the never-block row shows 'None'", async () => {
  answer([], []);
  await open();
  expect(screen.getByTestId("rules-empty")).toHaveTextContent("No rules available");
  expect(screen.getByTestId("never-block-summary-row")).toHaveTextContent("None");
});

test("a rule's panel: its values, its log, and the never-block row's first 3 names then 'and N more'", async () => {
  answer([rule()]);
  await open();
  const panel = screen.getByTestId("rule-panel");
  expect(panel).toHaveTextContent("USD 40.00");
  expect(within(panel).getByTestId("rule-log-row")).toHaveTextContent("Block Blast Puzzle");
  expect(within(panel).getByTestId("rule-log-row")).toHaveTextContent("2 Jan 2030 10:00:00");
  expect(screen.getByTestId("never-block-summary-row")).toHaveTextContent("Block Blast Puzzle, Word Garden, Merge Kingdom and 1 more");
});

test("a running rule has Edit, Delete and Run disabled, with the reason", async () => {
  answer([rule({ state: "RUNNING" })]);
  await open();
  for (const id of ["rule-edit", "rule-delete", "rule-run"]) {
    expect(screen.getByTestId(id)).toBeDisabled();
    expect(screen.getByTestId(id).parentElement).toHaveAttribute("title", "This rule is running. Please check again later.");
  }
  expect(screen.getByTestId("rule-running-note")).toBeVisible();
});

test("Run asks first, then reloads the rules and the page; the page reloads again when the run finished", async () => {
  jest.useFakeTimers();
  try {
    answer([rule()]);
    await open();
    run.mockResolvedValue({ ok: true, data: { ruleId: 7, state: "RUNNING" } });
    fireEvent.click(screen.getByTestId("rule-run"));
    expect(screen.getByTestId("rules-confirm")).toHaveTextContent("up to 30 minutes");
    expect(run).not.toHaveBeenCalled();
    answer([rule({ state: "RUNNING" })]);
    fireEvent.click(within(screen.getByTestId("rules-confirm")).getByRole("button", { name: "Run" }));
    await waitFor(() => expect(screen.getByTestId("rule-state")).toHaveTextContent("RUNNING"));
    expect(run).toHaveBeenCalledWith({ ruleId: 7 });
    expect(refresh).toHaveBeenCalledTimes(1);

    answer([rule({ state: "STOPPED" })]);
    await act(async () => {
      jest.advanceTimersByTime(5000);
    });
    await waitFor(() => expect(screen.getByTestId("rule-state")).toHaveTextContent("STOPPED"));
    expect(refresh).toHaveBeenCalledTimes(2);
  } finally {
    jest.useRealTimers();
  }
});

test("Delete asks whether to unblock the rule's apps and sends the answer", async () => {
  answer([rule()]);
  await open();
  remove.mockResolvedValue({ ok: true, data: { ruleId: 7, unblocked: 1 } });
  fireEvent.click(screen.getByTestId("rule-delete"));
  const unblock = screen.getByTestId("rules-unblock");
  expect(unblock).toBeChecked();
  fireEvent.click(unblock);
  answer([]);
  fireEvent.click(within(screen.getByTestId("rules-confirm")).getByRole("button", { name: "Delete" }));
  await waitFor(() => expect(remove).toHaveBeenCalledWith({ ruleId: 7, unblockApps: false }));
  expect(await screen.findByTestId("rules-empty")).toBeInTheDocument();
});

test("read-only users: New Rule, Add and every rule control disabled", async () => {
  answer([rule()]);
  await open(false);
  for (const id of ["rules-new", "never-block-open", "rule-edit", "rule-delete", "rule-run"]) expect(screen.getByTestId(id)).toBeDisabled();
});
