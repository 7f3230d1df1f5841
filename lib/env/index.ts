// All configuration is read and validated here, once. A missing or malformed
// variable stops start-up (scripts/prepare.ts, instrumentation.ts) with a
// message naming it. .env.example and docs/configuration.md's table list them.
//
// Modules read configuration through env() (typed, validated, cached) and never
// touch process.env themselves. Exceptions, read raw where they are used:
// next.config.ts (NEXT_OUTPUT, NEXT_DIST_DIR: it runs before any of this, but
// both are still validated here), Next's own variables (NEXT_RUNTIME,
// NEXT_PHASE), the database scripts (scripts/migrate.ts, db-reset.ts,
// link-sso.ts, prisma/seed.ts: operator tools that need only DATABASE_URL) and
// the test tooling (TEST_DATABASE_URL, E2E_*, CHROMIUM_PATH, CI).
import { z } from "../validation/z";
import { boolFlag, EnvSchema, POSTGRES_URL, type Env, type EnvSource } from "./schema";

export { decodeKey, ENV_KEYS, type Env, type EnvSource } from "./schema";


const KEYS = Object.keys(EnvSchema.shape) as (keyof Env)[];

export class ConfigError extends Error {}

/** Empty strings count as unset, as in most deployment tools. */
function cleaned(source: EnvSource): Record<string, string> {
  return Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== "")) as Record<string, string>;
}

/** DATABASE_URL names a PostgreSQL server (production), not the embedded PGlite. */
export function onPostgres(config: Pick<Env, "DATABASE_URL">): boolean {
  return POSTGRES_URL.test(config.DATABASE_URL);
}

/**
 * AUTH_SECRET is required where a missing one would only show at the first
 * sign-in: on PostgreSQL (many containers must share it) and whenever the app
 * runs with NODE_ENV=production (next-auth refuses to sign without one). Not
 * during `next build`, which signs nothing. On PGlite, `npm start` and
 * `npm run dev` generate one into .data/auth-secret before this check runs.
 */
function secretRequired(raw: Record<string, string>): string | null {
  if (POSTGRES_URL.test(raw.DATABASE_URL ?? "")) return "required when DATABASE_URL points at PostgreSQL (all containers must share it)";
  if (raw.NODE_ENV === "production" && raw.NEXT_PHASE !== "phase-production-build") {
    return "required when NODE_ENV=production (npm start generates one on PGlite; containers must be given one)";
  }
  return null;
}

/**
 * Settings production must have, or must not have: the key of stored secrets
 * (not needed by `next build`, which decrypts nothing), and no test-only
 * escape from the feed host check.
 */
function productionRefusals(raw: Record<string, string>): string[] {
  if (raw.NODE_ENV !== "production") return [];
  const problems: string[] = [];
  if (raw.SECRETS_ENCRYPTION_KEY === undefined && raw.NEXT_PHASE !== "phase-production-build") {
    problems.push("SECRETS_ENCRYPTION_KEY: required when NODE_ENV=production (npm start generates one on PGlite; containers must be given one)");
  }
  if (raw.FEED_ALLOW_PRIVATE_HOSTS !== undefined && boolFlag.safeParse(raw.FEED_ALLOW_PRIVATE_HOSTS).data === true) {
    problems.push("FEED_ALLOW_PRIVATE_HOSTS: must not be true when NODE_ENV=production (tests only: it lets feed links reach internal hosts)");
  }
  return problems;
}

/** Replicas, a pooler and a direct URL are PostgreSQL servers' settings: with PGlite they would silently do nothing. */
function databaseRoutingProblems(raw: Record<string, string>): string[] {
  if (POSTGRES_URL.test(raw.DATABASE_URL ?? "")) {
    // pg-boss and the migrations' lock need a session: through a transaction-mode pooler they break.
    const pooled = raw.DATABASE_PGBOUNCER !== undefined && boolFlag.safeParse(raw.DATABASE_PGBOUNCER).data === true;
    return pooled && raw.DATABASE_DIRECT_URL === undefined ? ["DATABASE_DIRECT_URL: required with DATABASE_PGBOUNCER=true (migrations and background jobs need the server itself)"] : [];
  }
  const postgresOnly = ["DATABASE_REPLICA_URLS", "DATABASE_DIRECT_URL"].filter((k) => raw[k] !== undefined);
  return postgresOnly.map((k) => `${k}: only with a PostgreSQL DATABASE_URL (postgres://...)`);
}

export const OIDC_SECRET_PREFIX = "OIDC_CLIENT_SECRET_";
const OIDC_SECRET_NAME = /^OIDC_CLIENT_SECRET_[A-Z0-9_]+$/;

/**
 * The per sub-domain client secrets, OIDC_CLIENT_SECRET_<SUBDOMAIN> (names are
 * dynamic, so they are not in the schema). Read from the source at each call.
 * A name that no sub-domain can produce (lower case, other characters) or a
 * blank value is a configuration error naming the variable.
 */
export function oidcClientSecrets(source: EnvSource = process.env): Record<string, string> {
  const secrets: Record<string, string> = {};
  const problems: string[] = [];
  for (const [name, value] of Object.entries(cleaned(source))) {
    if (!name.toUpperCase().startsWith(OIDC_SECRET_PREFIX)) continue;
    if (!OIDC_SECRET_NAME.test(name)) {
      problems.push(`${name}: the name must be OIDC_CLIENT_SECRET_ followed by the sub-domain upper-cased, other characters as _`);
    } else if (!value.trim()) {
      problems.push(`${name}: must not be blank`);
    } else {
      secrets[name] = value.trim();
    }
  }
  if (problems.length) throw new ConfigError(`Invalid configuration:\n  ${problems.join("\n  ")}`);
  return secrets;
}

function fail(problems: string[]): never {
  throw new ConfigError(`Invalid configuration:\n${problems.map((p) => `  ${p}`).join("\n")}`);
}

/**
 * Validates a whole environment: every problem is named in one ConfigError.
 * This is what start-up runs on process.env.
 */
export function parseEnv(source: EnvSource): Env {
  const raw = cleaned(source);
  const result = EnvSchema.safeParse(raw);
  const problems = result.success ? [] : result.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
  const needsSecret = raw.AUTH_SECRET === undefined ? secretRequired(raw) : null;
  if (needsSecret) problems.push(`AUTH_SECRET: ${needsSecret}`);
  problems.push(...productionRefusals(raw));
  // One S3 key without the other would silently fall back to the SDK's default credentials.
  if ((raw.STORAGE_S3_ACCESS_KEY_ID === undefined) !== (raw.STORAGE_S3_SECRET_ACCESS_KEY === undefined)) {
    problems.push("STORAGE_S3_ACCESS_KEY_ID, STORAGE_S3_SECRET_ACCESS_KEY: set both or neither (neither: the SDK's default credential chain)");
  }
  problems.push(...databaseRoutingProblems(raw));
  try {
    oidcClientSecrets(raw);
  } catch (e) {
    problems.push(...(e as Error).message.split("\n").slice(1).map((l) => l.trim()));
  }
  if (!result.success || problems.length) fail(problems);
  return result.data;
}

/**
 * An explicit source (a module's test seam: `otpConfig({ OTP_LENGTH: "6" })`):
 * the same schema, but a malformed value of a variable that has a default
 * takes that default, as the modules did before configuration moved here.
 * Variables without a default (secrets, URLs) are still refused.
 */
function parseLenient(source: EnvSource): Env {
  const raw = cleaned(source);
  const shape = EnvSchema.shape as Record<string, z.ZodType>;
  for (const key of Object.keys(raw)) {
    const field = shape[key];
    if (field && !field.safeParse(raw[key]).success && field.safeParse(undefined).data !== undefined) delete raw[key];
  }
  return parseEnv(raw);
}

let cached: { fingerprint: string; env: Env } | undefined;

function fingerprint(source: EnvSource): string {
  let f = source.NEXT_PHASE ?? "";
  for (const key of KEYS) f += "\u0000" + (source[key] ?? "");
  return f;
}

/**
 * The validated configuration of this process. Parsed once and kept while the
 * variables it reads stay the same; a test that changes process.env (say
 * STORAGE_DIR) gets a fresh parse at the next call. Throws ConfigError.
 */
export function env(): Env {
  const f = fingerprint(process.env);
  if (cached?.fingerprint !== f) cached = { fingerprint: f, env: parseEnv(process.env) };
  return cached.env;
}

/** env(), or, given an explicit source (tests, tools), that source read leniently. */
export function envFrom(source?: EnvSource): Env {
  return source ? parseLenient(source) : env();
}

/**
 * The single sign-on variables as lib/auth/sso/config.ts reads them: the
 * platform clients' settings from env() and every OIDC_CLIENT_SECRET_<SUB>.
 */
export function ssoEnv(source?: EnvSource): EnvSource {
  const config = envFrom(source);
  return {
    GOOGLE_CLIENT_ID: config.GOOGLE_CLIENT_ID,
    GOOGLE_CLIENT_SECRET: config.GOOGLE_CLIENT_SECRET,
    OKTA_CLIENT_SECRET: config.OKTA_CLIENT_SECRET,
    ...oidcClientSecrets(source),
  };
}

/**
 * Some validated variables as strings, for functions that take a plain record
 * (deriveSecret in lib/auth/credentials.ts, withPublicOrigin in lib/auth/sso/theme.ts).
 */
export function envStrings<K extends keyof Env>(keys: readonly K[], source?: EnvSource): Partial<Record<K, string>> {
  const config = envFrom(source);
  const picked: Partial<Record<K, string>> = {};
  for (const key of keys) if (config[key] !== undefined) picked[key] = String(config[key]);
  return picked;
}

/**
 * Valid but risky settings, logged loudly at start-up (scripts/prepare.ts):
 * the server still starts.
 */
export function configWarnings(config: Env): string[] {
  const warnings: string[] = [];
  if (onPostgres(config) && !config.SMTP_URL) {
    warnings.push(
      "SMTP_URL is not set: no mail can be sent. Users with the e-mailed second factor cannot sign in, and sign-in codes are never written to the log on PostgreSQL.",
    );
  }
  if (config.AUTH_URL || config.NEXTAUTH_URL) {
    warnings.push("AUTH_URL (or NEXTAUTH_URL) is set: every sign-in returns to that one origin, so licensee sub-domains cannot use single sign-on.");
  }
  if ((config.TURNSTILE_SITE_KEY ? 1 : 0) + (config.TURNSTILE_SECRET_KEY ? 1 : 0) === 1) {
    warnings.push("Only one of TURNSTILE_SITE_KEY and TURNSTILE_SECRET_KEY is set: Turnstile is off.");
  }
  if ((config.RECAPTCHA_SITE_KEY ? 1 : 0) + (config.RECAPTCHA_SECRET_KEY ? 1 : 0) === 1) {
    warnings.push("Only one of RECAPTCHA_SITE_KEY and RECAPTCHA_SECRET_KEY is set: reCAPTCHA is off.");
  }
  const s3Settings = (["STORAGE_S3_ENDPOINT", "STORAGE_S3_ACCESS_KEY_ID", "STORAGE_S3_SECRET_ACCESS_KEY"] as const).filter((k) => config[k] !== undefined);
  if (!config.STORAGE_URL && (s3Settings.length > 0 || config.STORAGE_S3_FORCE_PATH_STYLE)) {
    warnings.push(`STORAGE_S3_* settings are set but STORAGE_URL is not: files are stored in STORAGE_DIR (${config.STORAGE_DIR}), not on S3.`);
  }
  return warnings;
}
