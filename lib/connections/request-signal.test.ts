import { NextRequest } from "next/server";
import { proxy } from "../../proxy";
import { keptRequestSignals, registerRequestSignal, REQUEST_ID_HEADER, takeRequestSignal } from "./request-signal";

test("a registered signal is taken back once, by its id only", () => {
  const signal = new AbortController().signal;
  const id = registerRequestSignal(signal);
  expect(takeRequestSignal("not-an-id")).toBeUndefined();
  expect(takeRequestSignal(null)).toBeUndefined();
  expect(takeRequestSignal(id)).toBe(signal);
  expect(takeRequestSignal(id)).toBeUndefined();
});

test("one no render asked for is dropped after a minute", () => {
  const now = Date.now();
  const before = keptRequestSignals();
  const old = registerRequestSignal(new AbortController().signal, now);
  expect(keptRequestSignals()).toBe(before + 1);
  const fresh = registerRequestSignal(new AbortController().signal, now + 61_000);
  expect(takeRequestSignal(old)).toBeUndefined();
  expect(takeRequestSignal(fresh)).toBeDefined();
});

test("an aborted one is still handed over: a render starting after its client went stops at once", () => {
  const controller = new AbortController();
  const id = registerRequestSignal(controller.signal);
  controller.abort();
  expect(takeRequestSignal(id)?.aborted).toBe(true);
});

describe("proxy.ts hands a console page load's signal to its render", () => {
  const signedIn = { cookie: "authjs.session-token=x" };
  const forwarded = (response: Response) => response.headers.get(`x-middleware-request-${REQUEST_ID_HEADER}`);

  test("a GET of a console page: the id on the render's request names the request's own signal", async () => {
    const controller = new AbortController();
    const request = new NextRequest("http://console.example.com/strategy", { headers: signedIn, signal: controller.signal });
    const id = forwarded(await proxy(request));
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const signal = takeRequestSignal(id);
    expect(signal?.aborted).toBe(false);
    controller.abort();
    expect(signal?.aborted).toBe(true);
  });

  test("a client's own value is never passed on; a POST (server action) or another page registers nothing", async () => {
    const before = keptRequestSignals();
    const post = await proxy(new NextRequest("http://console.example.com/strategy", { method: "POST", headers: { ...signedIn, [REQUEST_ID_HEADER]: "forged" } }));
    expect(forwarded(post)).toBeNull();
    expect(forwarded(await proxy(new NextRequest("http://console.example.com/no-such-page", { headers: { [REQUEST_ID_HEADER]: "forged" } })))).toBeNull();
    expect(keptRequestSignals()).toBe(before);
  });
});
