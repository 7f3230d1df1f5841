/**
 * @jest-environment jsdom
 */
// The panel's 'Mark all as seen' (shell.md 7, 8) as the user sees it: offered
// while something is unread, 'Marking all as seen' while it runs, then the
// seen entries show as read and the unread count drops; ACTIONABLE entries
// stay unread; a failed call says so and changes nothing.
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { listNotificationsAction, markAllSeenAction } from "@/lib/notifications/actions";
import type { ActionResult } from "@/lib/actions/result";
import type { MarkAllSeenResult } from "@/lib/notifications/mutations";
import type { NotificationItem } from "@/lib/notifications/queries";
import { NotificationsPanel } from "./notifications-panel";

jest.mock("@/lib/notifications/actions", () => ({
  listNotificationsAction: jest.fn(),
  markAllSeenAction: jest.fn(),
  markGroupReadAction: jest.fn(),
  markNotificationReadAction: jest.fn(),
}));
// The real module signs out through next-auth, which needs a server environment.
jest.mock("@/components/account/session-events", () => ({ expiredSession: (r: { ok: boolean; status?: number }) => !r.ok && r.status === 401 }));
const list = listNotificationsAction as jest.MockedFunction<typeof listNotificationsAction>;
const markAll = markAllSeenAction as jest.MockedFunction<typeof markAllSeenAction>;

function item(id: number, over: Partial<NotificationItem> = {}): NotificationItem {
  return {
    id,
    type: "INFO",
    entityType: "CAMPAIGN",
    entityTypeLabel: "Campaign",
    entityId: 5,
    entityName: "Campaign A",
    content: `Notification ${id}`,
    icon: "calendar",
    createdOn: Math.floor(Date.now() / 1000),
    time: "",
    resolved: false,
    seen: false,
    group: "Today",
    href: null,
    ...over,
  };
}

function serve(items: NotificationItem[]) {
  const unread = items.filter((n) => !n.seen && !n.resolved).length;
  list.mockResolvedValue({ ok: true, data: { data: items, totalNoOfRecords: items.length, notResolvedCount: unread, page: 1, pageSize: 10 } });
}

beforeEach(() => jest.clearAllMocks());

const panel = () => within(screen.getByTestId("notifications-panel"));
const entry = (content: string) => screen.getByText(content).closest("li") as HTMLElement;
const markAllButton = () => panel().queryByRole("button", { name: "Mark all as seen" });

test("'Mark all as seen' shows 'Marking all as seen' while it runs, then marks the non-ACTIONABLE entries and lowers the count", async () => {
  serve([item(1), item(2, { type: "ACTIONABLE", content: "Approve budget" }), item(3, { seen: true })]);
  let answer: (r: ActionResult<MarkAllSeenResult>) => void = () => {};
  markAll.mockReturnValue(new Promise((resolve) => (answer = resolve)));
  render(<NotificationsPanel onClose={jest.fn()} />);
  await waitFor(() => expect(panel().getByTestId("notifications-unread").textContent).toBe("2"));
  // The count arrives with the first answer; the rows may render a frame later on a busy machine.
  await waitFor(() => expect(entry("Notification 1").dataset.read).toBe("false"));

  fireEvent.click(markAllButton()!);
  expect(panel().getByRole("status").textContent).toBe("Marking all as seen");
  expect((markAllButton() as HTMLButtonElement).disabled).toBe(true);
  expect(markAll).toHaveBeenCalledWith(); // no payload

  answer({ ok: true, data: { marked: 1, unreadCount: 1 } });
  await waitFor(() => expect(entry("Notification 1").dataset.read).toBe("true"));
  expect(entry("Approve budget").dataset.read).toBe("false"); // resolved one by one, not seen in bulk
  expect(panel().getByTestId("notifications-unread").textContent).toBe("1");
  expect(panel().queryByText("Marking all as seen")).toBeNull();
  // Everything is loaded and only an ACTIONABLE one is unread: nothing left to mark.
  expect(markAllButton()).toBeNull();
});

test("no 'Mark all as seen' when nothing is unread", async () => {
  serve([item(1, { seen: true }), item(2, { type: "ACTIONABLE", resolved: true })]);
  render(<NotificationsPanel onClose={jest.fn()} />);
  await waitFor(() => expect(screen.getAllByTestId("notification-entry")).toHaveLength(2));
  expect(markAllButton()).toBeNull();
  expect(panel().queryByTestId("notifications-unread")).toBeNull();
});

test("a failed call shows the error and leaves the entries unread", async () => {
  serve([item(1), item(2)]);
  markAll.mockRejectedValue(new Error("network down"));
  render(<NotificationsPanel onClose={jest.fn()} />);
  await waitFor(() => expect(markAllButton()).not.toBeNull());
  fireEvent.click(markAllButton()!);
  expect((await panel().findByRole("alert")).textContent).toBe("Unable to mark the notifications as read. Please try again later.");
  expect(entry("Notification 1").dataset.read).toBe("false");
  expect(panel().getByTestId("notifications-unread").textContent).toBe("2");
  expect((markAllButton() as HTMLButtonElement).disabled).toBe(false);
});
