/**
 * @jest-environment jsdom
 */
// The look-alike panel of the audience details: the status with a failure's
// reason, Refresh / Recreate after the question (the mode sent, the page
// reloaded, a refusal shown in the question), disabled while computing (the
// page then reloads itself), and no buttons for read-only users.
import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { rebuildLookAlikeAction } from "@/lib/audiences/lookalike/actions";
import { LookAlikePanel } from "./lookalike-panel";

jest.mock("@/lib/audiences/lookalike/actions", () => ({ rebuildLookAlikeAction: jest.fn() }));
const refresh = jest.fn();
jest.mock("next/navigation", () => ({ useRouter: () => ({ refresh }) }));
const rebuild = rebuildLookAlikeAction as jest.MockedFunction<typeof rebuildLookAlikeAction>;

beforeEach(() => jest.clearAllMocks());

const LIVE = { id: 5, lookAlikeStatus: "LIVE" as const, lookAlikeSize: 5, lookAlikeReason: null, lookAlikeBuiltAt: "2026-11-20T10:00:00.000Z", totalUU: 1234 };

test("a failed look-alike says why; Recreate after the question sends recreate and reloads the page", async () => {
  rebuild.mockResolvedValue({ ok: true, data: { id: 5, lookAlikeStatus: "IN_PROCESSING" } });
  render(<LookAlikePanel audience={{ ...LIVE, lookAlikeStatus: "FAILED", lookAlikeReason: "The seed is too small" }} canWrite timeZone="UTC" />);
  expect(screen.getByTestId("lookalike-status").textContent).toBe("FAILED");
  expect(screen.getByTestId("lookalike-reason").textContent).toBe("The seed is too small");
  expect(screen.getByTestId("lookalike-size").textContent).toBe("5% of the advertiser's other users");
  fireEvent.click(screen.getByTestId("lookalike-recreate"));
  const question = await screen.findByTestId("lookalike-confirm");
  expect(question.textContent).toContain("Its current users are removed now");
  fireEvent.click(within(question).getByRole("button", { name: "Recreate" }));
  await waitFor(() => expect(rebuild).toHaveBeenCalledWith({ id: 5, mode: "recreate" }));
  await waitFor(() => expect(refresh).toHaveBeenCalled());
});

test("a refusal stays in the question", async () => {
  rebuild.mockResolvedValue({ ok: false, status: 409, formError: "This look-alike is being computed. Please check again later." });
  render(<LookAlikePanel audience={LIVE} canWrite timeZone="UTC" />);
  fireEvent.click(screen.getByTestId("lookalike-refresh"));
  fireEvent.click(within(await screen.findByTestId("lookalike-confirm")).getByRole("button", { name: "Refresh" }));
  expect(await screen.findByText("This look-alike is being computed. Please check again later.")).toBeTruthy();
  expect(rebuild).toHaveBeenCalledWith({ id: 5, mode: "refresh" });
});

test("while computing the buttons wait and the page reloads itself; read-only users get no buttons", () => {
  jest.useFakeTimers();
  try {
    const { unmount } = render(<LookAlikePanel audience={{ ...LIVE, lookAlikeStatus: "IN_PROCESSING" }} canWrite timeZone="UTC" />);
    expect((screen.getByTestId("lookalike-refresh") as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByTestId("lookalike-recreate") as HTMLButtonElement).disabled).toBe(true);
    act(() => jest.advanceTimersByTime(3000));
    expect(refresh).toHaveBeenCalledTimes(1);
    unmount();
  } finally {
    jest.useRealTimers();
  }
  render(<LookAlikePanel audience={LIVE} canWrite={false} timeZone="UTC" />);
  expect(screen.queryByTestId("lookalike-refresh")).toBeNull();
  act(() => undefined);
  expect(refresh).toHaveBeenCalledTimes(1);
});
