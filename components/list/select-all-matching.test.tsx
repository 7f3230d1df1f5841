/**
 * @jest-environment jsdom
 */
// 'Select all N matching' (shell.md 4 bulk activation across pages): offered
// once the page is wholly selected and more rows match than it shows; the
// question counts every matching row and the change goes to the filter action,
// not to the ids of the page.
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import type { ActionResult } from "@/lib/actions/result";
import { ListStatusBar, ListStatusConfirm, useListStatusActions } from "./list-status-actions";

jest.mock("@/components/account/page-load", () => ({ loadPage: jest.fn(), reloadPage: jest.fn() }));

type Result = Promise<ActionResult<{ total: number }> | null>;

function StrategyList({ total, byIds, byFilter }: { total: number; byIds: (ids: number[], active: boolean) => Result; byFilter: (active: boolean) => Result }) {
  const actions = useListStatusActions({
    rows: [
      { id: 1, active: false },
      { id: 2, active: false },
    ],
    names: { singular: "strategy", plural: "strategies" },
    setActive: byIds,
    matching: { total, setActive: byFilter },
    refresh: () => {},
  });
  return (
    <>
      <ListStatusBar actions={actions} writeControls="enabled" links={[{ label: "Bulk Edit", href: "/strategy/bulk-edit", testId: "bulk-edit", max: 2000 }]} />
      <button type="button" onClick={() => actions.onRowSelectionChange({ 1: true, 2: true })}>
        Select page
      </button>
      <button type="button" onClick={() => actions.onRowSelectionChange({ 1: true })}>
        Select one
      </button>
      <ListStatusConfirm actions={actions} />
    </>
  );
}

const ok = async () => ({ ok: true as const, data: { total: 2500 } });

test("a wholly selected page offers all 2500 matching rows; activating them calls the filter action", async () => {
  const byIds = jest.fn(ok);
  const byFilter = jest.fn(ok);
  render(<StrategyList total={2500} byIds={byIds} byFilter={byFilter} />);
  fireEvent.click(screen.getByRole("button", { name: "Select one" }));
  expect(screen.queryByTestId("select-all-matching")).toBeNull();
  expect(screen.getByTestId("bulk-edit").getAttribute("href")).toBe("/strategy/bulk-edit?ids=1");

  fireEvent.click(screen.getByRole("button", { name: "Select page" }));
  fireEvent.click(screen.getByTestId("select-all-matching"));
  expect(screen.getByTestId("selected-count").textContent).toBe("All 2500 matching selected");
  // The bulk edit takes strategies by id: not offered for every matching row.
  expect(screen.getByTestId("bulk-edit")).toHaveProperty("disabled", true);

  fireEvent.click(within(screen.getByTestId("bulk-bar")).getByRole("button", { name: "Activate" }));
  expect(screen.getByTestId("confirm-dialog").textContent).toContain("Are you sure you want to activate 2500 strategies?");
  fireEvent.click(within(screen.getByTestId("confirm-dialog")).getByRole("button", { name: "Yes" }));
  await waitFor(() => expect(byFilter).toHaveBeenCalledWith(true));
  expect(byIds).not.toHaveBeenCalled();
  expect((await screen.findByTestId("list-alert")).textContent).toContain("Successfully activated 2500 strategies");
});

test("not offered when the page shows every matching row; clearing goes back to the page's selection", () => {
  const { unmount } = render(<StrategyList total={2} byIds={jest.fn(ok)} byFilter={jest.fn(ok)} />);
  fireEvent.click(screen.getByRole("button", { name: "Select page" }));
  expect(screen.queryByTestId("select-all-matching")).toBeNull();
  unmount();
  render(<StrategyList total={30} byIds={jest.fn(ok)} byFilter={jest.fn(ok)} />);
  fireEvent.click(screen.getByRole("button", { name: "Select page" }));
  fireEvent.click(screen.getByTestId("select-all-matching"));
  fireEvent.click(screen.getByTestId("clear-selection"));
  expect(screen.getByTestId("selected-count").textContent).toBe("0 selected");
});
