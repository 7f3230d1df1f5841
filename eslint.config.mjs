import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

// ───────────── the data gate ─────────────
// Licensee data is reached only through the tenant-scoped client
// (lib/data/tenant-db.ts): the raw Prisma client of lib/db may be imported
// only by lib/data itself and the system modules listed below. Types (Tx,
// DatabaseHandle) stay importable everywhere: they open no connection.

const RAW_CLIENT = {
  group: ["**/db", "**/db/index", "**/db/connect", "**/db/pglite", "**/db/postgres", "**/db/handle", "@/lib/db", "@/lib/db/*"],
  allowTypeImports: true,
  message: "Licensee data goes through tenantDb(ctx) (lib/data/tenant-db.ts); the raw client is for lib/data and the system modules listed in eslint.config.mjs.",
};
// Client components get the client-safe half of the action results (lib/actions/result.ts), never server modules.
const SERVER_ONLY_FOR_CLIENTS = {
  group: ["**/lib/actions/server-result", "@/lib/actions/server-result", "**/lib/data/gate", "@/lib/data/gate", "**/lib/env", "@/lib/env", "**/lib/log", "@/lib/log"],
  message: "Client components import lib/actions/result.ts; the data gate, lib/env and lib/log are server modules.",
};

// ───────────── zod only through lib/validation/z.ts ─────────────
// Its z.string() (and every constructor taking free text) refuses text
// PostgreSQL cannot store (a NUL, a lone surrogate) beside the field; a schema
// built on zod itself would let such text through to a 500. Added to every
// restriction.
const ZOD_MESSAGE = "Import { z } from lib/validation/z.ts: its z.string() refuses text that cannot be stored (a NUL, a lone surrogate).";
const ZOD = [
  { regex: "^zod(/.*)?$", message: ZOD_MESSAGE },
  { group: ["**/validation/checked-zod"], message: ZOD_MESSAGE },
];

const restrict = (...patterns) => ["error", { patterns: [...patterns, ...ZOD] }];

// ───────────── request bodies ─────────────
// A route reads its body only through lib/net/read-body.ts: counted as it
// streams in and cut off at the cap the operation declared (defineOperation's
// bodyLimitBytes), after the caller's rights were checked. request.json(),
// .text() and the like read everything a caller sends, however large.
const BODY_READ = {
  selector: "MemberExpression[object.name=/^(request|req)$/][property.name=/^(json|text|formData|arrayBuffer|blob|bytes|body)$/]",
  message: "Read a request body through lib/net/read-body.ts (bounded by the route's declared cap), never from the request directly.",
};

/** Modules allowed the raw client, each with the reason it needs it. */
const SYSTEM_MODULES = [
  "lib/data/**", // the gate itself: the tenant client, transactions, reference data
  "lib/db/**", // the connection and the migrations
  "lib/auth/**", // accounts, sessions, sign-in throttles and tickets: system tables no licensee owns
  "lib/sign-in/**", // the sign-in flow over those same system tables
  "lib/account/change-password.ts", // account management: the user's password and session version
  "lib/account/sessions.ts", // session management: Sign Out Everywhere
  "lib/account/switch-licensee.ts", // memberships: which licensees a user may enter
  "lib/account/two-factor.ts", // account management: the user's second factor
  "lib/account/session-reissue.ts", // session management: the login tickets of a re-issued cookie
  "lib/jobs/**", // pg-boss on the app's database and its queues
  "lib/job-runner/**", // the job runner: the sweeps' system client
  "lib/seed/**", // the demo seed: writes every licensee's data through its own connection
  "lib/tenancy/theme.ts", // themes are chosen by the request's host, before any session
  "lib/rate-limit/store-client.ts", // API key rate-limit counters: a system table
  "lib/pixels/fire.ts", // the public pixel endpoint: no session, a fire of any licensee's pixel by its public key
  "lib/pixels/rollup.ts", // the daily pixel-fire rollup, across licensees
  "lib/metrics/boundaries.ts", // which boundary hours have running delivery totals: a system table, and their build across licensees
  "lib/catalog/sweep.ts", // the catalog refresh sweep: due feeds of every licensee
  "lib/catalog/legacy.ts", // the sweep's move of legacy link passwords, across licensees
  "lib/optimization/sweep.ts", // the optimization rule sweep: due rules of every licensee
  "lib/audiences/remote/sweep.ts", // the remote upload sweep: due schedules of every licensee
  "lib/audiences/backfill/sweep.ts", // the backfill sweep: due scheduled backfill rules of every licensee
  "lib/audiences/members/refresh-all.ts", // the daily unique-user recount of every licensee's audiences
  "lib/audiences/events/prune.ts", // the daily user-event retention prune, across licensees
  "lib/audiences/postback/receive.ts", // the public MMP postback endpoint: no session, an advertiser found by its postback key
  "lib/report-templates/runner.ts", // scheduled reports: due templates of every licensee, their slot claims and run history
  "app/api/health/route.ts", // the health check: one query, no licensee
  "scripts/**", // migrate, seed, reset, link-sso: plain Node with their own connection
  "bench/**", // npm run bench: builds and reads its own bench database, plain Node like scripts/
  "prisma/**", // migrations and the seed entry point
];

const config = [
  ...nextVitals,
  ...nextTs,
  {
    // Test helpers named use*() are jest set-up functions, not React hooks.
    files: ["tests/**", "**/*.test.ts", "**/*.test.tsx"],
    rules: { "react-hooks/rules-of-hooks": "off" },
  },
  {
    files: ["**/*.ts", "**/*.tsx", "**/*.mjs"],
    rules: { "@typescript-eslint/no-restricted-imports": restrict(RAW_CLIENT) },
  },
  {
    files: ["components/**"],
    rules: { "@typescript-eslint/no-restricted-imports": restrict(RAW_CLIENT, SERVER_ONLY_FOR_CLIENTS) },
  },
  {
    // A server component: it logs a failed breadcrumb lookup instead of failing the page.
    files: ["components/shell/console-shell.tsx"],
    rules: { "@typescript-eslint/no-restricted-imports": restrict(RAW_CLIENT) },
  },
  {
    files: SYSTEM_MODULES,
    rules: { "@typescript-eslint/no-restricted-imports": restrict() },
  },
  {
    // The project's zod itself: the one module built on zod's.
    files: ["lib/validation/z.ts", "lib/validation/checked-zod.ts"],
    rules: { "@typescript-eslint/no-restricted-imports": ["error", { patterns: [RAW_CLIENT] }] },
  },
  {
    // lib/data uses its own implementation; tests reach everything directly.
    files: ["lib/data/**", "tests/**", "**/*.test.ts", "**/*.test.tsx"],
    rules: { "@typescript-eslint/no-restricted-imports": "off" },
  },
  {
    files: ["app/**", "lib/**", "proxy.ts"],
    ignores: ["lib/net/read-body.ts", "**/*.test.ts", "**/*.test.tsx"],
    rules: { "no-restricted-syntax": ["error", BODY_READ] },
  },
  {
    // Small rooms: a file over 400 lines, or a function over 150, is asking to
    // be split (blank lines and comments do not count toward a function).
    files: ["**/*.ts", "**/*.tsx", "**/*.mjs", "**/*.cjs"],
    rules: {
      "max-lines": ["error", { max: 400 }],
      "max-lines-per-function": ["error", { max: 150, skipBlankLines: true, skipComments: true }],
    },
  },
  {
    // A test file's describe block holds its tests: only the file's length is capped.
    files: ["tests/**", "**/*.test.ts", "**/*.test.tsx"],
    rules: { "max-lines-per-function": "off" },
  },
  {
    ignores: [".next*/**", "dist/**", "node_modules/**", "lib/generated/**", ".data/**", "test-results/**", "playwright-report/**", "next-env.d.ts", "tests/fixtures/**"],
  },
];

export default config;
