import dns from "node:dns";
import { parseEnv } from "../env";
import { HostNotAllowedError, resolvePublicHost, type Lookup } from "./resolve";

const answering =
  (...addresses: string[]): Lookup =>
  async () =>
    addresses.map((address) => ({ address, family: address.includes(":") ? 6 : 4 }));

const refusal = (reason: "internal" | "not-found") => expect.objectContaining({ reason });

describe("resolvePublicHost", () => {
  it("returns a literal's canonical address without asking DNS", async () => {
    const lookup = jest.fn(answering("10.0.0.1"));
    await expect(resolvePublicHost("134744072", { lookup })).resolves.toEqual({ address: "8.8.8.8", family: 4 });
    await expect(resolvePublicHost("[2606:4700:4700::1111]", { lookup })).resolves.toEqual({ address: "2606:4700:4700::1111", family: 6 });
    expect(lookup).not.toHaveBeenCalled();
  });

  it.each(["2130706433", "0x7f000001", "0177.0.0.1", "127.1", "[::1]", "[::ffff:127.0.0.1]", "::ffff:7f00:1", "169.254.169.254"])(
    "refuses the literal %s as internal",
    async (host) => {
      const error = await resolvePublicHost(host, { lookup: answering("8.8.8.8") }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(HostNotAllowedError);
      expect(error).toEqual(refusal("internal"));
    },
  );

  it("requires every address a name resolves to to be public, and connects to the first", async () => {
    await expect(resolvePublicHost("feeds.example.com", { lookup: answering("93.184.215.14", "2606:2800:21f:cb07:6820:80da:af6b:8b2c") })).resolves.toEqual({
      address: "93.184.215.14",
      family: 4,
    });
    for (const mixed of [answering("93.184.215.14", "10.0.0.7"), answering("2606:4700::1", "::1"), answering("::ffff:192.168.0.1")]) {
      await expect(resolvePublicHost("rebind.example.com", { lookup: mixed })).rejects.toEqual(refusal("internal"));
    }
  });

  it("a name that does not resolve is 'not found'; the system resolver is used by default", async () => {
    await expect(resolvePublicHost("nowhere.invalid", { lookup: answering() })).rejects.toEqual(refusal("not-found"));
    const spy = jest.spyOn(dns.promises, "lookup").mockRejectedValue(Object.assign(new Error("getaddrinfo ENOTFOUND"), { code: "ENOTFOUND" }));
    try {
      await expect(resolvePublicHost("nowhere.invalid")).rejects.toEqual(refusal("not-found"));
      expect(spy).toHaveBeenCalledWith("nowhere.invalid", { all: true, verbatim: true });
    } finally {
      spy.mockRestore();
    }
  });

  it("FEED_ALLOW_PRIVATE_HOSTS (tests only) lets a private address through, still connecting to the resolved address", async () => {
    await expect(resolvePublicHost("127.1", { allowPrivate: true })).resolves.toEqual({ address: "127.0.0.1", family: 4 });
    await expect(resolvePublicHost("sftp.test", { allowPrivate: true, lookup: answering("::ffff:127.0.0.1") })).resolves.toEqual({
      address: "127.0.0.1",
      family: 4,
    });
  });
});

describe("FEED_ALLOW_PRIVATE_HOSTS", () => {
  const production = { NODE_ENV: "production", AUTH_SECRET: "s".repeat(32), SECRETS_ENCRYPTION_KEY: "k".repeat(43) };

  it("is off by default and may be switched on outside production", () => {
    expect(parseEnv({}).FEED_ALLOW_PRIVATE_HOSTS).toBe(false);
    expect(parseEnv({ NODE_ENV: "test", FEED_ALLOW_PRIVATE_HOSTS: "true" }).FEED_ALLOW_PRIVATE_HOSTS).toBe(true);
    expect(parseEnv({ ...production, FEED_ALLOW_PRIVATE_HOSTS: "false" }).FEED_ALLOW_PRIVATE_HOSTS).toBe(false);
  });

  it.each(["true", "1", " TRUE "])("production refuses to start with FEED_ALLOW_PRIVATE_HOSTS=%s, naming it", (value) => {
    expect(() => parseEnv({ ...production, FEED_ALLOW_PRIVATE_HOSTS: value })).toThrow(
      /FEED_ALLOW_PRIVATE_HOSTS: must not be true when NODE_ENV=production/,
    );
  });
});
