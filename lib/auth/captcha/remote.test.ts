// Hosted captcha verification: the request sent to the provider, and what
// counts as a pass. The providers cannot be reached here, so fetch is mocked.
import { VERIFY_URLS, verifyRemoteToken } from "./remote";

function fakeFetch(answer: { status?: number; body?: unknown; throws?: boolean }) {
  return jest.fn<Promise<Response>, [string | URL | Request, RequestInit?]>(async () => {
    if (answer.throws) throw new Error("network down");
    return new Response(JSON.stringify(answer.body ?? {}), { status: answer.status ?? 200 });
  });
}

test.each(["turnstile", "recaptcha"] as const)("%s: POSTs secret, token and client address as a form to the verify endpoint", async (provider) => {
  const fetch = fakeFetch({ body: { success: true } });
  expect(await verifyRemoteToken(provider, "s3cret", "tok-123", "203.0.113.9", fetch)).toBe(true);
  expect(fetch).toHaveBeenCalledTimes(1);
  const [url, init] = fetch.mock.calls[0];
  expect(url).toBe(VERIFY_URLS[provider]);
  expect(init?.method).toBe("POST");
  expect(new Headers(init?.headers).get("content-type")).toBe("application/x-www-form-urlencoded");
  expect(Object.fromEntries(new URLSearchParams(String(init?.body)))).toEqual({
    secret: "s3cret",
    response: "tok-123",
    remoteip: "203.0.113.9",
  });
});

test("the endpoints are the providers' documented HTTPS addresses", () => {
  expect(VERIFY_URLS).toEqual({
    turnstile: "https://challenges.cloudflare.com/turnstile/v0/siteverify",
    recaptcha: "https://www.google.com/recaptcha/api/siteverify",
  });
});

test("without a client address no remoteip is sent", async () => {
  const fetch = fakeFetch({ body: { success: true } });
  await verifyRemoteToken("turnstile", "s", "t", null, fetch);
  expect(new URLSearchParams(String(fetch.mock.calls[0][1]?.body)).has("remoteip")).toBe(false);
});

test.each([
  ["the provider says no", { body: { success: false, "error-codes": ["invalid-input-response"] } }],
  ["the provider answers an error status", { status: 500, body: { success: true } }],
  ["the provider cannot be reached", { throws: true }],
  ["the answer is not a boolean true", { body: { success: "true" } }],
])("fails closed when %s", async (_label, answer) => {
  expect(await verifyRemoteToken("recaptcha", "s", "t", null, fakeFetch(answer))).toBe(false);
});

test("an empty token is refused without asking the provider", async () => {
  const fetch = fakeFetch({ body: { success: true } });
  expect(await verifyRemoteToken("turnstile", "s", "", null, fetch)).toBe(false);
  expect(fetch).not.toHaveBeenCalled();
});
