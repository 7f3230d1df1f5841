import { onRequestError } from "../instrumentation";
import { requestErrorFields } from "./log";

const request = {
  path: "/reset-password?token=secret-token",
  method: "POST",
  headers: { host: "acme.localhost:3000", cookie: "authjs.session-token=abc", authorization: "Bearer xyz", "user-agent": "jest" },
};
const context = {
  routerKind: "App Router" as const,
  routePath: "/reset-password",
  routeType: "action" as const,
  renderSource: undefined,
  revalidateReason: undefined,
};

test("a request error's fields: route, method, path without query, safe headers, digest and the error", () => {
  const error = Object.assign(new Error("boom"), { digest: "12345" });
  const fields = requestErrorFields(error, request, context);
  expect(fields).toEqual({
    method: "POST",
    path: "/reset-password",
    headers: { host: "acme.localhost:3000", "user-agent": "jest" },
    routerKind: "App Router",
    routePath: "/reset-password",
    routeType: "action",
    digest: "12345",
    err: error,
  });
  // Something thrown that is not an Error still gets a message.
  expect((requestErrorFields("plain string", request, { ...context, renderSource: "server-rendering" }) as { err: Error; renderSource: string })).toMatchObject({
    err: { message: "plain string" },
    renderSource: "server-rendering",
  });
});

describe("instrumentation's onRequestError", () => {
  const runtime = process.env.NEXT_RUNTIME;
  afterEach(() => {
    process.env.NEXT_RUNTIME = runtime;
    jest.restoreAllMocks();
  });

  test("writes one JSON error line to stderr, without cookies, tokens or the authorization header", async () => {
    process.env.NEXT_RUNTIME = "nodejs";
    const lines: string[] = [];
    jest.spyOn(process.stderr, "write").mockImplementation((chunk) => {
      lines.push(String(chunk));
      return true;
    });
    await onRequestError(Object.assign(new Error("render failed"), { digest: "987" }), request, { ...context, routeType: "render" });

    expect(lines).toHaveLength(1);
    expect(lines[0].endsWith("\n")).toBe(true);
    const record = JSON.parse(lines[0]);
    expect(record).toMatchObject({
      level: "error",
      msg: "request error",
      method: "POST",
      path: "/reset-password",
      routeType: "render",
      routePath: "/reset-password",
      digest: "987",
      err: { message: "render failed", name: "Error" },
    });
    expect(lines[0]).not.toMatch(/secret-token|session-token|Bearer/);
  });
});
