/**
 * @jest-environment jsdom
 */
// The review step as a user reads it: per strategy its changes (field, old,
// new; the column names for screen readers only, the arrow for the eye), the
// unchanged strategies by name, and Apply only without problems.
import "@testing-library/jest-dom";
import { render, screen, within } from "@testing-library/react";
import type { BulkEditPlan } from "@/lib/strategies/bulk-edit/plan";
import { BulkEditReview } from "./bulk-edit-review";

jest.mock("@/lib/strategies/bulk-edit/actions", () => ({ applyStrategyBulkEditAction: jest.fn() }));
jest.mock("@/components/account/session-events", () => ({ expiredSession: () => false }));

const PLAN: BulkEditPlan = {
  changed: [
    {
      id: 1,
      name: "Android - US",
      version: 3,
      changes: [
        { fieldName: "Targeted Countries", oldValue: "Germany", newValue: "Added: Iceland" },
        { fieldName: "Bid Price", oldValue: null, newValue: "2.00" },
      ],
    },
  ],
  unchanged: [{ id: 2, name: "iOS - DE", version: 1 }],
  problems: [],
};

test("each changed strategy: its changes as rows of field, old and new; the unchanged by name", () => {
  render(<BulkEditReview ids={[1, 2]} plan={PLAN} edit={{ changes: [] }} onBack={jest.fn()} />);
  const block = screen.getByTestId("bulk-edit-strategy");
  expect(within(block).getByText("Android - US")).toBeInTheDocument();
  const head = within(block).getByRole("table").querySelector("thead")!;
  expect(head).toHaveClass("sr-only");
  expect(within(head).getAllByRole("columnheader").map((th) => th.textContent)).toEqual(["Field", "Old", "", "New"]);
  const rows = within(block).getAllByTestId("bulk-edit-change");
  expect(rows.map((tr) => within(tr).getAllByRole("cell").map((td) => td.textContent))).toEqual([
    ["Targeted Countries", "Germany", "->", "Added: Iceland"],
    ["Bid Price", "-", "->", "2.00"],
  ]);
  expect(within(rows[0]).getByText("->")).toHaveAttribute("aria-hidden", "true");
  expect(screen.getByTestId("bulk-edit-unchanged")).toHaveTextContent("iOS - DE");
  expect(screen.getByTestId("bulk-edit-apply")).toBeEnabled();
});
