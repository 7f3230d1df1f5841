import crypto from "node:crypto";
import { ConfigError, parseEnv } from "../env";
import { decryptSecret, encryptSecret, SecretDecryptionError } from "./secrets";

const HEX_KEY = crypto.randomBytes(32).toString("hex");
const saved = { ...process.env };
afterEach(() => {
  for (const name of ["SECRETS_ENCRYPTION_KEY", "AUTH_SECRET", "NODE_ENV"]) {
    if (saved[name] === undefined) delete process.env[name];
    else process.env[name] = saved[name];
  }
});

describe("encryptSecret / decryptSecret (AES-256-GCM)", () => {
  it("round-trips, with a fresh IV each time and no plaintext in the stored form", () => {
    const a = encryptSecret("p@ss wörd", "feed-password");
    const b = encryptSecret("p@ss wörd", "feed-password");
    expect(a).toMatch(/^v1:[A-Za-z0-9_-]+$/);
    expect(a).not.toBe(b);
    expect(a).not.toContain("p@ss");
    expect(Buffer.from(a.slice(3), "base64url").length).toBe(12 + 16 + Buffer.byteLength("p@ss wörd"));
    expect(decryptSecret(a, "feed-password")).toBe("p@ss wörd");
    expect(decryptSecret(b, "feed-password")).toBe("p@ss wörd");
  });

  it("refuses a value altered, truncated, or stored for another purpose", () => {
    const stored = encryptSecret("secret", "feed-password");
    const raw = Buffer.from(stored.slice(3), "base64url");
    raw[raw.length - 1] ^= 1;
    expect(() => decryptSecret(`v1:${raw.toString("base64url")}`, "feed-password")).toThrow(SecretDecryptionError);
    expect(() => decryptSecret(stored.slice(0, 20), "feed-password")).toThrow(SecretDecryptionError);
    expect(() => decryptSecret("secret", "feed-password")).toThrow(SecretDecryptionError);
    expect(() => decryptSecret(stored, "another-purpose")).toThrow(SecretDecryptionError);
  });

  it("uses SECRETS_ENCRYPTION_KEY when set; without it a key derived from AUTH_SECRET", () => {
    process.env.AUTH_SECRET = "a".repeat(32);
    const derived = encryptSecret("secret", "feed-password");
    process.env.AUTH_SECRET = "b".repeat(32);
    expect(() => decryptSecret(derived, "feed-password")).toThrow(SecretDecryptionError);

    process.env.SECRETS_ENCRYPTION_KEY = HEX_KEY;
    const withKey = encryptSecret("secret", "feed-password");
    process.env.AUTH_SECRET = "c".repeat(32); // no longer involved
    expect(decryptSecret(withKey, "feed-password")).toBe("secret");
    process.env.SECRETS_ENCRYPTION_KEY = Buffer.from(HEX_KEY, "hex").toString("base64"); // the same key in base64
    expect(decryptSecret(withKey, "feed-password")).toBe("secret");
    process.env.SECRETS_ENCRYPTION_KEY = crypto.randomBytes(32).toString("base64url");
    expect(() => decryptSecret(withKey, "feed-password")).toThrow(SecretDecryptionError);
  });
});

describe("SECRETS_ENCRYPTION_KEY configuration", () => {
  const production = { NODE_ENV: "production", AUTH_SECRET: "s".repeat(32) };
  const messageOf = (source: Record<string, string>) => {
    try {
      parseEnv(source);
    } catch (e) {
      expect(e).toBeInstanceOf(ConfigError);
      return (e as Error).message;
    }
    return "";
  };

  it("is required with NODE_ENV=production, except during next build", () => {
    expect(messageOf(production)).toContain("SECRETS_ENCRYPTION_KEY: required when NODE_ENV=production");
    expect(parseEnv({ ...production, SECRETS_ENCRYPTION_KEY: HEX_KEY }).SECRETS_ENCRYPTION_KEY).toBe(HEX_KEY);
    expect(parseEnv({ NODE_ENV: "production", NEXT_PHASE: "phase-production-build" }).SECRETS_ENCRYPTION_KEY).toBeUndefined();
    expect(parseEnv({ NODE_ENV: "development" }).SECRETS_ENCRYPTION_KEY).toBeUndefined();
  });

  it.each(["short", "z".repeat(64), crypto.randomBytes(16).toString("hex"), crypto.randomBytes(31).toString("base64")])(
    "a key that is not 32 bytes (%s) stops start-up naming the variable",
    (value) => {
      expect(messageOf({ SECRETS_ENCRYPTION_KEY: value })).toContain("SECRETS_ENCRYPTION_KEY: must be 32 bytes");
    },
  );

  it("encrypting in production without a key throws instead of using a derived one", () => {
    (process.env as Record<string, string>).NODE_ENV = "production";
    process.env.AUTH_SECRET = "s".repeat(32);
    delete process.env.SECRETS_ENCRYPTION_KEY;
    expect(() => encryptSecret("secret", "feed-password")).toThrow();
  });
});
