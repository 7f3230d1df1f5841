// The job queue's double, for test files that replace @/lib/jobs/queue with
// jest.fn()s (jest.mock is hoisted, so it must be written in the test file):
//   jest.mock("@/lib/jobs/queue", () => ({ enqueue: jest.fn() }));
import { enqueue } from "@/lib/jobs/queue";

export const enqueueMock = enqueue as jest.MockedFunction<typeof enqueue>;

/** Each test starts with no calls of enqueue recorded. */
export function clearEnqueueEachTest() {
  beforeEach(() => enqueueMock.mockClear());
}
