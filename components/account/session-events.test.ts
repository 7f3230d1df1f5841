/**
 * @jest-environment jsdom
 */
// A refused session (shell.md 4, 8): an action answered 401 signs this
// browser out at once (no dialog to press), tells the other tabs, and loads
// the sign-in page that says the session expired and leads back here.
import type * as SessionEvents from "./session-events";

jest.mock("./page-load", () => ({ loadPage: jest.fn(), reloadPage: jest.fn() }));
jest.mock("@/lib/account/actions", () => ({ endSessionAction: jest.fn(async () => {}), endAllSessionsAction: jest.fn() }));

/**
 * A fresh module each test: the 'already signing out' guard lives until the
 * page load. Its account actions are imported on first use, from the registry
 * current then: so a reset registry, not an isolated one.
 */
function load() {
  jest.resetModules();
  return {
    events: jest.requireActual<typeof SessionEvents>("./session-events"),
    loadPage: jest.requireMock<{ loadPage: jest.Mock }>("./page-load").loadPage,
    endSession: jest.requireMock<{ endSessionAction: jest.Mock }>("@/lib/account/actions").endSessionAction,
  };
}

const REFUSED = { ok: false, status: 401, formError: "Your current session has expired! Please log in again." } as const;
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeEach(() => {
  window.history.replaceState(null, "", "/advertiser?page=2");
  localStorage.clear();
});

test("a 401 result ends the session and loads /login?expired=1 with the way back", async () => {
  const { events, loadPage, endSession } = load();
  expect(events.expiredSession(REFUSED)).toBe(true);
  await settle();
  expect(endSession).toHaveBeenCalledTimes(1);
  expect(loadPage).toHaveBeenCalledTimes(1);
  const target = new URL(loadPage.mock.calls[0][0], "http://x.test");
  expect(target.pathname).toBe("/login");
  expect(target.searchParams.get("expired")).toBe("1");
  expect(target.searchParams.get("returnUrl")).toBe("/advertiser?page=2");
});

test("the other tabs hear an expired sign-out", async () => {
  const { events } = load();
  events.expiredSession(REFUSED);
  await settle();
  const sent = JSON.parse(localStorage.getItem("dsp.session.event") ?? "null");
  expect(sent).toMatchObject({ type: "signout", expired: true });
});

test("the sign-in page loads even when the server cannot be reached", async () => {
  const { events, loadPage, endSession } = load();
  endSession.mockRejectedValueOnce(new Error("offline"));
  events.expiredSession(REFUSED);
  await settle();
  expect(loadPage).toHaveBeenCalledWith(expect.stringMatching(/^\/login\?.*expired=1/));
});

test("several refused calls at once sign out once", async () => {
  const { events, loadPage, endSession } = load();
  events.expiredSession(REFUSED);
  events.expiredSession(REFUSED);
  events.notifySessionExpired();
  await settle();
  expect(endSession).toHaveBeenCalledTimes(1);
  expect(loadPage).toHaveBeenCalledTimes(1);
});

test("other failures, successes and thrown calls are not a sign-out", async () => {
  const { events, loadPage, endSession } = load();
  expect(events.expiredSession({ ok: false, status: 403 })).toBe(false);
  expect(events.expiredSession({ ok: false, status: 500 })).toBe(false);
  expect(events.expiredSession({ ok: true })).toBe(false);
  expect(events.expiredSession(null)).toBe(false);
  await settle();
  expect(endSession).not.toHaveBeenCalled();
  expect(loadPage).not.toHaveBeenCalled();
});

test("a plain Sign Out loads /login without the expired message", async () => {
  const { events, loadPage } = load();
  await events.signOutAllTabs();
  expect(loadPage).toHaveBeenCalledWith("/login");
});

test("a refusal after a page load that did not happen (a 'Leave site?' answered Stay) loads the sign-in page again", async () => {
  const { events, loadPage, endSession } = load();
  events.expiredSession(REFUSED);
  await settle();
  expect(loadPage).toHaveBeenCalledTimes(1);
  // Still on the page: the next refused call must not be swallowed.
  expect(events.expiredSession(REFUSED)).toBe(true);
  await settle();
  expect(loadPage).toHaveBeenCalledTimes(2);
  expect(endSession).toHaveBeenCalledTimes(1);
});

test("a server that does not answer the sign-out keeps nobody waiting past the limit", async () => {
  jest.useFakeTimers();
  try {
    const { events, loadPage, endSession } = load();
    endSession.mockImplementationOnce(() => new Promise(() => {}));
    events.expiredSession(REFUSED);
    await jest.advanceTimersByTimeAsync(events.SIGN_OUT_WAIT_MS - 1);
    expect(loadPage).not.toHaveBeenCalled();
    await jest.advanceTimersByTimeAsync(1);
    expect(loadPage).toHaveBeenCalledWith(expect.stringMatching(/^\/login\?.*expired=1/));
  } finally {
    jest.useRealTimers();
  }
});
