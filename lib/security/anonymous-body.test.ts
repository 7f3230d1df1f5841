// Which requests are too big for a signed-out caller, and who counts as signed in.
import { encode } from "next-auth/jwt";
import { ANONYMOUS_BODY_LIMIT_BYTES, exceedsAnonymousBodyLimit, hasValidSessionToken } from "./anonymous-body";

const SECRET = "unit-test-secret-unit-test-secret-0123";

describe("the signed-out body limit", () => {
  const post = (h: Record<string, string>) => exceedsAnonymousBodyLimit("POST", new Headers(h));

  test("a declared length up to the limit passes, one byte more does not", () => {
    expect(post({ "content-length": String(ANONYMOUS_BODY_LIMIT_BYTES) })).toBe(false);
    expect(post({ "content-length": String(ANONYMOUS_BODY_LIMIT_BYTES + 1) })).toBe(true);
    expect(post({ "content-length": "100000" })).toBe(true);
    expect(post({ "content-length": "0" })).toBe(false);
  });

  test("a chunked body (no declared length) is refused unread; a malformed length too", () => {
    expect(post({ "transfer-encoding": "chunked" })).toBe(true);
    expect(post({ "content-length": "12abc" })).toBe(true);
    expect(post({ "content-length": "-1" })).toBe(true);
  });

  test("a POST without any body passes; GET and HEAD never carry one", () => {
    expect(post({})).toBe(false);
    expect(exceedsAnonymousBodyLimit("GET", new Headers({ "transfer-encoding": "chunked" }))).toBe(false);
    expect(exceedsAnonymousBodyLimit("head", new Headers({ "content-length": "100000" }))).toBe(false);
    expect(exceedsAnonymousBodyLimit("PUT", new Headers({ "content-length": "100000" }))).toBe(true);
  });
});

describe("a valid session token", () => {
  const cookieFor = async (name: string, maxAge = 3600, secret = SECRET) =>
    `${name}=${await encode({ token: { sub: "1" }, secret, salt: name, maxAge })}`;

  test("next-auth's cookie signed with AUTH_SECRET counts, on http and https cookie names", async () => {
    expect(await hasValidSessionToken(new Headers({ cookie: await cookieFor("authjs.session-token") }), SECRET)).toBe(true);
    expect(await hasValidSessionToken(new Headers({ cookie: await cookieFor("__Secure-authjs.session-token") }), SECRET)).toBe(true);
  });

  test("a cookie of that name with anything else in it does not", async () => {
    expect(await hasValidSessionToken(new Headers({ cookie: "authjs.session-token=forged" }), SECRET)).toBe(false);
    expect(await hasValidSessionToken(new Headers({ cookie: await cookieFor("authjs.session-token", 3600, "another-secret-another-secret-01234") }), SECRET)).toBe(false);
    expect(await hasValidSessionToken(new Headers({ cookie: await cookieFor("authjs.session-token", -60) }), SECRET)).toBe(false);
    expect(await hasValidSessionToken(new Headers(), SECRET)).toBe(false);
  });

  test("without a secret nobody counts as signed in", async () => {
    expect(await hasValidSessionToken(new Headers({ cookie: await cookieFor("authjs.session-token") }), undefined)).toBe(false);
  });
});
