import { NextRequest } from "next/server";
import { requestHost, withPublicOrigin } from "./theme";

const asServed = (headers: Record<string, string>, path = "/api/auth/callback/okta?code=c&state=s") =>
  new NextRequest(`http://localhost:3000${path}`, { headers });

describe("withPublicOrigin", () => {
  it("puts the browser's host on the URL next start hands over", () => {
    const req = withPublicOrigin(asServed({ host: "acme.localhost:3202" }), {});
    expect(req.url).toBe("http://acme.localhost:3202/api/auth/callback/okta?code=c&state=s");
    expect(req.headers.get("host")).toBe("acme.localhost:3202");
  });

  it("follows a load balancer's x-forwarded-host and x-forwarded-proto", () => {
    const req = withPublicOrigin(asServed({ host: "10.0.0.5:3000", "x-forwarded-host": "acme.dsp.io", "x-forwarded-proto": "https" }), {});
    expect(req.url).toBe("https://acme.dsp.io/api/auth/callback/okta?code=c&state=s");
  });

  it("leaves the request alone when AUTH_URL pins the origin, or the host is unusable", () => {
    const pinned = asServed({ host: "acme.localhost:3202" });
    expect(withPublicOrigin(pinned, { AUTH_URL: "https://console.example.com" })).toBe(pinned);
    // Only the origin of a host header is used, never a path smuggled into it.
    expect(withPublicOrigin(asServed({ host: "acme.localhost:3202/evil?" }), {}).url).toBe(
      "http://acme.localhost:3202/api/auth/callback/okta?code=c&state=s",
    );
    const malformed = asServed({ host: "[::" });
    expect(withPublicOrigin(malformed, {})).toBe(malformed);
  });
});

test("requestHost takes the first x-forwarded-host, else host", () => {
  expect(requestHost(new Headers({ host: "h", "x-forwarded-host": "a.example.com, b.example.com" }))).toBe("a.example.com");
  expect(requestHost(new Headers({ host: "acme.localhost:3000" }))).toBe("acme.localhost:3000");
  expect(requestHost(null)).toBeNull();
});
