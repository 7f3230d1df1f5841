// All configuration is read and validated here, once. A missing or malformed
// variable stops start-up with a message naming it. .env.example lists them all.
import { z } from "zod";

const databaseUrl = z
  .string()
  .regex(/^(postgres(ql)?:\/\/.+|pglite:.+)$/, "must be postgres://..., postgresql://... or pglite:<dir>");

const boolFlag = z
  .enum(["true", "false", "1", "0"])
  .transform((v) => v === "true" || v === "1");

const EnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  DATABASE_URL: databaseUrl.default("pglite:./.data/pglite"),
  // next-auth signing secret; scripts/start.mjs creates one in .data when unset.
  AUTH_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  SEED_ON_EMPTY: boolFlag.default(true),
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error"]).default("info"),
  // Sign-in (lib/auth/login.ts, otp.ts, captcha/, lib/mail). The modules read these
  // themselves with the same defaults; listing them here makes start-up refuse bad values.
  OTP_LENGTH: z.coerce.number().int().min(4).max(10).default(4),
  OTP_VALIDITY_SECONDS: z.coerce.number().int().min(30).max(3600).default(300),
  SMTP_URL: z.string().regex(/^smtps?:\/\/.+/, "must be smtp://... or smtps://...").optional(),
  MAIL_FROM: z.string().min(3).default("DSP Console <no-reply@dsp.local>"),
  CAPTCHA_HMAC_KEY: z.string().min(16, "must be at least 16 characters").optional(),
  CAPTCHA_THRESHOLD: z.coerce.number().int().min(1).default(3),
  CAPTCHA_CLIENT_THRESHOLD: z.coerce.number().int().min(1).default(20),
  TURNSTILE_SITE_KEY: z.string().optional(),
  TURNSTILE_SECRET_KEY: z.string().optional(),
  RECAPTCHA_SITE_KEY: z.string().optional(),
  RECAPTCHA_SECRET_KEY: z.string().optional(),
  // Background jobs (lib/jobs) and uploaded files.
  JOBS_ENABLED: boolFlag.default(true),
  JOBS_POLL_SECONDS: z.coerce.number().min(0.5).default(2),
  STORAGE_DIR: z.string().min(1).default("./.data/uploads"),
  // Single sign-on (lib/auth/sso): secrets of the licensees' OIDC clients.
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  OKTA_CLIENT_SECRET: z.string().optional(),
});

export type Env = z.infer<typeof EnvSchema>;

export class ConfigError extends Error {}

export function parseEnv(source: Record<string, string | undefined>): Env {
  // Empty strings count as unset, as in most deployment tools.
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ""));
  const result = EnvSchema.safeParse(cleaned);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  return result.data;
}

let cached: Env | undefined;

export function env(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}
