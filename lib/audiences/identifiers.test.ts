import { userKeyOf } from "./identifiers";

describe("userKeyOf", () => {
  it("is the SHA-256 hex of the canonical identifier, never the identifier itself", () => {
    const key = userKeyOf("38400000-8CF0-11BD-B23E-10B96E40000D", "ADID");
    // echo -n 38400000-8cf0-11bd-b23e-10b96e40000d | sha256sum
    expect(key).toBe("d4181bb455a74b3bc8b37c75ac9b2c702eb6b9930bd040b861403b31ca85634d");
    expect(key).toMatch(/^[0-9a-f]{64}$/);
    expect(key).not.toContain("38400000");
  });
  it("gives one key to two spellings of a device id, and keeps IPs as written", () => {
    expect(userKeyOf(" AbC-1 ", "ADID")).toBe(userKeyOf("abc-1", "ADID"));
    expect(userKeyOf("10.0.0.1", "IP")).not.toBe(userKeyOf("10.0.0.2", "IP"));
  });
});
