/**
 * @jest-environment jsdom
 */
// The entity picker dialog as the user meets it (shell.md 2.8, 9): the title,
// the warning on Done with nothing chosen, the page-size choices, search on
// Enter, and Done handing back the chosen row.
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import type { PickerPage, PickerQuery } from "@/lib/menu/types";
import { loadPage } from "@/components/account/page-load";
import { EntityPicker, type PickerLoader } from "./entity-picker";

jest.mock("@/components/account/page-load", () => ({ loadPage: jest.fn(), reloadPage: jest.fn() }));
jest.mock("@/lib/account/actions", () => ({ endSessionAction: jest.fn(async () => {}), endAllSessionsAction: jest.fn() }));

const ROWS = Array.from({ length: 12 }, (_, i) => ({ id: 101 + i, name: `Template ${String(i + 1).padStart(2, "0")}`, active: i % 2 === 0 }));

/** A loader answering like the server: filtered by name, paged. */
const load = jest.fn<ReturnType<PickerLoader>, [PickerQuery]>(async (q) => {
  const hits = ROWS.filter((r) => r.name.toLowerCase().includes((q.search ?? "").toLowerCase()));
  const page: PickerPage = { rows: hits.slice((q.page - 1) * q.size, q.page * q.size), total: hits.length };
  return { ok: true, data: page };
});
const onDone = jest.fn();
const onOpenChange = jest.fn();

beforeEach(() => jest.clearAllMocks());

function show(props: Partial<Parameters<typeof EntityPicker>[0]> = {}) {
  return render(<EntityPicker open onOpenChange={onOpenChange} entity="Strategy" load={load} onDone={onDone} {...props} />);
}
const picker = () => within(screen.getByTestId("entity-picker"));
const rowNames = () => screen.queryAllByTestId("picker-row").map((r) => within(r).getAllByRole("cell")[1].textContent);

test("the title is 'Select <entity>' unless a custom title is given", async () => {
  const { unmount } = show();
  expect(picker().getByRole("heading").textContent).toBe("Select Strategy");
  await screen.findAllByTestId("picker-row");
  unmount();
  show({ entity: "Strategy Templates", title: "Select Strategy Templates" });
  expect(picker().getByRole("heading").textContent).toBe("Select Strategy Templates");
  await screen.findAllByTestId("picker-row");
});

test("Done with nothing selected warns and keeps the dialog open; choosing a row clears the warning and Done returns it", async () => {
  show({ entity: "Pixel" });
  await screen.findAllByTestId("picker-row");
  fireEvent.click(picker().getByRole("button", { name: "Done" }));
  expect(screen.getByRole("alert").textContent).toBe("Please select one of the Pixel to continue.");
  expect(onDone).not.toHaveBeenCalled();
  expect(onOpenChange).not.toHaveBeenCalled();

  fireEvent.click(picker().getByRole("radio", { name: "Template 02" }));
  expect(screen.queryByTestId("picker-warning")).toBeNull();
  fireEvent.click(picker().getByRole("button", { name: "Done" }));
  expect(onDone).toHaveBeenCalledWith(ROWS[1]);
  expect(onOpenChange).toHaveBeenCalledWith(false);
});

test("5 rows a page by default; the page-size choices are those of shell.md 9 and a new size reloads from page 1", async () => {
  show();
  await waitFor(() => expect(rowNames()).toHaveLength(5));
  expect(screen.getByTestId("picker-range").textContent).toBe("1 - 5 of 12");
  const size = picker().getByLabelText("Items per page") as HTMLSelectElement;
  expect([...size.options].map((o) => o.value)).toEqual(["5", "10", "20", "50", "100", "200", "300", "400", "500", "1000"]);
  expect(size.value).toBe("5");

  fireEvent.click(picker().getByRole("button", { name: "Next page" }));
  await waitFor(() => expect(screen.getByTestId("picker-range").textContent).toBe("6 - 10 of 12"));
  fireEvent.change(size, { target: { value: "20" } });
  await waitFor(() => expect(rowNames()).toHaveLength(12));
  expect(screen.getByTestId("picker-range").textContent).toBe("1 - 12 of 12");
  expect(load).toHaveBeenLastCalledWith({ search: "", page: 1, size: 20 });
});

test("the search applies on Enter only; no match shows 'No Result Found'", async () => {
  show();
  await waitFor(() => expect(rowNames()).toHaveLength(5));
  const search = picker().getByTestId("picker-search");
  fireEvent.change(search, { target: { value: "Template 1" } });
  expect(load).toHaveBeenCalledTimes(1);
  fireEvent.keyDown(search, { key: "Enter" });
  await waitFor(() => expect(rowNames()).toEqual(["Template 10", "Template 11", "Template 12"]));
  fireEvent.change(search, { target: { value: "nothing like it" } });
  fireEvent.keyDown(search, { key: "Enter" });
  expect(await picker().findByText("No Result Found")).toBeTruthy();
});

test("initialSearch and selected start the picker on that row, selected", async () => {
  show({ initialSearch: "Template 07", selected: ROWS[6] });
  await waitFor(() => expect(rowNames()).toEqual(["Template 07"]));
  expect((picker().getByTestId("picker-search") as HTMLInputElement).value).toBe("Template 07");
  expect((picker().getByRole("radio", { name: "Template 07" }) as HTMLInputElement).checked).toBe(true);
  fireEvent.click(picker().getByRole("button", { name: "Done" }));
  expect(onDone).toHaveBeenCalledWith(ROWS[6]);
});

test("a page the server refuses for an expired session signs out to the sign-in page instead of showing an error", async () => {
  const refused = jest.fn<ReturnType<PickerLoader>, [PickerQuery]>(async () => ({
    ok: false,
    status: 401,
    formError: "Your current session has expired! Please log in again.",
  }));
  show({ load: refused });
  await waitFor(() => expect(loadPage).toHaveBeenCalledWith(expect.stringMatching(/^\/login\?returnUrl=.*&expired=1$/)));
  expect(picker().queryByText("Your current session has expired! Please log in again.")).toBeNull();
});

test("Refresh reads the page again: its rows stay, under 'Refreshing data...', until the new ones come", async () => {
  show();
  await screen.findAllByTestId("picker-row");
  expect(screen.queryByRole("status")).toBeNull();
  let answer: (page: PickerPage) => void = () => {};
  load.mockImplementationOnce(() => new Promise((resolve) => (answer = (page) => resolve({ ok: true, data: page }))));
  fireEvent.click(picker().getByRole("button", { name: "Refresh" }));
  expect(picker().getByRole("status").textContent).toBe("Refreshing data...");
  expect(rowNames()).toHaveLength(5);
  answer({ rows: ROWS.slice(0, 5), total: ROWS.length });
  await waitFor(() => expect(screen.queryByRole("status")).toBeNull());
});
