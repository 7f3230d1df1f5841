/**
 * @jest-environment jsdom
 */
// 'Recent Sign-ins' as the user meets it: a keyboard-usable dialog listing
// time, client address, browser and method of their own latest sign-ins, or
// saying there are none.
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { RecentSignInsDialog } from "./recent-sign-ins";
import { listRecentSignInsAction } from "@/lib/account/actions";

jest.mock("@/lib/account/actions", () => ({ listRecentSignInsAction: jest.fn() }));
const action = listRecentSignInsAction as jest.MockedFunction<typeof listRecentSignInsAction>;

beforeEach(() => action.mockReset());

const ROWS = [
  { at: "2026-03-02T04:30:00.000Z", time: "2 Mar 2026 10:00:00", clientIp: "203.0.113.50", device: "Chrome 156 on Linux", method: "password + code" },
  { at: "2026-03-01T04:30:00.000Z", time: "1 Mar 2026 10:00:00", clientIp: null, device: "Safari 17 on iOS 17.4", method: "OKTA" },
];

test("lists the sign-ins with their time, address, browser and method; Escape closes it", async () => {
  action.mockResolvedValue({ ok: true, data: { timeZone: "Asia/Kolkata", rows: ROWS } });
  const onClose = jest.fn();
  render(<RecentSignInsDialog open onClose={onClose} />);
  const dialog = screen.getByRole("dialog", { name: "Recent Sign-ins" });
  expect(within(dialog).getByRole("status").textContent).toBe("Loading...");
  const rows = await within(dialog).findAllByTestId("recent-sign-in");
  expect(rows.map((r) => [...r.querySelectorAll("td")].map((td) => td.textContent))).toEqual([
    ["2 Mar 2026 10:00:00", "203.0.113.50", "Chrome 156 on Linux", "Password and e-mailed code"],
    ["1 Mar 2026 10:00:00", "-", "Safari 17 on iOS 17.4", "Okta"],
  ]);
  expect(within(dialog).getAllByRole("columnheader").map((h) => h.textContent)).toEqual(["Time", "Client address", "Browser", "Method"]);
  expect(dialog.textContent).toContain("Times in Asia/Kolkata.");
  // Focus is inside the dialog; Escape answers close.
  expect(dialog.contains(document.activeElement)).toBe(true);
  fireEvent.keyDown(dialog, { key: "Escape" });
  expect(onClose).toHaveBeenCalledTimes(1);
});

test("says so when there is none", async () => {
  action.mockResolvedValue({ ok: true, data: { timeZone: "UTC", rows: [] } });
  render(<RecentSignInsDialog open onClose={jest.fn()} />);
  expect((await screen.findByTestId("recent-sign-ins-empty")).textContent).toBe("No sign-ins recorded yet.");
  expect(screen.queryByRole("table")).toBeNull();
});

test("a failure is shown as an alert; nothing is read while closed", async () => {
  const { rerender } = render(<RecentSignInsDialog open={false} onClose={jest.fn()} />);
  expect(action).not.toHaveBeenCalled();
  action.mockResolvedValue({ ok: false, status: 500, formError: "Server error, Please try after sometime" });
  rerender(<RecentSignInsDialog open onClose={jest.fn()} />);
  await waitFor(() => expect(screen.getByRole("alert").textContent).toBe("Server error, Please try after sometime"));
  expect(action).toHaveBeenCalledTimes(1);
  // Each opening reads the list afresh.
  action.mockResolvedValue({ ok: true, data: { timeZone: "UTC", rows: ROWS } });
  rerender(<RecentSignInsDialog open={false} onClose={jest.fn()} />);
  rerender(<RecentSignInsDialog open onClose={jest.fn()} />);
  expect(await screen.findAllByTestId("recent-sign-in")).toHaveLength(2);
  expect(action).toHaveBeenCalledTimes(2);
});
