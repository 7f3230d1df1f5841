/**
 * @jest-environment jsdom
 */
// The rule form as a user meets it: limits and results checked as typed, the
// time window's messages only after a save attempt, CLICKS leaving the
// conversion types while a clicks limit is filled, and what Save sends.
import "@testing-library/jest-dom";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { createRuleAction, updateRuleAction } from "@/lib/optimization/actions";
import { RuleForm } from "./rule-form";

jest.mock("@/lib/optimization/actions", () => ({ createRuleAction: jest.fn(), updateRuleAction: jest.fn() }));
jest.mock("@/components/account/session-events", () => ({ expiredSession: () => false }));
// The form is an entity form (useEntityForm), which reads the router; the rules dialog decides where a saved rule goes.
jest.mock("next/navigation", () => ({ useRouter: () => ({ push: jest.fn(), refresh: jest.fn() }) }));
const create = createRuleAction as jest.MockedFunction<typeof createRuleAction>;
const update = updateRuleAction as jest.MockedFunction<typeof updateRuleAction>;

beforeAll(() => {
  Element.prototype.scrollIntoView = jest.fn(); // jsdom has no layout
});
beforeEach(() => jest.clearAllMocks());

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label, { exact: false }), { target: { value } });
const convTypes = () => within(screen.getByLabelText("Conversion Type", { exact: false })).getAllByRole("option").map((o) => o.getAttribute("value"));

test("a bad duration shows 'Minimum duration should be 3' only after Save, and nothing is sent until it is fixed", async () => {
  const onSaved = jest.fn();
  create.mockResolvedValue({ ok: true, data: { id: 5 } as never });
  render(<RuleForm strategyId={9} rule={null} onBack={jest.fn()} onSaved={onSaved} />);
  type("Spend", "25");
  type("Minimum Conversions", "2");
  type("Duration (days)", "2");
  await waitFor(() => expect(screen.getByLabelText("Duration (days)", { exact: false })).toHaveValue("2"));
  expect(screen.queryByText("Minimum duration should be 3")).not.toBeInTheDocument();

  fireEvent.click(screen.getByTestId("rule-form-save"));
  expect(await screen.findByText("Minimum duration should be 3")).toBeInTheDocument();
  expect(create).not.toHaveBeenCalled();

  type("Duration (days)", "15");
  expect(await screen.findByText("Maximum duration is 14")).toBeInTheDocument();
  type("Duration (days)", "7");
  fireEvent.click(screen.getByTestId("rule-form-save"));
  await waitFor(() => expect(onSaved).toHaveBeenCalled());
  // The values as the schema parsed them (the server parses them again).
  expect(create).toHaveBeenCalledWith({ strategyId: 9, spend: "25", imps: null, clicks: null, convType: "INSTALL", convs: 2, durationDays: 7, refreshRateDays: null, idempotencyKey: expect.any(String) });
});

test("limit messages show as typed: spend below 0.001, a fractional impression count, none of the three", async () => {
  render(<RuleForm strategyId={9} rule={null} onBack={jest.fn()} onSaved={jest.fn()} />);
  type("Spend", "0.0001");
  expect(await screen.findByText("Value must be greater than or equal to 0.001")).toBeInTheDocument();
  type("Impressions", "1.5");
  expect(await screen.findByText("Only whole numbers are allowed")).toBeInTheDocument();
  type("Impressions", "");
  type("Spend", "");
  expect(await screen.findByText("At least one of spend, imps, or clicks is required")).toBeInTheDocument();
});

test("CLICKS leaves the conversion types while a clicks limit is filled, a chosen CLICKS is cleared, and it returns when emptied", async () => {
  render(<RuleForm strategyId={9} rule={null} onBack={jest.fn()} onSaved={jest.fn()} />);
  expect(screen.getByLabelText("Conversion Type", { exact: false })).toHaveValue("INSTALL");
  expect(convTypes()).toContain("CLICKS");
  fireEvent.change(screen.getByLabelText("Conversion Type", { exact: false }), { target: { value: "CLICKS" } });
  type("Clicks", "10");
  await waitFor(() => expect(convTypes()).not.toContain("CLICKS"));
  await waitFor(() => expect(screen.getByLabelText("Conversion Type", { exact: false })).toHaveValue(""));
  type("Clicks", "");
  await waitFor(() => expect(convTypes()).toContain("CLICKS"));
});

test("editing sends the rule's id and version; a conflict shows the server's message and keeps the typed values", async () => {
  update.mockResolvedValue({ ok: false, status: 409, formError: "This rule was changed by someone else. Reload it and try again." } as never);
  const onSaved = jest.fn();
  const rule = { id: 4, version: 3, spend: "10", imps: null, clicks: 50, convType: "CONV" as const, convs: 2, durationDays: 7, refreshRateDays: 1, state: "STOPPED" as const, createdAt: "", lastRunAt: null };
  render(<RuleForm strategyId={9} rule={rule} onBack={jest.fn()} onSaved={onSaved} />);
  expect(screen.getByLabelText("Clicks", { exact: false })).toHaveValue("50");
  type("Clicks", "60");
  fireEvent.click(screen.getByTestId("rule-form-save"));
  expect(await screen.findByText("This rule was changed by someone else. Reload it and try again.")).toBeInTheDocument();
  expect(update).toHaveBeenCalledWith(expect.objectContaining({ ruleId: 4, version: 3, clicks: 60, convType: "CONV" }));
  expect(create).not.toHaveBeenCalled();
  expect(screen.getByLabelText("Clicks", { exact: false })).toHaveValue("60");
  expect(onSaved).not.toHaveBeenCalled();
});
