import { currentWork, statementTimeoutOf } from "../connections/work";
import { JOB_DEFINITIONS } from "./definitions";
import { JOB } from "../jobs/names";

const seen: number[] = [];
jest.mock("../metrics/boundaries", () => ({
  buildPendingBoundaries: async () => {
    seen.push(statementTimeoutOf(currentWork(), { pages: 15_000, reports: 60_000, exports: 120_000, jobs: 600_000 }).ms);
  },
}));

test("the boundary build's statements may run as long as its 30-minute transaction, past the jobs' limit", async () => {
  await JOB_DEFINITIONS.find((d) => d.name === JOB.deliveryBoundaryBuild)!.run({} as never);
  expect(seen).toEqual([1_800_000]);
});
