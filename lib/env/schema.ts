// The configuration's variables: each with its type, default and the message
// start-up gives when it is malformed (read and checked by ./index.ts).
import { parseS3StorageUrl } from "./s3-url";
import { z } from "../validation/z";

export type EnvSource = Record<string, string | undefined>;

export const POSTGRES_URL = /^postgres(ql)?:\/\/.+/;

const databaseUrl = z
  .string()
  .regex(/^(postgres(ql)?:\/\/.+|pglite:.+)$/, "must be postgres://..., postgresql://... or pglite:<dir>");

export const boolFlag = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.enum(["true", "false", "1", "0"], { error: "must be true or false (or 1 or 0)" }))
  .transform((v) => v === "true" || v === "1");

function wholeNumber(min: number, max?: number) {
  const message = max === undefined ? `must be a whole number of at least ${min}` : `must be a whole number from ${min} to ${max}`;
  const n = z.coerce.number({ error: message }).int(message).min(min, message);
  return max === undefined ? n : n.max(max, message);
}

const absoluteUrl = z.url({ error: "must be an absolute URL such as https://console.example.com" });
const secret = (min: number) => z.string().min(min, `must be at least ${min} characters`);

export const EnvSchema = z.object({
  // development (npm run dev), production (next build / next start, the image), test (jest).
  NODE_ENV: z.enum(["development", "production", "test"], { error: "must be development, production or test" }).default("development"),
  DATABASE_URL: databaseUrl.default("pglite:./.data/pglite"),
  // next-auth's signing secret; required on PostgreSQL and in production (see
  // secretRequired); scripts/start.mjs creates one in .data on PGlite.
  AUTH_SECRET: secret(32).optional(),
  // next-auth pins every sign-in to this origin when set (it reads it itself);
  // licensee sub-domains need it unset (lib/auth/sso/theme.ts).
  AUTH_URL: absoluteUrl.optional(),
  NEXTAUTH_URL: absoluteUrl.optional(),
  PORT: wholeNumber(1, 65535).default(3000),
  SEED_ON_EMPTY: boolFlag.default(true),
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error"], { error: "must be debug, info, warn or error" }).default("info"),
  // Sign-in (lib/auth/otp.ts, throttle.ts, captcha/, lib/mail).
  // Six digits by default: a million codes against ten thousand (the spec's default of 4 is OTP_LENGTH=4).
  OTP_LENGTH: wholeNumber(4, 10).default(6),
  OTP_VALIDITY_SECONDS: wholeNumber(30, 3600).default(300),
  SMTP_URL: z.string().regex(/^smtps?:\/\/.+/, "must be smtp://... or smtps://...").optional(),
  MAIL_FROM: z.string().min(3, "must be a sender address such as Ops <ops@example.com>").default("DSP Console <no-reply@dsp.local>"),
  CAPTCHA_HMAC_KEY: secret(16).optional(),
  CAPTCHA_THRESHOLD: wholeNumber(1).default(3),
  CAPTCHA_CLIENT_THRESHOLD: wholeNumber(1).default(20),
  // Hard lockout of an account (lib/auth/password-attempt.ts): this many
  // failed passwords within the window lock it for LOGIN_LOCKOUT_MINUTES,
  // doubling on each lock in a row up to LOGIN_LOCKOUT_MAX_MINUTES.
  LOGIN_LOCKOUT_THRESHOLD: wholeNumber(1).default(50),
  LOGIN_LOCKOUT_WINDOW_MINUTES: wholeNumber(1, 1440).default(60),
  LOGIN_LOCKOUT_MINUTES: wholeNumber(1, 1440).default(15),
  LOGIN_LOCKOUT_MAX_MINUTES: wholeNumber(1, 10080).default(1440),
  // Second factor per account (lib/sign-in/login.ts): wrong codes allowed per
  // window across all sign-in attempts; re-send spacing; code mails per hour.
  OTP_MAX_WRONG_CODES: wholeNumber(1, 1000).default(10),
  OTP_WRONG_CODE_WINDOW_HOURS: wholeNumber(1, 720).default(24),
  OTP_RESEND_INTERVAL_SECONDS: wholeNumber(1, 3600).default(30),
  OTP_CODES_PER_HOUR: wholeNumber(1, 1000).default(10),
  // Proxies in front of the app that append the client address to
  // X-Forwarded-For; 0 (no proxy) trusts no X-Forwarded-For and takes the
  // address of the connection itself (lib/auth/throttle.ts, peer-address.ts).
  TRUST_PROXY_HOPS: wholeNumber(0, 10).default(0),
  TURNSTILE_SITE_KEY: z.string().optional(),
  TURNSTILE_SECRET_KEY: z.string().optional(),
  RECAPTCHA_SITE_KEY: z.string().optional(),
  RECAPTCHA_SECRET_KEY: z.string().optional(),
  // The page cache of the delivery lists (lib/page-cache): on in production
  // (next start), never under next dev; it renders through PORT on 127.0.0.1.
  PAGE_CACHE: boolFlag.default(true),
  // Database connections on PostgreSQL (lib/connections/settings.ts; PGlite has one
  // in-process connection and ignores them). Pool sizes are per process; a
  // statement timeout per kind of work (0: none), the longest of the kinds a
  // statement belongs to applying; idle-in-transaction ends a transaction
  // left open; row-scaled batch transactions are capped by the last one.
  DATABASE_POOL_SIZE: wholeNumber(1, 1000).default(10),
  DATABASE_JOBS_POOL_SIZE: wholeNumber(1, 1000).default(5),
  DATABASE_CONNECT_TIMEOUT_SECONDS: wholeNumber(1, 600).default(10),
  DATABASE_IDLE_TIMEOUT_SECONDS: wholeNumber(1, 86400).default(30),
  DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_SECONDS: wholeNumber(0, 86400).default(60),
  DATABASE_STATEMENT_TIMEOUT_PAGES_SECONDS: wholeNumber(0, 86400).default(15),
  DATABASE_STATEMENT_TIMEOUT_REPORTS_SECONDS: wholeNumber(0, 86400).default(60),
  DATABASE_STATEMENT_TIMEOUT_EXPORTS_SECONDS: wholeNumber(0, 86400).default(120),
  DATABASE_STATEMENT_TIMEOUT_JOBS_SECONDS: wholeNumber(0, 86400).default(600),
  DATABASE_BATCH_TRANSACTION_MAX_SECONDS: wholeNumber(30, 86400).default(900),
  // Read replicas (lib/db/replicas.ts): PostgreSQL hot standbys that lists,
  // reports, exports and dashboards read from while they lag less than the
  // maximum; PostgreSQL DATABASE_URL only (see databaseRoutingProblems).
  DATABASE_REPLICA_URLS: z
    .string()
    .transform((v) => v.split(",").map((u) => u.trim()).filter(Boolean))
    .pipe(z.array(z.string().regex(POSTGRES_URL, "each must be postgres://... or postgresql://... (comma-separated)")).min(1, "must list at least one postgres:// URL"))
    .optional(),
  DATABASE_REPLICA_MAX_LAG_SECONDS: wholeNumber(1, 3600).default(30),
  // PgBouncer in transaction mode in front of DATABASE_URL: session settings
  // move into each transaction (lib/db/pgbouncer.ts); migrations and pg-boss
  // then need DATABASE_DIRECT_URL, the server itself.
  DATABASE_PGBOUNCER: boolFlag.default(false),
  DATABASE_DIRECT_URL: z.string().regex(POSTGRES_URL, "must be postgres://... or postgresql://...").optional(),
  // Background jobs (lib/jobs) and uploaded files (lib/storage).
  JOBS_ENABLED: boolFlag.default(true),
  JOBS_POLL_SECONDS: z.coerce.number({ error: "must be a number of seconds, at least 0.5" }).min(0.5, "must be a number of seconds, at least 0.5").default(2),
  JOBS_SHUTDOWN_GRACE_SECONDS: z.coerce
    .number({ error: "must be a whole number of seconds from 0 to 3600" })
    .int("must be a whole number of seconds from 0 to 3600")
    .min(0, "must be a whole number of seconds from 0 to 3600")
    .max(3600, "must be a whole number of seconds from 0 to 3600")
    .default(25),
  STORAGE_DIR: z.string().min(1).default("./.data/uploads"),
  // S3-compatible storage instead of STORAGE_DIR (lib/storage/s3.ts) when
  // STORAGE_URL is set. STORAGE_S3_ENDPOINT names a store other than AWS
  // (MinIO, s3rver), which mostly needs path-style addressing too. Keys only
  // as a pair; without them the SDK's default credential chain applies.
  STORAGE_URL: z
    .string()
    .refine((v) => parseS3StorageUrl(v) !== null, "must be s3://bucket or s3://bucket/prefix (a valid bucket name; the prefix of letters, digits, _ . - separated by /)")
    .optional(),
  STORAGE_S3_ENDPOINT: z.url({ protocol: /^https?$/, error: "must be an http:// or https:// URL such as http://127.0.0.1:9000" }).optional(),
  STORAGE_S3_REGION: z.string().trim().min(1).default("us-east-1"),
  STORAGE_S3_FORCE_PATH_STYLE: boolFlag.default(false),
  STORAGE_S3_ACCESS_KEY_ID: z.string().trim().min(1).optional(),
  STORAGE_S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  // Video processing (lib/creatives/media/media-tool.ts): the ffmpeg and
  // ffprobe binaries (a name looked up on PATH, or a path; a build older than
  // 2023 is refused), and the confinement of every run of them: wall-clock
  // seconds, address-space megabytes (prlimit --as), always at lowest priority.
  FFMPEG_PATH: z.string().trim().min(1).default("ffmpeg"),
  FFPROBE_PATH: z.string().trim().min(1).default("ffprobe"),
  MEDIA_TOOL_TIMEOUT_SECONDS: wholeNumber(1, 3600).default(600),
  MEDIA_TOOL_MEMORY_MB: wholeNumber(64, 65536).default(2048),
  // Upload hygiene (lib/uploads): uploads in progress per user and the
  // temporary disk their files take, per container (the folders are local);
  // leftover temporary folders older than UPLOAD_TEMP_MAX_AGE_HOURS are removed
  // at start and hourly; stored uploads no row refers to, after
  // STORAGE_UNREFERENCED_MAX_AGE_HOURS (an hourly job).
  UPLOAD_MAX_CONCURRENT_PER_USER: wholeNumber(1, 100).default(3),
  UPLOAD_TEMP_MAX_MB_PER_USER: wholeNumber(1).default(2500),
  UPLOAD_TEMP_MAX_AGE_HOURS: wholeNumber(1, 720).default(6),
  STORAGE_UNREFERENCED_MAX_AGE_HOURS: wholeNumber(1, 8760).default(24),
  // Catalog feeds (lib/catalog, lib/net, lib/crypto). FEED_ALLOW_PRIVATE_HOSTS
  // lets feed links reach loopback and private addresses: tests only, refused
  // with NODE_ENV=production (see productionRefusals).
  FEED_ALLOW_PRIVATE_HOSTS: boolFlag.default(false),
  FEED_ZIP_MAX_MB: wholeNumber(1, 4096).default(200),
  FEED_ZIP_MAX_RATIO: wholeNumber(2, 100000).default(100),
  // AES-256-GCM key of stored secrets (feed passwords): 32 bytes as 64 hex
  // characters or base64; required with NODE_ENV=production, else derived
  // from AUTH_SECRET (lib/crypto/secrets.ts).
  SECRETS_ENCRYPTION_KEY: z
    .string()
    .trim()
    .refine((v) => decodeKey(v) !== null, "must be 32 bytes as 64 hex characters or base64 (openssl rand -base64 32)")
    .optional(),
  // Abuse limits (lib/rate-limit): REST API requests per API key per minute,
  // counted in the database for all containers (lib/auth/api-key.ts); pixel
  // fires recorded per client address per minute, per container (lib/pixels/fire.ts);
  // MMP postbacks per advertiser per minute, counted in the database
  // (lib/audiences/postback/receive.ts).
  API_KEY_RATE_LIMIT_PER_MINUTE: wholeNumber(1).default(600),
  PIXEL_FIRE_RATE_LIMIT_PER_MINUTE: wholeNumber(1).default(120),
  MMP_POSTBACK_RATE_LIMIT_PER_MINUTE: wholeNumber(1).default(6000),
  // Wrong MMP postback keys allowed per advertiser and per client address
  // within the window, counted in the database; past either, an address that
  // sent a wrong key for an advertiser gets 429 for it (lib/audiences/postback/wrong-keys.ts).
  MMP_POSTBACK_WRONG_KEYS_PER_ADVERTISER: wholeNumber(1).default(20),
  MMP_POSTBACK_WRONG_KEYS_PER_ADDRESS: wholeNumber(1).default(50),
  MMP_POSTBACK_WRONG_KEY_WINDOW_MINUTES: wholeNumber(1, 1440).default(10),
  // Scheduled reports (lib/report-templates): "Run now" per template and per
  // user within their windows, counted in the database for all containers
  // (scheduled runs are not counted); a file over REPORT_ATTACHMENT_MAX_MB is
  // stored and linked from the mail instead of attached (0: always linked).
  REPORT_RUN_NOW_PER_TEMPLATE: wholeNumber(1).default(3),
  REPORT_RUN_NOW_TEMPLATE_WINDOW_MINUTES: wholeNumber(1, 1440).default(10),
  REPORT_RUN_NOW_PER_USER: wholeNumber(1).default(10),
  REPORT_RUN_NOW_USER_WINDOW_MINUTES: wholeNumber(1, 1440).default(60),
  REPORT_ATTACHMENT_MAX_MB: z.coerce.number({ error: "must be a number of megabytes, at least 0" }).min(0, "must be a number of megabytes, at least 0").default(5),
  // The console's address in links of mails (a report too large to attach),
  // "{subdomain}" standing for the licensee's sub-domain. Unset: the mail
  // names the path in the console only.
  CONSOLE_URL: z
    .string()
    .refine((v) => /^https?:\/\//.test(v) && URL.canParse(v.replaceAll("{subdomain}", "licensee")), "must be an absolute URL such as https://{subdomain}.console.example.com")
    .optional(),
  // Single sign-on (lib/auth/sso): the licensees' OIDC clients. The per
  // sub-domain OIDC_CLIENT_SECRET_<SUBDOMAIN> are read by oidcClientSecrets().
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  OKTA_CLIENT_SECRET: z.string().optional(),
  // Build (read raw by next.config.ts; validated here).
  NEXT_DIST_DIR: z.string().min(1).default(".next"),
  NEXT_OUTPUT: z.enum(["standalone"], { error: "must be standalone or unset" }).optional(),
});

export type Env = z.infer<typeof EnvSchema>;

/** The schema's variable names (docs/configuration.md lists each: lib/env-docs.test.ts). */
export const ENV_KEYS: readonly string[] = Object.keys(EnvSchema.shape);

/** A 32-byte key written as 64 hex characters or base64 (standard or URL-safe); null otherwise. */
export function decodeKey(text: string): Buffer | null {
  const bytes = /^[0-9a-f]{64}$/i.test(text)
    ? Buffer.from(text, "hex")
    : /^[A-Za-z0-9+/_-]{43}=?$/.test(text)
      ? Buffer.from(text, "base64")
      : null;
  return bytes?.length === 32 ? bytes : null;
}
