/**
 * @jest-environment jsdom
 */
// The bell as the user sees it: the unread count from the server, no badge at
// zero, the number up to 9 and '9+' above; hidden when the server refuses the
// count (read-only and demo users); a press opens the notifications panel.
import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { unreadCountAction } from "@/lib/notifications/actions";
import { NotificationBell } from "./notification-bell";
import { setUnreadCount, setUnreadForbidden } from "./unread-store";

jest.mock("@/lib/notifications/actions", () => ({ unreadCountAction: jest.fn() }));
const open = jest.fn();
jest.mock("@/components/shell/panels", () => ({ usePanel: () => ({ open }) }));
const action = unreadCountAction as jest.MockedFunction<typeof unreadCountAction>;

const bell = () => screen.getByTestId("notification-bell");
const badge = () => screen.queryByTestId("notification-count");

// The count lives in a module store shared by the tests of this file, in order.
test("the count comes from the server; more than 9 shows '9+'", async () => {
  action.mockResolvedValue({ ok: true, data: 12 });
  render(<NotificationBell />);
  await waitFor(() => expect(badge()?.textContent).toBe("9+"));
  expect(bell().getAttribute("aria-label")).toBe("Notifications, 12 unread");
  expect(action).toHaveBeenCalledTimes(1);
  fireEvent.click(bell());
  expect(open).toHaveBeenCalledWith("notifications");
});

test("no badge at zero, the number from 1 to 9, '9+' from 10", () => {
  render(<NotificationBell />);
  act(() => setUnreadCount(0));
  expect(badge()).toBeNull();
  expect(bell().getAttribute("aria-label")).toBe("Notifications");
  for (const [count, text] of [
    [1, "1"],
    [9, "9"],
    [10, "9+"],
    [150, "9+"],
  ] as const) {
    act(() => setUnreadCount(count));
    expect(badge()?.textContent).toBe(text);
  }
});

test("a refused count hides the bell", () => {
  render(<NotificationBell />);
  expect(bell()).toBeTruthy();
  act(() => setUnreadForbidden());
  expect(screen.queryByTestId("notification-bell")).toBeNull();
});
