/**
 * @jest-environment jsdom
 */
// The strategy review sections as the details page and the wizard's edit
// review draw them: the title set each uses, the rows as given (label, plain
// text, in order), and the edit review's Status section.
import "@testing-library/jest-dom";
import { render, screen, within } from "@testing-library/react";
import type { ReviewSection } from "@/lib/strategies/review";
import { ReviewSections } from "./review-sections";

const SECTIONS: ReviewSection[] = [
  { key: "basics", title: "BASICS", editTitle: "Details", rows: [
    { key: "name", label: "Name", value: "Prospecting EU" },
    { key: "endTime", label: "End Time", value: "Never Ending" },
  ] },
  { key: "budget", title: "BUDGET & BIDDING", editTitle: "Budget & Bidding", rows: [{ key: "budgetValue", label: "Budget", value: "Unlimited" }] },
  { key: "targeting", title: "DELIVERY TARGETING", editTitle: "Targeting", rows: [{ key: "geo.country.target", label: "Targeted Countries", value: "Germany, France" }] },
  { key: "inventory", title: "INVENTORY", editTitle: "Inventory", rows: [{ key: "aggregators.blocked", label: "Blocked Exchanges", value: "None" }] },
  { key: "creativeSets", title: "CREATIVE SETS", editTitle: "Creative Sets", rows: [{ key: "creativeSets", label: "Creative Sets", value: "Banners" }] },
];

const headings = () => screen.getAllByRole("heading", { level: 2 }).map((h) => h.textContent);

test("the details page's titles, each section's rows in order with their text", () => {
  render(<ReviewSections sections={SECTIONS} titles="details" status={{ title: "Status", active: true, value: "Active" }} />);
  expect(headings()).toEqual(["BASICS", "BUDGET & BIDDING", "DELIVERY TARGETING", "INVENTORY", "CREATIVE SETS"]);
  const basics = within(screen.getByTestId("strategy-review-basics"));
  expect(basics.getAllByRole("term").map((t) => t.textContent)).toEqual(["Name", "End Time"]);
  expect(basics.getAllByRole("definition").map((d) => d.textContent)).toEqual(["Prospecting EU", "Never Ending"]);
  // A section is named by its title; a value is found by its row key.
  expect(screen.getByRole("region", { name: "DELIVERY TARGETING" })).toBe(screen.getByTestId("strategy-review-targeting"));
  expect(document.querySelector('dd[data-key="geo.country.target"]')).toHaveTextContent("Germany, France");
  // The status is the edit review's section only.
  expect(screen.queryByTestId("strategy-review-status")).toBeNull();
});

test("the edit review's titles, then Status drawn as the details page's header draws it", () => {
  render(<ReviewSections sections={SECTIONS} titles="edit" status={{ title: "Status", active: false, value: "Inactive" }} />);
  expect(headings()).toEqual(["Details", "Budget & Bidding", "Targeting", "Inventory", "Creative Sets", "Status"]);
  const status = within(screen.getByTestId("strategy-review-status"));
  expect(status.getByRole("term")).toHaveTextContent("Status");
  expect(status.getByRole("definition")).toHaveTextContent("Inactive");
  // The details page's status component (components/ui/status-dot.tsx): the red dot with its label.
  expect(status.getByTestId("status")).toHaveAttribute("data-active", "false");
});

test("a new strategy's review (no status yet) and sections without a row hidden by the server", () => {
  render(<ReviewSections sections={SECTIONS.map((s) => (s.key === "basics" ? { ...s, rows: s.rows.slice(0, 1) } : s))} titles="edit" />);
  expect(headings()).toEqual(["Details", "Budget & Bidding", "Targeting", "Inventory", "Creative Sets"]);
  expect(within(screen.getByTestId("strategy-review-basics")).queryByText("End Time")).toBeNull();
});
