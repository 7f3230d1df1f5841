import { clientIpFrom, lockoutConfig, throttleConfig, throttleKeys } from "./throttle";
import { PEER_ADDRESS_HEADER, stampPeerAddress } from "./peer-address";

const headers = (h: Record<string, string>) => new Headers(h);

/** Headers as the HTTP server leaves them: the connection's address stamped, whatever the client sent. */
function fromConnection(remoteAddress: string, sent: Record<string, string> = {}): Headers {
  const raw: Record<string, string | string[] | undefined> = { ...sent };
  stampPeerAddress(raw, remoteAddress);
  return new Headers(raw as Record<string, string>);
}

describe("the client address: TRUST_PROXY_HOPS entries from the right of X-Forwarded-For", () => {
  test("one load balancer: the address it appended, whatever the client put before it", () => {
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

  test("X-Real-IP only without X-Forwarded-For; an empty entry is no address; long values are cut; one spelling per address", () => {
    expect(clientIpFrom(headers({ "x-real-ip": "198.51.100.2" }), 1)).toBe("198.51.100.2");
    expect(clientIpFrom(headers({ "x-forwarded-for": "10.0.0.1, ", "x-real-ip": "198.51.100.2" }), 1)).toBeNull();
    expect(clientIpFrom(headers({}), 1)).toBeNull();
    expect(clientIpFrom(headers({ "x-forwarded-for": "x".repeat(100) }), 1)).toHaveLength(64);
    // Next fills the header with the socket's address, IPv4 clients as IPv4-mapped IPv6.
    expect(clientIpFrom(headers({ "x-forwarded-for": "::ffff:203.0.113.5" }), 1)).toBe("203.0.113.5");
    expect(clientIpFrom(headers({ "x-forwarded-for": "2001:DB8::0001" }), 1)).toBe("2001:db8::1");
  });
});

describe("0 hops (no proxy, the default): only the connection's own address", () => {
  test("the address stamped by the HTTP server, never X-Forwarded-For or X-Real-IP written by the client", () => {
    const spoofing = fromConnection("::ffff:198.51.100.7", { "x-forwarded-for": "6.6.6.6", "x-real-ip": "7.7.7.7" });
    expect(clientIpFrom(spoofing, 0)).toBe("198.51.100.7");
    // Next copies the socket address into X-Forwarded-For when the client sent none: the same answer.
    expect(clientIpFrom(fromConnection("::1", { "x-forwarded-for": "::1" }), 0)).toBe("::1");
  });

  test("a client-written stamp header is not the server's: no address", () => {
    expect(clientIpFrom(headers({ [PEER_ADDRESS_HEADER]: "9.9.9.9", "x-forwarded-for": "203.0.113.5" }), 0)).toBeNull();
    expect(clientIpFrom(headers({ [PEER_ADDRESS_HEADER]: "0123456789abcdef0123456789abcdef 9.9.9.9" }), 0)).toBeNull();
    // The server's stamp replaces one the client sent under the same name.
    expect(clientIpFrom(fromConnection("203.0.113.9", { [PEER_ADDRESS_HEADER]: "9.9.9.9" }), 0)).toBe("203.0.113.9");
    expect(throttleKeys("a@b.c", clientIpFrom(headers({ "x-forwarded-for": "203.0.113.5" }), 0)).client).toBeNull();
  });

  test("without an argument the number comes from TRUST_PROXY_HOPS, 0 when unset", () => {
    const saved = process.env.TRUST_PROXY_HOPS;
    const sent = fromConnection("192.0.2.10", { "x-forwarded-for": "1.2.3.4, 203.0.113.5, 10.0.0.7" });
    try {
      delete process.env.TRUST_PROXY_HOPS;
      expect(clientIpFrom(sent)).toBe("192.0.2.10");
      process.env.TRUST_PROXY_HOPS = "1";
      expect(clientIpFrom(sent)).toBe("10.0.0.7");
      process.env.TRUST_PROXY_HOPS = "2";
      expect(clientIpFrom(sent)).toBe("203.0.113.5");
    } finally {
      if (saved === undefined) delete process.env.TRUST_PROXY_HOPS;
      else process.env.TRUST_PROXY_HOPS = saved;
    }
  });
});

test("keys: per account (e-mail normalised) for the captcha and the lockout, and per client", () => {
  expect(throttleKeys("  Jane@Example.COM ", "203.0.113.5")).toEqual({
    account: "email:jane@example.com",
    client: "ip:203.0.113.5",
    lockout: "lockout:jane@example.com",
  });
  expect(throttleKeys("a@b.c", null)).toEqual({ account: "email:a@b.c", client: null, lockout: "lockout:a@b.c" });
});

test("thresholds: 3 per account and 20 per client unless configured", () => {
  expect(throttleConfig({})).toEqual({ accountThreshold: 3, clientThreshold: 20 });
  expect(throttleConfig({ CAPTCHA_THRESHOLD: "5", CAPTCHA_CLIENT_THRESHOLD: "50" })).toEqual({ accountThreshold: 5, clientThreshold: 50 });
  expect(throttleConfig({ CAPTCHA_THRESHOLD: "0", CAPTCHA_CLIENT_THRESHOLD: "many" })).toEqual({ accountThreshold: 3, clientThreshold: 20 });
});

test("lockout: 50 failures in an hour lock for 15 minutes (doubling up to a day) unless configured", () => {
  expect(lockoutConfig({})).toEqual({ threshold: 50, windowMs: 3600_000, lockMs: 15 * 60_000, maxLockMs: 24 * 3600_000 });
  expect(
    lockoutConfig({ LOGIN_LOCKOUT_THRESHOLD: "10", LOGIN_LOCKOUT_WINDOW_MINUTES: "30", LOGIN_LOCKOUT_MINUTES: "5", LOGIN_LOCKOUT_MAX_MINUTES: "60" }),
  ).toEqual({ threshold: 10, windowMs: 30 * 60_000, lockMs: 5 * 60_000, maxLockMs: 60 * 60_000 });
});
