// For report template tests that call the page's actions beside the REST API:
// Next's cache and request headers, the job queue (every run is queued as
// "job-id") and requireSession (set it with session-mock.ts) are doubles, the
// rest of the session module is real. Import this module for its effect before
// anything else: the doubles replace modules only for those loaded after it.
import "./next-cache-double";

jest.mock("next/headers", () => jest.requireActual("./browser-session").nextHeadersMock);
jest.mock("@/lib/jobs/queue", () => ({ enqueue: jest.fn(async () => "job-id") }));
jest.mock("@/lib/auth/session", () => ({ ...jest.requireActual("@/lib/auth/session"), requireSession: jest.fn() }));

export {};
