import { clientIpFrom, throttleConfig, throttleKeys } from "./throttle";

const headers = (h: Record<string, string>) => new Headers(h);

describe("the client address: TRUST_PROXY_HOPS entries from the right of X-Forwarded-For", () => {
  test("one load balancer (the default): the address it appended, whatever the client put before it", () => {
    // The client sent "X-Forwarded-For: 1.2.3.4"; the balancer appended the address it saw.
    expect(clientIpFrom(headers({ "x-forwarded-for": "1.2.3.4, 203.0.113.5" }), 1)).toBe("203.0.113.5");
    expect(clientIpFrom(headers({ "x-forwarded-for": "1.2.3.4,5.6.7.8 , 203.0.113.5" }), 1)).toBe("203.0.113.5");
    expect(clientIpFrom(headers({ "x-forwarded-for": "203.0.113.5" }), 1)).toBe("203.0.113.5");
    // A spoofed X-Real-IP does not count while X-Forwarded-For is there.
    expect(clientIpFrom(headers({ "x-forwarded-for": "1.2.3.4, 203.0.113.5", "x-real-ip": "9.9.9.9" }), 1)).toBe("203.0.113.5");
  });

  test("rotating the spoofed part does not change the key", () => {
    const keys = ["10.0.0.1", "10.0.0.2", "evil, 10.0.0.3"].map(
      (spoofed) => throttleKeys("a@b.c", clientIpFrom(headers({ "x-forwarded-for": `${spoofed}, 203.0.113.5` }), 1)).client,
    );
    expect(new Set(keys)).toEqual(new Set(["ip:203.0.113.5"]));
  });

  test("two proxies (CDN, then load balancer): the second entry from the right", () => {
    expect(clientIpFrom(headers({ "x-forwarded-for": "1.2.3.4, 203.0.113.5, 10.0.0.7" }), 2)).toBe("203.0.113.5");
    // Fewer entries than proxies: the leftmost, which a proxy wrote.
    expect(clientIpFrom(headers({ "x-forwarded-for": "203.0.113.5" }), 2)).toBe("203.0.113.5");
  });

  test("0: neither header is trusted, there is no client address", () => {
    expect(clientIpFrom(headers({ "x-forwarded-for": "203.0.113.5", "x-real-ip": "198.51.100.2" }), 0)).toBeNull();
    expect(throttleKeys("a@b.c", clientIpFrom(headers({ "x-forwarded-for": "203.0.113.5" }), 0)).client).toBeNull();
  });

  test("X-Real-IP only without X-Forwarded-For; an empty entry is no address; long values are cut", () => {
    expect(clientIpFrom(headers({ "x-real-ip": "198.51.100.2" }), 1)).toBe("198.51.100.2");
    expect(clientIpFrom(headers({ "x-forwarded-for": "10.0.0.1, ", "x-real-ip": "198.51.100.2" }), 1)).toBeNull();
    expect(clientIpFrom(headers({}), 1)).toBeNull();
    expect(clientIpFrom(headers({ "x-forwarded-for": "x".repeat(100) }), 1)).toHaveLength(64);
  });

  test("without an argument the number comes from TRUST_PROXY_HOPS", () => {
    const saved = process.env.TRUST_PROXY_HOPS;
    try {
      delete process.env.TRUST_PROXY_HOPS;
      expect(clientIpFrom(headers({ "x-forwarded-for": "1.2.3.4, 203.0.113.5, 10.0.0.7" }))).toBe("10.0.0.7");
      process.env.TRUST_PROXY_HOPS = "2";
      expect(clientIpFrom(headers({ "x-forwarded-for": "1.2.3.4, 203.0.113.5, 10.0.0.7" }))).toBe("203.0.113.5");
      process.env.TRUST_PROXY_HOPS = "0";
      expect(clientIpFrom(headers({ "x-forwarded-for": "1.2.3.4" }))).toBeNull();
    } finally {
      if (saved === undefined) delete process.env.TRUST_PROXY_HOPS;
      else process.env.TRUST_PROXY_HOPS = saved;
    }
  });
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
