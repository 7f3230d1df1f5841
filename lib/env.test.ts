import { ConfigError, parseEnv } from "./env";

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
    expect(parseEnv({ DATABASE_URL: url }).DATABASE_URL).toBe(url);
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

test("boolean flags accept true/false/1/0", () => {
  expect(parseEnv({ SEED_ON_EMPTY: "false" }).SEED_ON_EMPTY).toBe(false);
  expect(parseEnv({ SEED_ON_EMPTY: "0" }).SEED_ON_EMPTY).toBe(false);
  expect(parseEnv({ SEED_ON_EMPTY: "1" }).SEED_ON_EMPTY).toBe(true);
});

test("a long enough AUTH_SECRET is kept; unknown variables are ignored", () => {
  const secret = "x".repeat(32);
  const env = parseEnv({ AUTH_SECRET: secret, NODE_ENV: "production", PATH: "/usr/bin" });
  expect(env).toMatchObject({ AUTH_SECRET: secret, NODE_ENV: "production" });
  expect(env).not.toHaveProperty("PATH");
});
