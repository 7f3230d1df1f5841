// For test files that call server actions: next-auth's session does not run
// under jest, so the actions get a test session (set it with session-mock.ts),
// and Next's cache does nothing (next-cache-double.ts). Import this module for
// its effect before anything else: the doubles replace modules only for those
// loaded after it. A file that needs other doubles writes its own jest.mock
// calls instead (those are hoisted above every import).
import "./next-cache-double";

jest.mock("@/lib/auth/session", () => ({ requireSession: jest.fn() }));

export {};
