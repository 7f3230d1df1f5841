// GET /api/health, the container platform's check: 200 while the database
// answers, 503 when it refuses, is unreachable or does not answer in time.
import { GET } from "@/app/api/health/route";
import { installDatabase } from "@/lib/db";
import type { DatabaseHandle } from "@/lib/db/connect";
import { handleForPostgres } from "@/lib/db/postgres";
import { createTestDatabase } from "../helpers/db";

let errors: string[] = [];
let stderr: jest.SpyInstance;
beforeEach(() => {
  errors = [];
  // The app's JSON log lines only (Node's own warnings go to stderr too).
  stderr = jest.spyOn(process.stderr, "write").mockImplementation((chunk) => {
    if (String(chunk).startsWith("{")) errors.push(String(chunk));
    return true;
  });
});
afterEach(() => {
  stderr.mockRestore();
  installDatabase(undefined);
  jest.useRealTimers();
});

async function expectDown() {
  const res = await GET();
  expect(res.status).toBe(503);
  expect(res.headers.get("cache-control")).toBe("no-store");
  expect(await res.json()).toEqual({ status: "error", database: "down" });
  expect(errors.some((line) => JSON.parse(line).msg === "health check failed")).toBe(true);
}

test("200 with the database reachable", async () => {
  const handle = await createTestDatabase();
  try {
    installDatabase(handle);
    const res = await GET();
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(await res.json()).toEqual({ status: "ok", database: "up" });
    expect(errors).toEqual([]);
  } finally {
    installDatabase(undefined);
    await handle.close();
  }
});

test("503 when no PostgreSQL server listens at DATABASE_URL", async () => {
  // Port 1 on loopback: nothing listens, the connection is refused at once.
  const handle = handleForPostgres("postgres://nobody@127.0.0.1:1/dsp", 1);
  try {
    installDatabase(handle);
    await expectDown();
  } finally {
    installDatabase(undefined);
    await handle.close();
  }
});

test("503 when the database fails the query", async () => {
  const failing = { raw: { query: () => Promise.reject(new Error("the database system is shutting down")) } } as unknown as DatabaseHandle;
  installDatabase(failing);
  await expectDown();
});

test("503 when the database does not answer within 3 s", async () => {
  jest.useFakeTimers();
  const hanging = { raw: { query: () => new Promise(() => {}) } } as unknown as DatabaseHandle;
  installDatabase(hanging);
  let settled = false;
  const response = GET().finally(() => (settled = true));
  await jest.advanceTimersByTimeAsync(2900);
  expect(settled).toBe(false);
  await jest.advanceTimersByTimeAsync(100);
  jest.useRealTimers();
  const res = await response;
  expect(res.status).toBe(503);
  expect(errors.join("")).toContain("did not answer within 3000 ms");
});
