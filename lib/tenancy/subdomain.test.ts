import { DEFAULT_SUBDOMAIN, resolveSubdomain, subdomainFromHost } from "./subdomain";

describe("subdomainFromHost", () => {
  it.each([
    // the first host label
    ["acme.dsp.example.com", "acme"],
    ["acme.localhost", "acme"],
    ["default.localhost", "default"],
    ["acme.lvh.me", "acme"],
    // the port is stripped
    ["acme.localhost:3000", "acme"],
    ["acme.dsp.io:443", "acme"],
    // case-insensitive
    ["ACME.Dsp.IO", "acme"],
    // a trailing dot (fully qualified) is ignored
    ["acme.dsp.io.", "acme"],
  ])("%s → %s", (host, expected) => {
    expect(subdomainFromHost(host)).toBe(expected);
  });

  it.each([
    // no dot
    ["localhost"],
    ["localhost:3200"],
    ["intranet"],
    // placeholder first labels
    ["example.com"],
    ["lvh.me"],
    ["lvh.me:3000"],
    ["www.dsp.io"],
    ["www.example.com"],
    // IP literals
    ["127.0.0.1"],
    ["127.0.0.1:3200"],
    ["10.1.2.3"],
    ["[::1]"],
    ["[::1]:3000"],
    // nothing
    [""],
    ["   "],
  ])("%s → ''", (host) => {
    expect(subdomainFromHost(host)).toBe("");
  });

  it("treats a missing host as empty", () => {
    expect(subdomainFromHost(null)).toBe("");
    expect(subdomainFromHost(undefined)).toBe("");
  });
});

describe("resolveSubdomain", () => {
  it("returns the sub-domain when there is one", () => {
    expect(resolveSubdomain("acme.localhost:3200")).toBe("acme");
  });

  it.each([["localhost"], ["127.0.0.1"], ["[::1]:3000"], ["www.dsp.io"], ["example.com"], ["lvh.me"], [""]])(
    "falls back to 'default' for %s",
    (host) => {
      expect(resolveSubdomain(host)).toBe(DEFAULT_SUBDOMAIN);
    },
  );

  it("falls back to 'default' for a missing host", () => {
    expect(resolveSubdomain(null)).toBe("default");
  });
});
