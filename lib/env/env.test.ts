import { ConfigError, configWarnings, env, envFrom, envStrings, oidcClientSecrets, onPostgres, parseEnv } from ".";

const SECRET = "s".repeat(32);

function messageOf(fn: () => unknown): string {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(ConfigError);
    return (e as Error).message;
  }
  throw new Error("expected a ConfigError");
}

test("defaults: development, embedded PGlite, seeding on, info logs", () => {
  expect(parseEnv({})).toMatchObject({
    NODE_ENV: "development",
    DATABASE_URL: "pglite:./.data/pglite",
    SEED_ON_EMPTY: true,
    LOG_LEVEL: "info",
  });
});

test("empty strings count as unset", () => {
  expect(parseEnv({ DATABASE_URL: "", LOG_LEVEL: "", AUTH_SECRET: "" })).toMatchObject({
    DATABASE_URL: "pglite:./.data/pglite",
    LOG_LEVEL: "info",
  });
});

test.each(["postgres://u@h:5432/db", "postgresql://u:p@h/db?sslmode=require", "pglite:/var/data/pg", "pglite:./.data/x"])(
  "accepts the DATABASE_URL %s",
  (url) => {
    expect(parseEnv({ DATABASE_URL: url, AUTH_SECRET: SECRET }).DATABASE_URL).toBe(url);
  },
);

test.each(["mysql://u@h/db", "localhost:5432", "postgres://", "pglite:", "file:./db"])(
  "a malformed DATABASE_URL (%s) stops with a message naming DATABASE_URL",
  (url) => {
    expect(() => parseEnv({ DATABASE_URL: url })).toThrow(ConfigError);
    expect(() => parseEnv({ DATABASE_URL: url })).toThrow(/DATABASE_URL: must be postgres:\/\/\.\.\./);
  },
);

test("every bad variable is named in one message", () => {
  let message = "";
  try {
    parseEnv({ DATABASE_URL: "mysql://x", LOG_LEVEL: "loud", AUTH_SECRET: "short", SEED_ON_EMPTY: "maybe" });
  } catch (e) {
    message = (e as Error).message;
  }
  for (const name of ["DATABASE_URL", "LOG_LEVEL", "AUTH_SECRET", "SEED_ON_EMPTY"]) expect(message).toContain(`${name}:`);
  expect(message).toContain("at least 32 characters");
});

test("boolean flags accept true/false/1/0, any case, surrounding spaces ignored", () => {
  expect(parseEnv({ SEED_ON_EMPTY: "false" }).SEED_ON_EMPTY).toBe(false);
  expect(parseEnv({ SEED_ON_EMPTY: "0" }).SEED_ON_EMPTY).toBe(false);
  expect(parseEnv({ SEED_ON_EMPTY: "1" }).SEED_ON_EMPTY).toBe(true);
  expect(parseEnv({ JOBS_ENABLED: " FALSE " }).JOBS_ENABLED).toBe(false);
  expect(messageOf(() => parseEnv({ JOBS_ENABLED: "no" }))).toContain("JOBS_ENABLED: must be true or false");
});

test("a long enough AUTH_SECRET is kept; unknown variables are ignored", () => {
  const secret = "x".repeat(32);
  const parsed = parseEnv({ AUTH_SECRET: secret, NODE_ENV: "production", SECRETS_ENCRYPTION_KEY: "k".repeat(43), PATH: "/usr/bin" });
  expect(parsed).toMatchObject({ AUTH_SECRET: secret, NODE_ENV: "production" });
  expect(parsed).not.toHaveProperty("PATH");
});

describe("AUTH_SECRET is required where its absence would only show at the first sign-in", () => {
  test.each([
    ["a postgres:// DATABASE_URL", { DATABASE_URL: "postgres://u@h:5432/db" }, /AUTH_SECRET: required when DATABASE_URL points at PostgreSQL/],
    ["a postgresql:// DATABASE_URL", { DATABASE_URL: "postgresql://u@h/db", NODE_ENV: "development" }, /AUTH_SECRET: required when DATABASE_URL/],
    ["NODE_ENV=production on PGlite (the image without DATABASE_URL)", { NODE_ENV: "production" }, /AUTH_SECRET: required when NODE_ENV=production/],
    ["an empty AUTH_SECRET with PostgreSQL", { DATABASE_URL: "postgres://u@h/db", AUTH_SECRET: "" }, /AUTH_SECRET: required/],
  ])("missing with %s: start-up stops naming AUTH_SECRET", (_when, source, message) => {
    expect(messageOf(() => parseEnv(source))).toMatch(message);
  });

  test("too short with PostgreSQL: refused for its length", () => {
    expect(messageOf(() => parseEnv({ DATABASE_URL: "postgres://u@h/db", AUTH_SECRET: "x".repeat(31) }))).toContain(
      "AUTH_SECRET: must be at least 32 characters",
    );
  });

  test("optional on PGlite in development and tests (npm start generates one), and during next build", () => {
    expect(parseEnv({}).AUTH_SECRET).toBeUndefined();
    expect(parseEnv({ NODE_ENV: "test", DATABASE_URL: "pglite:memory" }).AUTH_SECRET).toBeUndefined();
    expect(parseEnv({ NODE_ENV: "production", NEXT_PHASE: "phase-production-build" }).NODE_ENV).toBe("production");
    expect(parseEnv({ DATABASE_URL: "postgres://u@h/db", AUTH_SECRET: SECRET }).AUTH_SECRET).toBe(SECRET);
    expect(parseEnv({ NODE_ENV: "production", AUTH_SECRET: SECRET, SECRETS_ENCRYPTION_KEY: "k".repeat(43) }).AUTH_SECRET).toBe(SECRET);
  });
});

test("PORT, AUTH_URL, NEXT_OUTPUT, TRUST_PROXY_HOPS and the numbers are validated with their names", () => {
  expect(parseEnv({})).toMatchObject({ PORT: 3000, TRUST_PROXY_HOPS: 0, OTP_LENGTH: 6, JOBS_POLL_SECONDS: 2, JOBS_SHUTDOWN_GRACE_SECONDS: 25, NEXT_DIST_DIR: ".next" });
  expect(parseEnv({ PORT: "8080", TRUST_PROXY_HOPS: "1", AUTH_URL: "https://console.example.com", NEXT_OUTPUT: "standalone" })).toMatchObject({
    PORT: 8080,
    TRUST_PROXY_HOPS: 1,
    AUTH_URL: "https://console.example.com",
    NEXT_OUTPUT: "standalone",
  });
  const message = messageOf(() =>
    parseEnv({
      PORT: "80a",
      AUTH_URL: "console.example.com",
      NEXTAUTH_URL: "nope",
      NEXT_OUTPUT: "export",
      TRUST_PROXY_HOPS: "-1",
      OTP_LENGTH: "12",
      CAPTCHA_THRESHOLD: "0",
      JOBS_POLL_SECONDS: "0.1",
      JOBS_SHUTDOWN_GRACE_SECONDS: "1.5",
      SMTP_URL: "mail.example.com",
      NODE_ENV: "staging",
    }),
  );
  expect(message).toContain("PORT: must be a whole number from 1 to 65535");
  expect(message).toContain("AUTH_URL: must be an absolute URL");
  expect(message).toContain("NEXTAUTH_URL: must be an absolute URL");
  expect(message).toContain("NEXT_OUTPUT: must be standalone or unset");
  expect(message).toContain("TRUST_PROXY_HOPS: must be a whole number from 0 to 10");
  expect(message).toContain("OTP_LENGTH: must be a whole number from 4 to 10");
  expect(message).toContain("CAPTCHA_THRESHOLD: must be a whole number of at least 1");
  expect(message).toContain("JOBS_POLL_SECONDS: must be a number of seconds, at least 0.5");
  expect(message).toContain("JOBS_SHUTDOWN_GRACE_SECONDS: must be a whole number of seconds from 0 to 3600");
  expect(message).toContain("SMTP_URL: must be smtp://... or smtps://...");
  expect(message).toContain("NODE_ENV: must be development, production or test");
});

describe("OIDC_CLIENT_SECRET_<SUBDOMAIN>", () => {
  test("collected by name, trimmed; other variables ignored", () => {
    expect(oidcClientSecrets({ OIDC_CLIENT_SECRET_ACME: " a ", OIDC_CLIENT_SECRET_MY_SITE: "b", OKTA_CLIENT_SECRET: "o", PATH: "/bin" })).toEqual({
      OIDC_CLIENT_SECRET_ACME: "a",
      OIDC_CLIENT_SECRET_MY_SITE: "b",
    });
  });

  test("a name no sub-domain can produce, or a blank value, stops start-up naming the variable", () => {
    const message = messageOf(() => parseEnv({ OIDC_CLIENT_SECRET_acme: "x", "OIDC_CLIENT_SECRET_MY-SITE": "y", OIDC_CLIENT_SECRET_BETA: "   " }));
    expect(message).toContain("OIDC_CLIENT_SECRET_acme: the name must be OIDC_CLIENT_SECRET_ followed by the sub-domain upper-cased");
    expect(message).toContain("OIDC_CLIENT_SECRET_MY-SITE: the name must be");
    expect(message).toContain("OIDC_CLIENT_SECRET_BETA: must not be blank");
    expect(parseEnv({ OIDC_CLIENT_SECRET_ACME: "fine" })).not.toHaveProperty("OIDC_CLIENT_SECRET_ACME");
  });
});

describe("env(): the validated process.env", () => {
  const saved = { ...process.env };
  afterEach(() => {
    process.env = { ...saved };
  });

  test("parsed once while the variables stay the same, parsed again when one changes", () => {
    process.env.OTP_LENGTH = "6";
    const first = env();
    expect(first.OTP_LENGTH).toBe(6);
    expect(env()).toBe(first);
    process.env.OTP_LENGTH = "8";
    expect(env().OTP_LENGTH).toBe(8);
    delete process.env.OTP_LENGTH;
    expect(env().OTP_LENGTH).toBe(6);
  });

  test("a malformed variable throws a ConfigError naming it (nothing falls back)", () => {
    process.env.CAPTCHA_CLIENT_THRESHOLD = "many";
    expect(messageOf(() => env())).toContain("CAPTCHA_CLIENT_THRESHOLD:");
  });
});

test("envFrom: an explicit source falls back to the default of a malformed variable that has one, and refuses the others", () => {
  expect(envFrom({ OTP_LENGTH: "2", CAPTCHA_THRESHOLD: "many", JOBS_ENABLED: "perhaps", OTP_VALIDITY_SECONDS: "120" })).toMatchObject({
    OTP_LENGTH: 6,
    CAPTCHA_THRESHOLD: 3,
    JOBS_ENABLED: true,
    OTP_VALIDITY_SECONDS: 120,
  });
  expect(messageOf(() => envFrom({ AUTH_SECRET: "short" }))).toContain("AUTH_SECRET: must be at least 32 characters");
  expect(messageOf(() => envFrom({ SMTP_URL: "mail" }))).toContain("SMTP_URL:");
});

test("envStrings gives validated values as strings", () => {
  expect(envStrings(["AUTH_URL", "NODE_ENV", "PORT", "AUTH_SECRET"], { AUTH_URL: "https://c.example.com", PORT: "81" })).toEqual({
    AUTH_URL: "https://c.example.com",
    NODE_ENV: "development",
    PORT: "81",
  });
});

test("onPostgres: only postgres:// and postgresql:// URLs", () => {
  expect(onPostgres({ DATABASE_URL: "postgres://h/db" })).toBe(true);
  expect(onPostgres({ DATABASE_URL: "postgresql://h/db" })).toBe(true);
  expect(onPostgres({ DATABASE_URL: "pglite:./.data/pglite" })).toBe(false);
  expect(onPostgres({ DATABASE_URL: "pglite:memory" })).toBe(false);
});

describe("configWarnings (logged loudly by scripts/prepare.ts)", () => {
  test("PostgreSQL without SMTP_URL: no mail, and codes never in the log", () => {
    const warnings = configWarnings(parseEnv({ DATABASE_URL: "postgres://h/db", AUTH_SECRET: SECRET }));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/^SMTP_URL is not set/);
    expect(configWarnings(parseEnv({ DATABASE_URL: "postgres://h/db", AUTH_SECRET: SECRET, SMTP_URL: "smtp://mail:25" }))).toEqual([]);
  });

  test("nothing to say about the one-command PGlite start", () => {
    expect(configWarnings(parseEnv({}))).toEqual([]);
  });

  test("AUTH_URL set, half a captcha key pair", () => {
    const warnings = configWarnings(parseEnv({ AUTH_URL: "https://c.example.com", TURNSTILE_SITE_KEY: "x", RECAPTCHA_SECRET_KEY: "y" }));
    expect(warnings.join("\n")).toMatch(/AUTH_URL .*is set/);
    expect(warnings.join("\n")).toContain("TURNSTILE_SECRET_KEY");
    expect(warnings.join("\n")).toContain("RECAPTCHA_SITE_KEY");
  });
});
