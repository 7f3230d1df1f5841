// Stand-ins for the modules the account components talk to, shared by their
// tests. A jest.mock factory may not use the test file's imports (it runs
// before them), so a test reaches these through jest.requireActual:
//   jest.mock("@/lib/account/actions", () =>
//     jest.requireActual<AccountDoubles>("@/tests/helpers/account-doubles").actionDoubles("changePasswordAction"));

export type AccountDoubles = typeof import("./account-doubles");

/** The sign-out actions every dialog with a 'Sign out' button imports. */
export const SIGN_OUT_ACTIONS = ["endSessionAction", "endAllSessionsAction"] as const;

/** A module of server actions with a jest.fn for each name (an action left out would be undefined). */
export function actionDoubles(...names: string[]): Record<string, jest.Mock> {
  return Object.fromEntries(names.map((name) => [name, jest.fn()]));
}

/**
 * components/account/session-events as it is, except the steps that reach the
 * server or other tabs: adopting a ticket succeeds and broadcasts are only
 * recorded. `replaced` stands in for more of it (navigation, signing out).
 */
export function sessionEventsDouble(replaced: Record<string, jest.Mock> = {}) {
  return {
    ...jest.requireActual("@/components/account/session-events"),
    adoptSession: jest.fn(async () => true),
    broadcastSessionEvent: jest.fn(),
    ...replaced,
  };
}
