// Signed-out request bodies are bounded in proxy.ts, before Next reads them
// for a server action: a 100 KB sign-in POST and a chunked one get 413 and
// reach no action (no failure counted, no event written), while a normal
// sign-in POST and a signed-in user's large POST (the feed upload) go on.
import { NextRequest } from "next/server";
import { encode } from "next-auth/jwt";
import { config as proxyConfig, proxy } from "@/proxy";
import { POST as authPost } from "@/app/api/auth/[...nextauth]/route";
import { handleApiRequest as sessionPost } from "@/lib/api/router";
import { db } from "@/lib/db";
import { ANONYMOUS_BODY_LIMIT_BYTES } from "@/lib/security/anonymous-body";
import { useTestDatabase } from "../helpers/db";

useTestDatabase();

const SECRET = "body-limit-test-secret-body-limit-test-0123";
const ACTION_ID = "7f0123456789abcdef0123456789abcdef012345";
const wrongPassword = (padding = "") => JSON.stringify([{ email: "rw@default.test", password: "Wrong@12345", captcha: null, returnUrl: padding || null }]);

let savedSecret: string | undefined;
beforeAll(() => {
  savedSecret = process.env.AUTH_SECRET;
  process.env.AUTH_SECRET = SECRET;
});
afterAll(() => {
  if (savedSecret === undefined) delete process.env.AUTH_SECRET;
  else process.env.AUTH_SECRET = savedSecret;
});

function signInPost(body: string | ReadableStream<Uint8Array>, headers: Record<string, string> = {}, url = "http://localhost:3000/login"): NextRequest {
  const sized: Record<string, string> = typeof body === "string" ? { "content-length": String(Buffer.byteLength(body)) } : { "transfer-encoding": "chunked" };
  return new NextRequest(url, {
    method: "POST",
    headers: { "next-action": ACTION_ID, "content-type": "text/plain;charset=UTF-8", accept: "text/x-component", ...sized, ...headers },
    body,
    duplex: "half", // a streamed body (Node's fetch needs it said)
  } as ConstructorParameters<typeof NextRequest>[1] & { duplex: "half" });
}

function chunked(text: string): ReadableStream<Uint8Array> {
  const bytes = new TextEncoder().encode(text);
  return new ReadableStream({
    start(controller) {
      for (let i = 0; i < bytes.length; i += 100) controller.enqueue(bytes.subarray(i, i + 100));
      controller.close();
    },
  });
}

/** Everything a sign-in attempt writes: throttle counters and access-log events. */
async function signInRows() {
  return { throttle: await db.loginThrottle.count(), events: await db.authEvent.count() };
}

const passedOn = (response: Response) => response.headers.get("x-middleware-next") === "1";

test("a 100 KB signed-out sign-in POST is refused with 413 and reaches no action", async () => {
  const before = await signInRows();
  const response = await proxy(signInPost(wrongPassword("/" + "x".repeat(100 * 1024))));
  expect(response.status).toBe(413);
  expect(passedOn(response)).toBe(false);
  expect(await signInRows()).toEqual(before);
});

test("a chunked signed-out POST (no declared length) is refused with 413, however small", async () => {
  const before = await signInRows();
  const response = await proxy(signInPost(chunked(wrongPassword())));
  expect(response.status).toBe(413);
  expect(await signInRows()).toEqual(before);
});

test("a form post without the action header (a pre-hydration submit) is bounded the same way", async () => {
  const response = await proxy(signInPost(wrongPassword("/" + "x".repeat(ANONYMOUS_BODY_LIMIT_BYTES)), { "next-action": "", "content-type": "multipart/form-data; boundary=x" }));
  expect(response.status).toBe(413);
});

test("an ordinary sign-in POST, up to the limit, goes on to the action", async () => {
  const body = wrongPassword("/" + "x".repeat(ANONYMOUS_BODY_LIMIT_BYTES - wrongPassword("/").length));
  expect(Buffer.byteLength(body)).toBe(ANONYMOUS_BODY_LIMIT_BYTES);
  expect(passedOn(await proxy(signInPost(body)))).toBe(true);
});

test("signed in (a valid session cookie), a large body goes on: the feed upload needs it", async () => {
  const cookie = `authjs.session-token=${await encode({ token: { sub: "1" }, secret: SECRET, salt: "authjs.session-token", maxAge: 3600 })}`;
  const response = await proxy(signInPost(wrongPassword("/" + "x".repeat(100 * 1024)), { cookie }));
  expect(passedOn(response)).toBe(true);
  // A cookie of that name that next-auth would refuse does not lift the limit.
  const forged = await proxy(signInPost(wrongPassword("/" + "x".repeat(100 * 1024)), { cookie: "authjs.session-token=forged" }));
  expect(forged.status).toBe(413);
});

test("a console path ending in an extension (the catch-all pages serve it, with their actions) is bounded too", async () => {
  const response = await proxy(signInPost(wrongPassword("/" + "x".repeat(100 * 1024)), {}, "http://localhost:3000/advertiser/x.y"));
  expect(response.status).toBe(413);
  // The proxy runs for such paths: its matcher no longer leaves out paths with an extension.
  const matcher = new RegExp(`^${proxyConfig.matcher[0]}$`);
  expect(matcher.test("/advertiser/x.y")).toBe(true);
  expect(matcher.test("/api/v1/me")).toBe(false);
});

test("next-auth's routes and the session re-issue, which the proxy never sees, bound their own bodies", async () => {
  const huge = "x".repeat(1024 * 1024);
  const auth = await authPost(signInPost(huge, {}, "http://localhost:3000/api/auth/signin/credentials"));
  expect(auth.status).toBe(413);
  const authChunked = await authPost(signInPost(chunked("csrfToken=x"), {}, "http://localhost:3000/api/auth/signout"));
  expect(authChunked.status).toBe(413);
  const session = await sessionPost(signInPost(JSON.stringify({ ticket: huge }), {}, "http://localhost:3000/api/v1/session"));
  expect(session.status).toBe(413);
  // A ticket of ordinary size is read (and refused as unknown: 401, not 413).
  expect((await sessionPost(signInPost(JSON.stringify({ ticket: "nope" }), {}, "http://localhost:3000/api/v1/session"))).status).not.toBe(413);
});
