import { clientIpFrom, throttleConfig, throttleKeys } from "./throttle";

const headers = (h: Record<string, string>) => new Headers(h);

test("the client address is the first hop of X-Forwarded-For, else X-Real-IP", () => {
  expect(clientIpFrom(headers({ "x-forwarded-for": "203.0.113.5, 10.0.0.1", "x-real-ip": "10.0.0.9" }))).toBe("203.0.113.5");
  expect(clientIpFrom(headers({ "x-real-ip": "198.51.100.2" }))).toBe("198.51.100.2");
  expect(clientIpFrom(headers({ "x-forwarded-for": " , 10.0.0.1", "x-real-ip": "198.51.100.2" }))).toBe("198.51.100.2");
  expect(clientIpFrom(headers({}))).toBeNull();
});

test("keys: one per account (e-mail normalised) and one per client", () => {
  expect(throttleKeys("  Jane@Example.COM ", "203.0.113.5")).toEqual({ account: "email:jane@example.com", client: "ip:203.0.113.5" });
  expect(throttleKeys("a@b.c", null)).toEqual({ account: "email:a@b.c", client: null });
});

test("thresholds: 3 per account and 20 per client unless configured", () => {
  expect(throttleConfig({})).toEqual({ accountThreshold: 3, clientThreshold: 20 });
  expect(throttleConfig({ CAPTCHA_THRESHOLD: "5", CAPTCHA_CLIENT_THRESHOLD: "50" })).toEqual({ accountThreshold: 5, clientThreshold: 50 });
  expect(throttleConfig({ CAPTCHA_THRESHOLD: "0", CAPTCHA_CLIENT_THRESHOLD: "many" })).toEqual({ accountThreshold: 3, clientThreshold: 20 });
});
