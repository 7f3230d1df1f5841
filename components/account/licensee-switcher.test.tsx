/**
 * @jest-environment jsdom
 */
// The licensee dialog as the user meets it (shell.md 2.4, 4, 9): 'Switch
// Licensee' or 'Select Licensee', pages of 5 with 5, 10, 50, 100, 200 per
// page, 'Items: N' and Cancel on handsets, and where a choice leads.
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { LicenseeSwitcher } from "./licensee-switcher";
import { listLicenseesAction, switchLicenseeAction } from "@/lib/account/actions";
import { adoptSession, loadPage, reloadPage } from "./session-events";
import type { AccountDoubles } from "@/tests/helpers/account-doubles";

jest.mock("@/lib/account/actions", () => {
  const doubles = jest.requireActual<AccountDoubles>("@/tests/helpers/account-doubles");
  return doubles.actionDoubles("listLicenseesAction", "switchLicenseeAction", ...doubles.SIGN_OUT_ACTIONS);
});
jest.mock("./session-events", () => jest.requireActual<AccountDoubles>("@/tests/helpers/account-doubles").sessionEventsDouble({ loadPage: jest.fn(), reloadPage: jest.fn() }));

const list = listLicenseesAction as jest.MockedFunction<typeof listLicenseesAction>;
const choose = switchLicenseeAction as jest.MockedFunction<typeof switchLicenseeAction>;

// Twelve licensees, "Licensee 01" … "Licensee 12", the first the current one.
const LICENSEES = Array.from({ length: 12 }, (_, i) => ({
  id: i + 1,
  name: `Licensee ${String(i + 1).padStart(2, "0")}`,
  current: i === 0,
}));

function setHandset(handset: boolean) {
  Object.defineProperty(window, "matchMedia", {
    configurable: true,
    value: (query: string) => ({
      matches: handset && query === "(max-width: 768px)",
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    }),
  });
}

beforeEach(() => {
  jest.clearAllMocks();
  setHandset(false);
  list.mockResolvedValue({ ok: true, data: LICENSEES });
});

function open(mode: "switch" | "select" = "switch", returnPath?: string) {
  const onClose = jest.fn();
  render(<LicenseeSwitcher open mode={mode} onClose={onClose} returnPath={returnPath} />);
  return { onClose, dialog: screen.getByTestId("licensee-switcher") };
}

const rows = async () => {
  const listEl = await screen.findByRole("list", { name: "Licensees" });
  return within(listEl).getAllByRole("button").map((b) => b.textContent);
};

test("'Switch Licensee': 5 per page, with 5, 10, 50, 100 and 200 to choose from", async () => {
  const { dialog } = open("switch");
  expect(within(dialog).getByRole("heading", { name: "Switch Licensee" })).toBeTruthy();
  expect(within(dialog).getByRole("button", { name: "Close" })).toBeTruthy();
  expect(within(dialog).getByRole("button", { name: "Sign Out" })).toBeTruthy();

  expect(await rows()).toEqual(["Licensee 01Current", "Licensee 02", "Licensee 03", "Licensee 04", "Licensee 05"]);
  const size = screen.getByRole("combobox", { name: "Rows per page" }) as HTMLSelectElement;
  expect(size.value).toBe("5");
  expect([...size.options].map((o) => o.value)).toEqual(["5", "10", "50", "100", "200"]);
  expect(screen.getByText("1-5 of 12")).toBeTruthy();

  fireEvent.click(screen.getByRole("button", { name: "Next page" }));
  expect(await rows()).toEqual(["Licensee 06", "Licensee 07", "Licensee 08", "Licensee 09", "Licensee 10"]);

  fireEvent.change(size, { target: { value: "10" } });
  expect((await rows()).length).toBe(10);
  expect(screen.getByText("1-10 of 12")).toBeTruthy();

  fireEvent.change(screen.getByRole("searchbox", { name: "Search licensee" }), { target: { value: "11" } });
  expect(await rows()).toEqual(["Licensee 11"]);
  // Desktop: no handset count and no Cancel.
  expect(screen.queryByTestId("licensee-count")).toBeNull();
  expect(screen.queryByRole("button", { name: "Cancel" })).toBeNull();
});

test("on a handset the switcher shows 'Items: N' and a Cancel that closes it", async () => {
  setHandset(true);
  const { onClose } = open("switch");
  await rows();
  expect(screen.getByTestId("licensee-count").textContent).toBe("Items: 12");
  expect(screen.queryByRole("combobox", { name: "Rows per page" })).toBeNull();
  fireEvent.change(screen.getByRole("searchbox", { name: "Search licensee" }), { target: { value: "licensee 1" } });
  await waitFor(() => expect(screen.getByTestId("licensee-count").textContent).toBe("Items: 3")); // 10, 11, 12
  fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
  expect(onClose).toHaveBeenCalled();
});

test("'Select Licensee' cannot be closed (no close button, no Cancel, Escape ignored); Sign Out remains", async () => {
  setHandset(true);
  const { onClose, dialog } = open("select");
  expect(within(dialog).getByRole("heading", { name: "Select Licensee" })).toBeTruthy();
  await rows();
  expect(within(dialog).queryByRole("button", { name: "Close" })).toBeNull();
  expect(within(dialog).queryByRole("button", { name: "Cancel" })).toBeNull();
  expect(within(dialog).getByRole("button", { name: "Sign Out" })).toBeTruthy();
  fireEvent.keyDown(dialog, { key: "Escape" });
  expect(onClose).not.toHaveBeenCalled();
  expect(screen.getByTestId("licensee-switcher")).toBeTruthy();
});

test("selecting after sign-in adopts the new session and continues to the post-login destination", async () => {
  list.mockResolvedValue({ ok: true, data: LICENSEES.map((l) => ({ ...l, current: false })) });
  choose.mockResolvedValue({ ok: true, data: { ticket: "t".repeat(43), licenseeId: 2, licenseeName: "Licensee 02", goHome: true } });
  open("select", "/advertiser");
  fireEvent.click(await screen.findByRole("button", { name: "Licensee 02" }));
  await waitFor(() => expect(loadPage).toHaveBeenCalledWith("/advertiser"));
  expect(choose).toHaveBeenCalledWith({ licenseeId: 2 });
  expect(adoptSession).toHaveBeenCalledWith("t".repeat(43));
});

test("a switch goes home", async () => {
  choose.mockResolvedValue({ ok: true, data: { ticket: "t".repeat(43), licenseeId: 3, licenseeName: "Licensee 03", goHome: true } });
  open("switch");
  fireEvent.click(await screen.findByRole("button", { name: "Licensee 03" }));
  await waitFor(() => expect(loadPage).toHaveBeenCalledWith("/home"));
  expect(reloadPage).not.toHaveBeenCalled();
});

test("a demo user's switch skips the preference load and the redirect: it reloads where it is", async () => {
  choose.mockResolvedValue({ ok: true, data: { ticket: "t".repeat(43), licenseeId: 4, licenseeName: "Licensee 04", goHome: false } });
  open("switch");
  fireEvent.click(await screen.findByRole("button", { name: "Licensee 04" }));
  await waitFor(() => expect(reloadPage).toHaveBeenCalled());
  expect(loadPage).not.toHaveBeenCalled();
});

test("a refused choice shows the server's message and keeps the dialog", async () => {
  choose.mockResolvedValue({ ok: false, status: 404, formError: "Licensee not found" });
  open("switch");
  fireEvent.click(await screen.findByRole("button", { name: "Licensee 05" }));
  expect((await screen.findByRole("alert")).textContent).toBe("Licensee not found");
  expect(loadPage).not.toHaveBeenCalled();
});
