// Next's cache (revalidatePath, revalidateTag) needs a request's render store,
// which jest does not have: test files that reach it import this module for its
// effect, before anything else, and get jest.fn()s (only modules loaded after
// it see them). A file that needs another double of next/cache writes its own
// jest.mock call instead (those are hoisted above every import).
jest.mock("next/cache", () => ({ revalidatePath: jest.fn(), revalidateTag: jest.fn() }));

export {};
