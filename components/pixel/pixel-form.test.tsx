/**
 * @jest-environment jsdom
 */
// The conversion tracker form and list as the user meets them: messages beside
// the fields, the type resetting the windows, the capped count, a failed save
// that leaves the form usable, the unsaved-changes warning, the modal, and
// what RO and DEMO users get.
import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { setActiveInBulkAction } from "@/lib/entities/actions";
import type { ListView, WriteControls } from "@/lib/list/types";
import { createPixelAction, updatePixelAction } from "@/lib/pixels/actions";
import { NEW_PIXEL_VALUES, PIXEL_MESSAGES, pixelFormValues } from "@/lib/pixels/schema";
import { PixelForm } from "./pixel-form";
import { PixelList } from "./pixel-list";
import { UNSAVED_CHANGES_MESSAGE } from "@/components/forms/use-unsaved-changes";

jest.mock("@/lib/pixels/actions", () => ({
  createPixelAction: jest.fn(),
  updatePixelAction: jest.fn(),
}));
jest.mock("@/lib/entities/actions", () => ({ setActiveInBulkAction: jest.fn() }));
// The real module signs out through next-auth, which needs a server environment.
jest.mock("@/components/account/session-events", () => ({ expiredSession: (r: { ok: boolean; status?: number }) => !r.ok && r.status === 401 }));
const refresh = jest.fn();
const push = jest.fn();
jest.mock("next/navigation", () => ({ useRouter: () => ({ refresh, push }), usePathname: () => "/advertiser/details/7/pixel" }));
const create = createPixelAction as jest.MockedFunction<typeof createPixelAction>;
const update = updatePixelAction as jest.MockedFunction<typeof updatePixelAction>;
const setActive = setActiveInBulkAction as jest.MockedFunction<typeof setActiveInBulkAction>;

beforeAll(() => {
  Element.prototype.scrollIntoView = jest.fn();
});
beforeEach(() => jest.clearAllMocks());

const onSaved = jest.fn();
function showForm(props: Partial<Parameters<typeof PixelForm>[0]> = {}) {
  return render(<PixelForm advertiserId={7} initial={NEW_PIXEL_VALUES} canWrite onCancel={jest.fn()} onSaved={onSaved} {...props} />);
}
const input = (id: string) => document.getElementById(id) as HTMLInputElement;
const change = (id: string, value: string) => fireEvent.change(input(id), { target: { value } });

test("an empty submit shows the messages beside the fields, scrolls to the first, and sends nothing", async () => {
  showForm();
  change("pixel-name", "abc");
  fireEvent.click(screen.getByTestId("pixel-count-capped"));
  change("pixel-fcap-value", "1.5");
  fireEvent.click(screen.getByTestId("pixel-save"));
  expect((await screen.findByTestId("pixel-name-error")).textContent).toBe(PIXEL_MESSAGES.nameTooShort);
  expect(screen.getByTestId("pixel-type-error").textContent).toBe(PIXEL_MESSAGES.typeRequired);
  expect(screen.getByTestId("pixel-user-fcap-error").textContent).toBe(PIXEL_MESSAGES.userFcapRequired);
  expect(screen.getByTestId("pixel-fcap-value-error").textContent).toBe(PIXEL_MESSAGES.digitsOnly);
  await waitFor(() => expect(Element.prototype.scrollIntoView).toHaveBeenCalled());
  expect(create).not.toHaveBeenCalled();
});

test("the windows follow the type; changing the type resets them to 45 days", async () => {
  showForm({ initial: pixelFormValues({ name: "Sale", type: "VIEW_CONV", viewValidityWindow: 86400, clickValidityWindow: -1, userFcap: -1, fcapDuration: -1 }) });
  expect(input("pixel-view-window").value).toBe("1");
  expect(input("pixel-click-window")).toBeNull();
  fireEvent.change(input("pixel-type"), { target: { value: "HYBRID_CONV" } });
  await waitFor(() => expect(input("pixel-click-window")).not.toBeNull());
  expect(input("pixel-view-window").value).toBe("45");
  expect(input("pixel-click-window").value).toBe("45");
  fireEvent.change(input("pixel-type"), { target: { value: "CLICK_CONV" } });
  await waitFor(() => expect(input("pixel-view-window")).toBeNull());
});

test("a capped count offers choices 1 to 45 and defaults to 10 Minute(s); the values sent are the form's", async () => {
  create.mockResolvedValue({ ok: true, data: { id: 11, name: "Sale pixel" } });
  showForm();
  fireEvent.click(screen.getByTestId("pixel-count-capped"));
  expect(input("pixel-fcap-value").value).toBe("10");
  expect((document.getElementById("pixel-fcap-unit") as HTMLSelectElement).selectedOptions[0].textContent).toBe("Minute(s)");
  expect([...document.querySelectorAll("#pixel-count-choices option")].map((o) => (o as HTMLOptionElement).value)).toEqual(
    Array.from({ length: 45 }, (_, i) => String(i + 1)),
  );
  change("pixel-name", "Sale pixel");
  fireEvent.change(input("pixel-type"), { target: { value: "CLICK_CONV" } });
  change("pixel-user-fcap", "3");
  fireEvent.click(screen.getByTestId("pixel-save"));
  await waitFor(() => expect(onSaved).toHaveBeenCalledWith({ id: 11, name: "Sale pixel" }));
  expect(create).toHaveBeenCalledWith({ advertiserId: 7, ...NEW_PIXEL_VALUES, name: "Sale pixel", type: "CLICK_CONV", countMode: "CAPPED", userFcap: "3", idempotencyKey: expect.any(String) });
});

test("after a failed save the server's messages show beside the fields and Save works again", async () => {
  update.mockResolvedValueOnce({ ok: false, status: 400, formError: "Please correct the highlighted fields.", fieldErrors: { name: "Name is required" } });
  update.mockRejectedValueOnce(new Error("network"));
  update.mockResolvedValueOnce({ ok: true, data: { id: 5, version: 3, changed: true } });
  showForm({ pixel: { id: 5, version: 2 }, initial: { ...NEW_PIXEL_VALUES, name: "Sale", type: "HYBRID_CONV" } });
  const save = screen.getByTestId("pixel-save") as HTMLButtonElement;
  fireEvent.click(save);
  expect((await screen.findByTestId("pixel-name-error")).textContent).toBe("Name is required");
  await waitFor(() => expect(save.disabled).toBe(false));
  expect(save.textContent).toBe("Save");
  fireEvent.click(save);
  await waitFor(() => expect(screen.getByTestId("pixel-form-error").textContent).toBe("Server error, Please try after sometime"));
  await waitFor(() => expect(save.disabled).toBe(false));
  fireEvent.click(save);
  await waitFor(() => expect(onSaved).toHaveBeenCalledWith({ id: 5, name: "Sale" }));
  expect(update).toHaveBeenCalledTimes(3);
  expect(update).toHaveBeenLastCalledWith(expect.objectContaining({ advertiserId: 7, id: 5, version: 2, name: "Sale", type: "HYBRID_CONV" }));
});

test("the browser warns before leaving while the form holds changes", async () => {
  const add = jest.spyOn(window, "addEventListener");
  showForm();
  const handlers = () => add.mock.calls.filter(([type]) => type === "beforeunload").map(([, h]) => h as (e: BeforeUnloadEvent) => unknown);
  expect(handlers()).toHaveLength(0);
  change("pixel-name", "Changed");
  await waitFor(() => expect(handlers()).toHaveLength(1));
  // jsdom's events have no string returnValue: a stand-in for the browser's BeforeUnloadEvent.
  const event = { preventDefault: jest.fn(), returnValue: "" } as unknown as BeforeUnloadEvent;
  expect(handlers()[0](event)).toBe(UNSAVED_CHANGES_MESSAGE);
  expect(event.preventDefault).toHaveBeenCalled();
  expect(event.returnValue).toBe("WARNING: Changes that you made may not be saved.");
  add.mockRestore();
});

test("read-only: every control disabled", () => {
  showForm({ canWrite: false });
  expect(input("pixel-name").matches(":disabled")).toBe(true); // through its disabled fieldset
  expect((screen.getByTestId("pixel-save") as HTMLButtonElement).disabled).toBe(true);
});

/** The pixel list as the server hands it over (lib/entities/lists.ts loadListView for "pixel"). */
const column = (id: string, header: string, kind: "status" | "link" | "text" | "number", testId?: string) => ({
  id,
  header,
  kind,
  sortable: true,
  sortDescFirst: false,
  ...(testId ? { testId } : {}),
});
const VIEW: ListView = {
  entity: "pixel",
  names: { singular: "pixel", plural: "pixels" },
  emptyText: "No Pixel found.",
  testId: "pixel",
  selectable: true,
  totals: null,
  columns: [
    column("active", "Status", "status"),
    column("name", "Name", "link", "pixel-name"),
    column("id", "ID", "number"),
    column("userFcap", "User F-Cap", "text", "pixel-user-fcap"),
    column("fcapDuration", "F-Cap Duration (s)", "number"),
    column("type", "Type", "text", "pixel-type"),
    column("conversions", "Conversions", "number", "pixel-conversions"),
  ],
  rows: [
    {
      id: 3,
      active: true,
      href: "/advertiser/7/pixel/details/3",
      cells: { active: "Active", name: "Purchase", id: "3", userFcap: "3 every 10 Minute(s)", fcapDuration: "600", type: "Hybrid", conversions: "12" },
    },
  ],
  total: 1,
  state: { page: 1, size: 10, sort: null, q: "", status: "all", advertiserId: null, campaignId: null },
  scope: { advertiserId: 7 },
  defaultSize: 10,
  pageSizes: [5, 10, 25, 100],
  range: { from: "2030-01-01", to: "2030-01-31", timezoneName: "UTC" },
  filters: { advertisers: null, campaigns: null },
  writeControls: "enabled",
};
const showList = (view: ListView = VIEW, mode: WriteControls = "enabled") =>
  render(<PixelList advertiserId={7} view={{ ...view, writeControls: mode }} editRoute="/advertiser/{advertiserId}/pixel/edit/{id}" />);

test("list: the spec's columns and empty text", () => {
  showList();
  const headers = screen.getAllByRole("columnheader").map((h) => h.textContent?.replace(/[▲▼↕]/g, "").trim());
  expect(headers).toEqual(["", "Status", "Name", "ID", "User F-Cap", "F-Cap Duration (s)", "Type", "Conversions", "Action"]);
  const row = within(screen.getByTestId("pixel-row"));
  expect(row.getByTestId("pixel-user-fcap").textContent).toBe("3 every 10 Minute(s)");
  expect(row.getByTestId("pixel-name").getAttribute("href")).toBe("/advertiser/7/pixel/details/3");
  document.body.innerHTML = "";
  showList({ ...VIEW, rows: [], total: 0 });
  expect(screen.getByTestId("empty-state").textContent).toBe("No Pixel found.");
});

test("list: a row is deactivated after the 'Warning' confirmation; a bulk action sends the selection", async () => {
  setActive.mockResolvedValue({ ok: true, data: { changed: 1, total: 1 } });
  showList();
  fireEvent.click(screen.getByTestId("pixel-row-toggle"));
  const confirm = within(screen.getByTestId("confirm-dialog"));
  expect(confirm.getByText("Warning")).toBeTruthy();
  fireEvent.click(confirm.getByRole("button", { name: "Yes" }));
  await waitFor(() => expect(setActive).toHaveBeenCalledWith({ entity: "pixel", ids: [3], active: false, advertiserId: 7 }));
  expect((await screen.findByTestId("list-alert")).textContent).toBe("Successfully de-activated pixel");
  expect(refresh).toHaveBeenCalled();

  fireEvent.click(screen.getByLabelText("Select Purchase"));
  fireEvent.click(within(screen.getByTestId("bulk-bar")).getByRole("button", { name: "Activate" }));
  fireEvent.click(within(screen.getByTestId("confirm-dialog")).getByRole("button", { name: "Yes" }));
  await waitFor(() => expect(setActive).toHaveBeenLastCalledWith({ entity: "pixel", ids: [3], active: true, advertiserId: 7 }));
});

test("list: 'New Conversion Tracker' opens the form in a modal and creates without navigating", async () => {
  create.mockResolvedValue({ ok: true, data: { id: 12, name: "Lead form" } });
  showList();
  fireEvent.click(screen.getByTestId("new-pixel"));
  const dialog = within(screen.getByTestId("pixel-form-dialog"));
  expect(dialog.getByRole("heading", { name: "New Conversion Tracker" })).toBeTruthy();
  fireEvent.change(dialog.getByLabelText(/^Name/), { target: { value: "Lead form" } });
  fireEvent.change(dialog.getByLabelText(/^Type/), { target: { value: "VIEW_CONV" } });
  await act(async () => fireEvent.click(dialog.getByTestId("pixel-save")));
  await waitFor(() => expect(screen.queryByTestId("pixel-form-dialog")).toBeNull());
  expect((await screen.findByTestId("list-alert")).textContent).toBe('Conversion tracker "Lead form" created');
  expect(push).not.toHaveBeenCalled();
  expect(refresh).toHaveBeenCalled();
});

test("list: RO users get no select or Action column; DEMO users get the controls disabled", () => {
  showList(VIEW, "hidden");
  expect(screen.queryByRole("columnheader", { name: "Action" })).toBeNull();
  expect(screen.queryByRole("checkbox")).toBeNull();
  expect(screen.queryByTestId("bulk-bar")).toBeNull();
  expect((screen.getByTestId("new-pixel") as HTMLButtonElement).disabled).toBe(true);
  document.body.innerHTML = "";

  showList(VIEW, "disabled");
  expect((screen.getByTestId("new-pixel") as HTMLButtonElement).disabled).toBe(true);
  expect((screen.getByTestId("pixel-row-toggle") as HTMLButtonElement).disabled).toBe(true);
  expect((screen.getByTestId("pixel-row-edit") as HTMLButtonElement).disabled).toBe(true);
  expect(screen.getAllByRole("checkbox").every((c) => (c as HTMLInputElement).disabled)).toBe(true);
});
