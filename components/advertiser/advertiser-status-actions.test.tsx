/**
 * @jest-environment jsdom
 */
// Activate / Deactivate / Archive of an advertiser as the user meets them
// (business.md 4 and 8): which actions each state offers, the 'Warning'
// question before anything runs, and the exact success and failure messages,
// shown for about 1.5 s.
import { fireEvent, render, screen, waitFor, waitForElementToBeRemoved, within } from "@testing-library/react";
import { setAdvertiserActiveAction } from "@/lib/advertisers/actions";
import { archiveAdvertiserAction } from "@/lib/entities/actions";
import { loadPage } from "@/components/account/page-load";
import { AdvertiserStatusActions } from "./advertiser-status-actions";

jest.mock("@/lib/advertisers/actions", () => ({ setAdvertiserActiveAction: jest.fn() }));
jest.mock("@/lib/entities/actions", () => ({ archiveAdvertiserAction: jest.fn() }));
jest.mock("@/components/account/page-load", () => ({ loadPage: jest.fn(), reloadPage: jest.fn() }));
jest.mock("@/lib/account/actions", () => ({ endSessionAction: jest.fn(async () => {}), endAllSessionsAction: jest.fn() }));
const refresh = jest.fn();
jest.mock("next/navigation", () => ({ useRouter: () => ({ refresh }) }));
const setActive = setAdvertiserActiveAction as jest.MockedFunction<typeof setAdvertiserActiveAction>;
const archive = archiveAdvertiserAction as jest.MockedFunction<typeof archiveAdvertiserAction>;

type State = { active: boolean; archived: boolean; disabled?: boolean };
function show({ active, archived, disabled = false }: State) {
  render(<AdvertiserStatusActions advertiserId={7} active={active} archived={archived} disabled={disabled} />);
}
const offered = () => screen.queryAllByRole("button").map((b) => b.textContent);

// The mocks stand in for the server: what they answer only matters through `ok`.
const SUCCESS = { ok: true, data: {} } as Awaited<ReturnType<typeof setAdvertiserActiveAction>>;
const FAILURE = { ok: false, status: 500, formError: "Server error, Please try after sometime" } as const;

beforeEach(() => {
  jest.clearAllMocks();
});

describe("which actions each state offers", () => {
  test("an active advertiser can be deactivated only", () => {
    show({ active: true, archived: false });
    expect(offered()).toEqual(["Deactivate"]);
  });

  test("an inactive advertiser can be activated or archived", () => {
    show({ active: false, archived: false });
    expect(offered()).toEqual(["Activate", "Archive"]);
  });

  test("an archived advertiser is offered nothing", () => {
    show({ active: false, archived: true });
    expect(offered()).toEqual([]);
  });

  test("without write access the actions show disabled and ask nothing", () => {
    show({ active: false, archived: false, disabled: true });
    const buttons = screen.getAllByRole("button") as HTMLButtonElement[];
    expect(buttons.map((b) => [b.textContent, b.disabled])).toEqual([
      ["Activate", true],
      ["Archive", true],
    ]);
    fireEvent.click(buttons[0]);
    expect(screen.queryByTestId("confirm-dialog")).toBeNull();
  });
});

test("Activate asks 'Warning' first; Cancel runs nothing", () => {
  show({ active: false, archived: false });
  fireEvent.click(screen.getByTestId("advertiser-activate"));
  const dialog = within(screen.getByTestId("confirm-dialog"));
  expect(dialog.getByRole("heading").textContent).toBe("Warning");
  expect(dialog.getByText("Are you sure you want to activate this advertiser?")).toBeTruthy();
  fireEvent.click(dialog.getByRole("button", { name: "Cancel" }));
  expect(screen.queryByTestId("confirm-dialog")).toBeNull();
  expect(setActive).not.toHaveBeenCalled();
  expect(screen.queryByTestId("advertiser-status-message")).toBeNull();
});

test("Activate confirmed: 'Successfully activated advertiser' for about 1.5 s and the page refreshes", async () => {
  setActive.mockResolvedValue(SUCCESS);
  show({ active: false, archived: false });
  fireEvent.click(screen.getByTestId("advertiser-activate"));
  fireEvent.click(within(screen.getByTestId("confirm-dialog")).getByRole("button", { name: "Yes" }));

  const message = await screen.findByTestId("advertiser-status-message");
  expect(message.textContent).toBe("Successfully activated advertiser");
  expect(message.getAttribute("role")).toBe("status");
  expect(setActive).toHaveBeenCalledWith({ id: 7, active: true });
  expect(archive).not.toHaveBeenCalled();
  expect(refresh).toHaveBeenCalledTimes(1);
  expect(screen.queryByTestId("confirm-dialog")).toBeNull();

  const shown = Date.now();
  await waitForElementToBeRemoved(() => screen.queryByTestId("advertiser-status-message"), { timeout: 3000 });
  expect(Date.now() - shown).toBeGreaterThanOrEqual(1000);
});

const CASES = [
  {
    action: "activate",
    state: { active: false, archived: false },
    question: "Are you sure you want to activate this advertiser?",
    success: "Successfully activated advertiser",
    failure: "Error while activating advertiser!!",
    called: () => expect(setActive).toHaveBeenCalledWith({ id: 7, active: true }),
  },
  {
    action: "deactivate",
    state: { active: true, archived: false },
    question: "Are you sure you want to deactivate this advertiser? All its campaigns and strategies will become inactive.",
    success: "Successfully de-activated advertiser",
    failure: "Error while de-activating advertiser!!",
    called: () => expect(setActive).toHaveBeenCalledWith({ id: 7, active: false }),
  },
  {
    action: "archive",
    state: { active: false, archived: false },
    question:
      "Are you sure you want to archive this advertiser? Its campaigns, strategies, conversion trackers, creative sets, creatives and audiences are archived too. This cannot be undone.",
    success: "Successfully archived advertiser",
    failure: "Error while archiving advertiser!!",
    called: () => expect(archive).toHaveBeenCalledWith({ id: 7 }),
  },
] as const;

async function confirm(action: string, question: string) {
  fireEvent.click(screen.getByTestId(`advertiser-${action}`));
  const dialog = within(screen.getByTestId("confirm-dialog"));
  expect(dialog.getByRole("heading").textContent).toBe("Warning");
  expect(dialog.getByText(question)).toBeTruthy();
  fireEvent.click(dialog.getByRole("button", { name: "Yes" }));
  return screen.findByTestId("advertiser-status-message");
}

test.each(CASES)("$action: the server's refusal shows '$failure' and nothing refreshes", async ({ action, state, question, failure, called }) => {
  setActive.mockResolvedValue(FAILURE);
  archive.mockResolvedValue(FAILURE);
  show(state);
  const message = await confirm(action, question);
  expect(message.textContent).toBe(failure);
  expect(message.getAttribute("role")).toBe("alert");
  called();
  expect(refresh).not.toHaveBeenCalled();
  // The dialog closes and the action can be tried again.
  await waitFor(() => expect(screen.queryByTestId("confirm-dialog")).toBeNull());
  expect((screen.getByTestId(`advertiser-${action}`) as HTMLButtonElement).disabled).toBe(false);
});

test.each(CASES)("$action: success shows '$success'", async ({ action, state, question, success, called }) => {
  setActive.mockResolvedValue(SUCCESS);
  archive.mockResolvedValue(SUCCESS);
  show(state);
  expect((await confirm(action, question)).textContent).toBe(success);
  called();
  expect(refresh).toHaveBeenCalledTimes(1);
});

// shell.md 8: a refused session is no failure to flash; the sign-in page loads
// (a full load closes the dialog) and says the session expired.
test("a session the server refused signs out to the sign-in page instead of a failure message", async () => {
  window.history.replaceState(null, "", "/advertiser/details/7");
  setActive.mockResolvedValue({ ok: false, status: 401, formError: "Your current session has expired! Please log in again." });
  show({ active: true, archived: false });
  fireEvent.click(screen.getByTestId("advertiser-deactivate"));
  fireEvent.click(within(screen.getByTestId("confirm-dialog")).getByRole("button", { name: "Yes" }));
  await waitFor(() => expect(loadPage).toHaveBeenCalledWith(`/login?returnUrl=${encodeURIComponent("/advertiser/details/7")}&expired=1`));
  expect(screen.queryByTestId("advertiser-status-message")).toBeNull();
  expect(refresh).not.toHaveBeenCalled();
});
