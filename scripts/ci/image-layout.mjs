#!/usr/bin/env node
// Proves the production image without a Docker daemon: puts what the
// Dockerfile's final stage copies (scripts/ci/dockerfile.mjs reads it) into an
// empty folder outside the repository, so no module can come from the
// repository's node_modules, and starts two "containers" there with the
// image's environment and CMD (start-up step, then server.js) against a fresh
// PostgreSQL database. Then checks, each a line "ok"/"FAILED":
// - ffprobe and ffmpeg (creative uploads, HLS conversion): the image installs
//   Debian's ffmpeg and names the binaries, which run confined and are builds
//   of 2023 or later (checkMediaBinaries);
// - both answer /api/health;
// - a password sign-in on server 1 gives a session server 2 accepts;
// - files beyond one machine: both keep their files in one S3-compatible
//   bucket (s3rver, run here from the repository's node_modules, not in the
//   image), each with a STORAGE_DIR of its own; an image and a creative file
//   uploaded through server 1 are served by server 2 (checkSharedFiles);
// - signed-out sign-in bodies over the limit (100 KB, or chunked) are refused
//   with 413 and count no failure, write no event (a small one does count);
// - each scheduled job runs once across the two servers (see checkSchedules).
//
//   node scripts/ci/image-layout.mjs [--report FILE]
//
// Uses the standalone build in NEXT_DIST_DIR (default .next) when there is
// one, else builds it (NEXT_OUTPUT=standalone). Settings: IMAGE_CHECK_PORTS
// (default 3300,3301), IMAGE_CHECK_DATABASE_URL (a PostgreSQL role that may
// create databases; default postgres://postgres@127.0.0.1:5432/postgres),
// CHROMIUM_PATH (default /usr/bin/chromium).
import { spawn, spawnSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { finalStage } from "./dockerfile.mjs";
import { checkBodyLimit, checkLostDatabaseLogs, checkSchedules, checkSharedFiles, checkSharedSession, scheduleEveryMinute, startDatabaseRelay } from "./image-checks.mjs";
import { startS3Server } from "./s3-server.mjs";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "../..");
const distDir = process.env.NEXT_DIST_DIR || ".next";
const ports = (process.env.IMAGE_CHECK_PORTS || "3300,3301").split(",").map(Number);
const adminUrl = process.env.IMAGE_CHECK_DATABASE_URL || "postgres://postgres@127.0.0.1:5432/postgres";
const reportFile = process.argv.includes("--report") ? process.argv[process.argv.indexOf("--report") + 1] : null;

const results = [];
const started = Date.now();
const say = (line) => console.log(`[image ${((Date.now() - started) / 1000).toFixed(0).padStart(3)} s] ${line}`);

async function check(name, fn) {
  try {
    const detail = await fn();
    results.push({ name, ok: true });
    say(`ok      ${name}${detail ? ` (${detail})` : ""}`);
  } catch (err) {
    results.push({ name, ok: false });
    say(`FAILED  ${name}: ${err instanceof Error ? err.message : err}`);
  }
}

function run(command, args, env = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: "inherit", env: { ...process.env, ...env } });
  if (result.status !== 0) throw new Error(`${command} ${args.join(" ")} exited with ${result.status}`);
}

/** The build the image would contain: Next's standalone output and the bundled start-up step. */
function build() {
  if (fs.existsSync(path.join(root, distDir, "standalone", "server.js"))) say(`using the standalone build in ${distDir}`);
  else run("npx", ["next", "build"], { NEXT_OUTPUT: "standalone", NEXT_TELEMETRY_DISABLED: "1", CHECKPOINT_DISABLE: "1" });
  run("npm", ["run", "--silent", "build:prepare"]);
}

/** An empty folder with exactly what the Dockerfile's final stage copies. */
function layOut(stage) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "dsp-image-"));
  for (let up = path.dirname(dir); ; up = path.dirname(up)) {
    if (fs.existsSync(path.join(up, "node_modules"))) throw new Error(`${up}/node_modules exists: modules could resolve from outside the image folder`);
    if (up === path.dirname(up)) break;
  }
  const inDist = (p) => p.replace(/^(\.\/)?\.next(?=\/|$)/, distDir);
  for (const { from, to } of stage.copies) {
    const target = path.join(dir, inDist(to));
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.cpSync(path.join(root, inDist(from)), target, { recursive: true, verbatimSymlinks: true });
  }
  for (const d of stage.dirs) fs.mkdirSync(path.join(dir, d), { recursive: true });
  return dir;
}

/**
 * ffprobe and ffmpeg as the image has them: its final stage installs Debian's
 * `ffmpeg` package and sets FFPROBE_PATH / FFMPEG_PATH. apt cannot run inside
 * the copied folder, so the paths it names are checked on this machine, where
 * .ci/run installs the same package: each must run `-version` the way the app
 * runs it (prlimit's address-space cap, nice; lib/creatives/media/media-tool.ts)
 * and be a build of 2023 or later, as the app requires.
 */
function checkMediaBinaries(stage) {
  if (!stage.packages.includes("ffmpeg")) throw new Error("the Dockerfile's final stage does not apt-get install ffmpeg");
  return [
    ["ffprobe", "FFPROBE_PATH"],
    ["ffmpeg", "FFMPEG_PATH"],
  ]
    .map(([name, variable]) => {
      const binary = stage.env[variable];
      if (!binary) throw new Error(`the image sets no ${variable}`);
      const run = spawnSync("prlimit", [`--as=${2048 * 1024 * 1024}`, "--", "nice", "-n", "19", binary, "-version"], { encoding: "utf8", timeout: 30_000 });
      if (run.status !== 0 || !run.stdout.startsWith(`${name} version`)) throw new Error(`${binary} -version failed: ${run.error?.message ?? run.stderr}`);
      const year = Number(/Copyright \(c\) (?:\d{4}-)?(\d{4})/.exec(run.stdout)?.[1]);
      if (!(year >= 2023)) throw new Error(`${binary} is a build of ${year || "an unknown year"}: the app refuses builds older than 2023`);
      return `${name} ${run.stdout.split(" ")[2]} (${year}) at ${binary}`;
    })
    .join(", ");
}

/** The storage settings of one "container": the shared bucket, and a STORAGE_DIR no other container sees. */
function storageEnv(s3, storageDir) {
  return {
    STORAGE_DIR: storageDir,
    STORAGE_URL: `s3://${s3.bucket}/uploads`,
    STORAGE_S3_ENDPOINT: s3.endpoint,
    STORAGE_S3_FORCE_PATH_STYLE: "true",
    STORAGE_S3_ACCESS_KEY_ID: s3.credentials.accessKeyId,
    STORAGE_S3_SECRET_ACCESS_KEY: s3.credentials.secretAccessKey,
    // The AWS SDK warns in plain text on Node before 22; the image runs Node 22, this machine may not.
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: "true",
  };
}

/** One "container": the image's CMD in the folder, with the image's environment. */
function startContainer(dir, stage, port, databaseUrl, storage) {
  const env = {
    PATH: process.env.PATH,
    ...stage.env,
    PORT: String(port),
    HOSTNAME: "127.0.0.1",
    DATABASE_URL: databaseUrl,
    // Required in production, the same in every container (docs/production.md).
    AUTH_SECRET: "image-layout-check-secret-0123456789abcdef",
    SECRETS_ENCRYPTION_KEY: crypto.createHash("sha256").update("image-layout-check").digest("base64"),
    LOG_LEVEL: "warn",
    ...storage,
  };
  const log = fs.openSync(path.join(dir, `container-${port}.log`), "w");
  const child = spawn("sh", ["-c", stage.cmd], { cwd: dir, env, stdio: ["ignore", log, log], detached: true });
  return { child, port, base: `http://127.0.0.1:${port}`, log: path.join(dir, `container-${port}.log`) };
}

async function waitForHealth(container, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (container.child.exitCode !== null) throw new Error(`exited with ${container.child.exitCode}:\n${tail(container.log)}`);
    const response = await fetch(`${container.base}/api/health`).catch(() => null);
    if (response?.status === 200) return `${container.base}/api/health 200`;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`no 200 from /api/health within ${timeoutMs / 1000} s:\n${tail(container.log)}`);
}

async function assertPortFree(port) {
  const answer = await fetch(`http://127.0.0.1:${port}/`).catch(() => null);
  if (answer) throw new Error(`port ${port} is taken by another server (IMAGE_CHECK_PORTS chooses others)`);
}

const tail = (file) => fs.readFileSync(file, "utf8").split("\n").slice(-15).join("\n");

async function main() {
  const stage = finalStage(path.join(root, "Dockerfile"));
  for (const port of ports) await assertPortFree(port);
  build();
  const dir = layOut(stage);
  say(`image folder ${dir}`);
  await check("ffprobe and ffmpeg are in the image, current, and run confined", () => checkMediaBinaries(stage));
  const database = `dsp_image_${crypto.randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${database}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  const databaseUrl = url.toString();
  // Server 2 reaches the database through a relay the last check cuts.
  const relay = await startDatabaseRelay(databaseUrl);
  const s3 = await startS3Server("image-check-files");
  const storageDirs = ports.map((port) => path.join(dir, `storage-${port}`));
  const containers = ports.map((port, i) => startContainer(dir, stage, port, i === 1 ? relay.url : databaseUrl, storageEnv(s3, storageDirs[i])));
  const db = new pg.Client({ connectionString: databaseUrl });
  try {
    // Both start together, as containers of one deployment do: migrations and seed run once.
    for (const c of containers) await check(`container on port ${c.port} starts and answers /api/health`, () => waitForHealth(c));
    if (results.some((r) => !r.ok)) return;
    await db.connect();
    const scheduled = await scheduleEveryMinute(databaseUrl);
    const [one, two] = containers.map((c) => c.base);
    let signInAction = null;
    let cookie = null;
    await check("a password sign-in on server 1 is accepted by server 2", async () => {
      const outcome = await checkSharedSession(one, two);
      signInAction = outcome.action;
      cookie = outcome.cookie;
      return outcome.detail;
    });
    await check("a file uploaded through server 1 is served by server 2 from the shared bucket", () =>
      checkSharedFiles(one, two, cookie, fs.readFileSync(path.join(root, "tests/fixtures/creatives/banner-300x250.png")), storageDirs),
    );
    await check("signed-out sign-in bodies over 8 KB or chunked: 413, no failure counted, no event written", () => checkBodyLimit(one, db, signInAction));
    await check("each scheduled job runs once across the two servers", () => checkSchedules(db, scheduled));
    // Last: server 2 loses its database for good.
    await check("server 2 without its database: a page error is one JSON line with its digest, nothing in plain text", () =>
      checkLostDatabaseLogs(two, cookie, containers[1].log, relay),
    );
  } finally {
    for (const c of containers) {
      try {
        process.kill(-c.child.pid, "SIGTERM");
      } catch {
        // already gone
      }
    }
    relay.cut();
    await s3.close().catch((e) => say(`could not stop s3rver: ${e.message}`));
    await db.end().catch(() => {});
    await new Promise((r) => setTimeout(r, 1000));
    await admin.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`).catch((e) => say(`could not drop ${database}: ${e.message}`));
    await admin.end();
    if (results.every((r) => r.ok)) fs.rmSync(dir, { recursive: true, force: true });
    else say(`kept ${dir} (container logs) for a look`);
  }
}

main()
  .catch((err) => {
    results.push({ name: "image layout check ran to the end", ok: false });
    say(`FAILED  ${err instanceof Error ? err.stack : err}`);
  })
  .finally(() => {
    const passed = results.filter((r) => r.ok).length;
    const failed = results.length - passed;
    if (reportFile) fs.writeFileSync(reportFile, JSON.stringify({ passed, failed, results }, null, 1));
    say(`${passed} passed, ${failed} failed`);
    process.exit(failed ? 1 : 0);
  });
