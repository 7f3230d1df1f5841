import { consoleLine, installConsoleBridge, REQUEST_ERROR_WAIT_MS } from "./log-console";
import { logRequestError } from "./log";

const request = { path: "/home?x=1", method: "GET", headers: { host: "localhost:3000" } };
const context = { routerKind: "App Router" as const, routePath: "/home", routeType: "render" as const, renderSource: "react-server-components" as const, revalidateReason: undefined };

/** Every line written to stdout and stderr while `fn` runs (timers run to the end). */
async function linesOf(fn: () => void): Promise<string[]> {
  const lines: string[] = [];
  const capture = (chunk: unknown) => {
    lines.push(...String(chunk).split(/(?<=\n)/));
    return true;
  };
  const out = jest.spyOn(process.stdout, "write").mockImplementation(capture);
  const err = jest.spyOn(process.stderr, "write").mockImplementation(capture);
  jest.useFakeTimers();
  try {
    fn();
    jest.advanceTimersByTime(REQUEST_ERROR_WAIT_MS + 1);
  } finally {
    jest.useRealTimers();
    out.mockRestore();
    err.mockRestore();
  }
  return lines;
}

/** A database error as Next prints it when the connection is gone: a message of many lines, a code, a digest. */
function lostConnection(digest: string) {
  return Object.assign(new Error("\nInvalid `prisma.revokedSession.count()` invocation:\n\n\nCan't reach database server at 127.0.0.1:5432"), {
    name: "PrismaClientKnownRequestError",
    code: "P1001",
    digest,
  });
}

test("an error Next prints and then reports twice is one JSON line, with its digest and route", async () => {
  const error = lostConnection("517374296");
  const lines = await linesOf(() => {
    consoleLine("error", [" ⨯", error]);
    logRequestError(error, request, context);
    logRequestError(error, request, context);
  });
  expect(lines).toHaveLength(1);
  expect(JSON.parse(lines[0])).toMatchObject({ level: "error", msg: "request error", digest: "517374296", routePath: "/home", path: "/home", err: { code: "P1001" } });
});

test("an error with a digest that onRequestError never gets is still written once, after the wait", async () => {
  const lines = await linesOf(() => consoleLine("error", [" ⨯", lostConnection("42")]));
  expect(lines.map((l) => JSON.parse(l))).toEqual([expect.objectContaining({ level: "error", msg: "Invalid `prisma.revokedSession.count()` invocation:", digest: "42" })]);
});

test("whatever goes through console is one JSON line a call, however many lines it holds", async () => {
  installConsoleBridge();
  const lines = await linesOf(() => {
    console.log(" ▲ Next.js 16.4.6");
    console.warn("⚠ a warning\nover two lines", { detail: [1, 2] });
    console.error(new TypeError("plain failure"));
    console.error("Failed to start server");
  });
  const records = lines.map((l) => JSON.parse(l));
  expect(records.map((r) => [r.level, r.msg])).toEqual([
    ["info", "Next.js 16.4.6"],
    ["warn", "a warning\nover two lines { detail: [ 1, 2 ] }"],
    ["error", "plain failure"],
    ["error", "Failed to start server"],
  ]);
  expect(records[2].err).toMatchObject({ name: "TypeError", message: "plain failure" });
  expect(lines.every((l) => l.endsWith("\n") && !l.slice(0, -1).includes("\n"))).toBe(true);
});
