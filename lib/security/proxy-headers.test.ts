// proxy.ts on page requests: the policy goes on the response and, with its
// nonce, on the request Next renders from; HSTS only when HTTPS is proven.
import { NextRequest } from "next/server";
import { proxy } from "../../proxy";

function withHops<T>(hops: string | undefined, fn: () => Promise<T>): Promise<T> {
  const saved = process.env.TRUST_PROXY_HOPS;
  if (hops === undefined) delete process.env.TRUST_PROXY_HOPS;
  else process.env.TRUST_PROXY_HOPS = hops;
  return fn().finally(() => {
    if (saved === undefined) delete process.env.TRUST_PROXY_HOPS;
    else process.env.TRUST_PROXY_HOPS = saved;
  });
}

const page = (headers: Record<string, string> = {}) => proxy(new NextRequest("http://console.example.com/no-such-page", { headers }));

test("a page gets a fresh nonce policy, and Next renders with the same policy", async () => {
  const [first, second] = [await page(), await page()];
  const policy = first.headers.get("content-security-policy")!;
  expect(policy).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]{24}' 'strict-dynamic'/);
  expect(policy).toContain("frame-ancestors 'none'");
  expect(second.headers.get("content-security-policy")).not.toBe(policy);
  // NextResponse.next({ request: { headers } }) hands these to the render.
  expect(first.headers.get("x-middleware-request-content-security-policy")).toBe(policy);
  expect(first.headers.get("strict-transport-security")).toBeNull();
});

test("HSTS when a trusted load balancer says https, never on the client's word alone", async () => {
  const https = { "x-forwarded-proto": "https" };
  await withHops("1", async () => {
    const response = await page(https);
    expect(response.headers.get("strict-transport-security")).toBe("max-age=63072000; includeSubDomains");
    expect(response.headers.get("content-security-policy")).toContain("upgrade-insecure-requests");
    expect((await page({ "x-forwarded-proto": "http" })).headers.get("strict-transport-security")).toBeNull();
  });
  await withHops("0", async () => {
    expect((await page(https)).headers.get("strict-transport-security")).toBeNull();
  });
});

test("a signed-out visit to a console page is sent to sign-in, with the headers too", async () => {
  const response = await proxy(new NextRequest("http://console.example.com/advertiser"));
  expect(response.status).toBe(307);
  expect(response.headers.get("location")).toBe("http://console.example.com/login?returnUrl=%2Fadvertiser");
  expect(response.headers.get("content-security-policy")).toContain("'strict-dynamic'");
});
