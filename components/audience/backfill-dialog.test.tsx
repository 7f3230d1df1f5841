/**
 * @jest-environment jsdom
 */
// The backfill dialog's 'Validate query' as the user reads it (business.md 8):
// 'Query verified successfully' exactly, the matching users on a line of
// their own; the timeout's message as the server gives it.
import { fireEvent, render, screen, within } from "@testing-library/react";
import { validateBackfillQueryAction } from "@/lib/audiences/backfill/actions";
import { BackfillDialog } from "./backfill-dialog";

jest.mock("@/lib/audiences/backfill/actions", () => ({ validateBackfillQueryAction: jest.fn(), addBackfillRuleAction: jest.fn() }));
const validate = validateBackfillQueryAction as jest.MockedFunction<typeof validateBackfillQueryAction>;

beforeEach(() => jest.clearAllMocks());

function show() {
  render(<BackfillDialog audienceId={7} audience={{ source: "WEBSITE", kind: "MMP_RULE" }} open onClose={jest.fn()} onQueued={jest.fn()} />);
  // "Users with any activity" needs only its look-back, which starts filled in.
  fireEvent.change(screen.getByLabelText(/Query template/), { target: { value: "ANY_ACTIVITY" } });
}

test("a verified query says exactly 'Query verified successfully', the users on their own line", async () => {
  validate.mockResolvedValue({ ok: true, data: { status: "VERIFIED", users: 12_345, message: "Query verified successfully" } });
  show();
  fireEvent.click(screen.getByTestId("backfill-validate"));
  const status = await screen.findByRole("status");
  expect(within(status).getByTestId("backfill-check").textContent).toBe("Query verified successfully");
  expect(within(status).getByTestId("backfill-check-users").textContent).toBe("Matching users: 12,345");
  expect(validate).toHaveBeenCalledWith(expect.objectContaining({ audienceId: 7, template: "ANY_ACTIVITY", days: "30" }));
});

test("a slow query gives the timeout message and no count", async () => {
  validate.mockResolvedValue({ ok: true, data: { status: "TIMEOUT", message: "Timeout, you can still submit the query" } });
  show();
  fireEvent.click(screen.getByTestId("backfill-validate"));
  expect((await screen.findByTestId("backfill-check")).textContent).toBe("Timeout, you can still submit the query");
  expect(screen.queryByTestId("backfill-check-users")).toBeNull();
});
