/**
 * @jest-environment jsdom
 */
// A bulk status change on a list whose session the server refused (shell.md
// 4, 8): no error alert, the browser signs out at once and the sign-in page
// loads, saying the session expired and leading back to the list. Other
// failures still show their message.
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { endSessionAction } from "@/lib/account/actions";
import type { ActionResult } from "@/lib/actions/result";
import { loadPage } from "@/components/account/page-load";
import { ListStatusBar, ListStatusConfirm, useListStatusActions } from "./list-status-actions";

jest.mock("@/components/account/page-load", () => ({ loadPage: jest.fn(), reloadPage: jest.fn() }));
jest.mock("@/lib/account/actions", () => ({ endSessionAction: jest.fn(async () => {}), endAllSessionsAction: jest.fn() }));

type SetActive = (ids: number[], active: boolean) => Promise<ActionResult<{ total: number }> | null>;

function CampaignList({ setActive }: { setActive: SetActive }) {
  const actions = useListStatusActions({
    rows: [
      { id: 1, active: true },
      { id: 2, active: true },
    ],
    names: { singular: "campaign", plural: "campaigns" },
    setActive,
    refresh: () => {},
  });
  return (
    <>
      <ListStatusBar actions={actions} writeControls="enabled" />
      <button type="button" onClick={() => actions.onRowSelectionChange({ 1: true, 2: true })}>
        Select both
      </button>
      <ListStatusConfirm actions={actions} />
    </>
  );
}

async function deactivateBoth(setActive: SetActive) {
  render(<CampaignList setActive={setActive} />);
  fireEvent.click(screen.getByRole("button", { name: "Select both" }));
  fireEvent.click(within(screen.getByTestId("bulk-bar")).getByRole("button", { name: "Deactivate" }));
  fireEvent.click(within(screen.getByTestId("confirm-dialog")).getByRole("button", { name: "Yes" }));
  await waitFor(() => expect(setActive).toHaveBeenCalledWith([1, 2], false));
}

beforeEach(() => {
  jest.clearAllMocks();
  window.history.replaceState(null, "", "/campaign?pageSize=10");
});

test("a bulk action answered 401 signs out and loads the sign-in page with the expired message", async () => {
  const refused = { ok: false, status: 401, formError: "Your current session has expired! Please log in again." } as const;
  await deactivateBoth(jest.fn(async () => refused));
  await waitFor(() => expect(loadPage).toHaveBeenCalledWith(`/login?returnUrl=${encodeURIComponent("/campaign?pageSize=10")}&expired=1`));
  expect(endSessionAction).toHaveBeenCalledTimes(1);
  expect(screen.queryByRole("alert")).toBeNull();
});

test("another failure shows its message and keeps the user signed in", async () => {
  const failed = { ok: false, status: 500, formError: "Server error, Please try after sometime" } as const;
  await deactivateBoth(jest.fn(async () => failed));
  expect((await screen.findByRole("alert")).textContent).toContain("Server error, Please try after sometime");
  expect(loadPage).not.toHaveBeenCalled();
  expect(endSessionAction).not.toHaveBeenCalled();
});
