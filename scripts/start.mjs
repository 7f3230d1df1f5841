#!/usr/bin/env node
// npm start: prepare the database (migrate, seed when empty), build when there is
// no build, then serve. `--dev` serves with `next dev` instead.
// On PGlite with no AUTH_SECRET a secret is generated once into .data/ so a
// fresh machine needs no configuration; on PostgreSQL (production, many
// containers) AUTH_SECRET must be given, since every container must share it.
import { spawnSync, spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { loadDotEnv } from "./load-dotenv.mjs";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const dev = process.argv.includes("--dev");
const env = { ...process.env, NEXT_TELEMETRY_DISABLED: "1", CHECKPOINT_DISABLE: "1" };

// The children (prepare, next) get .env through `env`; variables already set win.
loadDotEnv(path.join(root, ".env"), env);

const onPostgres = /^postgres(ql)?:\/\//.test(env.DATABASE_URL ?? "");
if (!env.AUTH_SECRET) {
  if (onPostgres) {
    console.error("Invalid configuration:\n  AUTH_SECRET: required when DATABASE_URL points at PostgreSQL (all containers must share it)");
    process.exit(1);
  }
  const file = path.join(root, ".data", "auth-secret");
  fs.mkdirSync(path.dirname(file), { recursive: true });
  if (!fs.existsSync(file)) fs.writeFileSync(file, crypto.randomBytes(32).toString("hex"), { mode: 0o600 });
  env.AUTH_SECRET = fs.readFileSync(file, "utf8").trim();
}
// The key of stored secrets (feed passwords, lib/crypto/secrets.ts): required by the
// production server; on PGlite one is generated once, like AUTH_SECRET above.
if (!env.SECRETS_ENCRYPTION_KEY) {
  if (onPostgres && !dev) {
    console.error("Invalid configuration:\n  SECRETS_ENCRYPTION_KEY: required when NODE_ENV=production (all containers must share it)");
    process.exit(1);
  }
  if (!onPostgres) {
    const file = path.join(root, ".data", "secrets-key");
    fs.mkdirSync(path.dirname(file), { recursive: true });
    if (!fs.existsSync(file)) fs.writeFileSync(file, crypto.randomBytes(32).toString("base64"), { mode: 0o600 });
    env.SECRETS_ENCRYPTION_KEY = fs.readFileSync(file, "utf8").trim();
  }
}

// Video uploads and HLS conversion run ffmpeg and ffprobe (Debian's by default):
// installed here when missing and we may (root, apt-get), else one line of warning.
const mediaTools = [env.FFMPEG_PATH || "ffmpeg", env.FFPROBE_PATH || "ffprobe"];
const runs = (file, args = ["-version"]) => spawnSync(file, args, { stdio: "ignore" }).status === 0;
const missingTools = () => mediaTools.filter((tool) => !runs(tool));
if (missingTools().length && process.getuid?.() === 0 && runs("apt-get", ["--version"])) {
  const apt = { stdio: "inherit", env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" } };
  spawnSync("apt-get", ["update", "-qq"], apt);
  spawnSync("apt-get", ["install", "-y", "-qq", "--no-install-recommends", "ffmpeg"], apt);
}
const missing = missingTools();
if (missing.length) console.warn(`WARNING: ${missing.join(" and ")} cannot run (apt-get install ffmpeg): video uploads and HLS conversion will fail`);

function run(cmd, args) {
  const result = spawnSync(cmd, args, { cwd: root, env, stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const bin = (name) => path.join(root, "node_modules", ".bin", name);

run(bin("tsx"), [path.join("scripts", "prepare.ts")]);

const port = env.PORT || "3000"; // validated by prepare.ts (lib/env)
// The server's own port, for the page cache's renders through 127.0.0.1 (lib/page-cache/serve.ts).
env.PORT = port;
if (dev) {
  env.NODE_ENV = "development";
} else {
  env.NODE_ENV = "production";
  if (!fs.existsSync(path.join(root, env.NEXT_DIST_DIR || ".next", "BUILD_ID"))) run(bin("next"), ["build"]);
}
const server = spawn(bin("next"), [dev ? "dev" : "start", "-p", port], { cwd: root, env, stdio: "inherit" });
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));
