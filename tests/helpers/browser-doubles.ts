// For test files that act as a browser (browser-session.ts): next/headers reads
// and sets the current Browser's cookies, and Next's cache does nothing
// (next-cache-double.ts). Import this module for its effect before anything
// else: the doubles replace modules only for those loaded after it.
import "./next-cache-double";

jest.mock("next/headers", () => jest.requireActual("./browser-session").nextHeadersMock);

export {};
