// The checks image-layout.mjs runs against its two "containers" (server 1 and
// server 2 on one PostgreSQL database). Each returns a short detail or throws.
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import { chromium } from "@playwright/test";
import { PgBoss } from "pg-boss";

const EMAIL = "rw@default.test";
const PASSWORD = "Demo@12345";
const CHECK_KEY = "image-layout-check";
const SEND_IT_QUEUE = "__pgboss__send-it"; // where pg-boss files each schedule occurrence before sending it

function expect(condition, message) {
  if (!condition) throw new Error(message);
}

/**
 * Signs in through the real form on server 1 (Chromium), then presents the
 * session cookie to server 2. Also returns the sign-in's server action as the
 * browser sent it (id and headers), for checkBodyLimit.
 */
export async function checkSharedSession(one, two) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
  });
  try {
    const context = await browser.newContext();
    const page = await context.newPage();
    let action = null;
    page.on("request", (request) => {
      const id = request.headers()["next-action"];
      if (id && request.method() === "POST" && new URL(request.url()).pathname === "/login") action ??= { id, contentType: request.headers()["content-type"] };
    });
    await page.goto(`${one}/login`);
    await page.getByLabel("Email").fill(EMAIL);
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: "Login", exact: true }).click();
    await page.waitForURL((url) => url.pathname === "/home", { timeout: 30_000 });
    const cookie = (await context.cookies(one)).map((c) => `${c.name}=${c.value}`).join("; ");

    const anonymous = await fetch(`${two}/api/v1/me`);
    expect(anonymous.status === 401, `server 2 /api/v1/me without a cookie answered ${anonymous.status}, expected 401`);
    const me = await fetch(`${two}/api/v1/me`, { headers: { cookie } });
    const body = await me.text();
    expect(me.status === 200 && body.includes(EMAIL), `server 2 /api/v1/me with server 1's cookie answered ${me.status}: ${body.slice(0, 200)}`);
    const home = await fetch(`${two}/home`, { headers: { cookie }, redirect: "manual" });
    expect(home.status === 200, `server 2 /home with server 1's cookie answered ${home.status} ${home.headers.get("location") ?? ""}`);
    return { action, cookie, detail: `signed in on ${one}, ${two}/api/v1/me and /home answer 200` };
  } finally {
    await browser.close();
  }
}

/** One sign-in action POST: the arguments as React encodes them, sent with or without a length. */
function postSignIn(base, action, args, { chunked = false } = {}) {
  const body = Buffer.from(JSON.stringify([args]));
  const headers = { "next-action": action.id, "content-type": action.contentType || "text/plain;charset=UTF-8", accept: "text/x-component", origin: base };
  return new Promise((resolve, reject) => {
    const request = http.request(`${base}/login`, { method: "POST", headers: chunked ? headers : { ...headers, "content-length": body.length } }, (response) => {
      response.resume();
      response.on("end", () => resolve(response.statusCode));
    });
    request.on("error", reject);
    if (chunked) {
      // No Content-Length: Node sends it chunked, in pieces.
      for (let i = 0; i < body.length; i += 64) request.write(body.subarray(i, i + 64));
    } else {
      request.write(body);
    }
    request.end();
  });
}

/**
 * Everything sign-in writes (counters, events, tickets, challenges): every
 * public table whose name says so, whatever other changes call them.
 */
async function signInState(db) {
  const { rows: tables } = await db.query(
    `SELECT tablename FROM pg_tables WHERE schemaname = 'public' AND tablename ~* '(login|throttle|auth|otp|lockout|signin|attempt|ticket)' ORDER BY 1`,
  );
  const parts = [];
  for (const { tablename } of tables) {
    const { rows } = await db.query(`SELECT count(*)::int AS n, md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) AS h FROM "${tablename}" t`);
    parts.push(`${tablename}:${rows[0].n}:${rows[0].h}`);
  }
  return { tables: tables.map((t) => t.tablename), fingerprint: parts.join(" ") };
}

export async function checkBodyLimit(base, db, action) {
  expect(action, "the sign-in check did not capture the sign-in action");
  const email = `image-check-${crypto.randomBytes(4).toString("hex")}@example.invalid`;
  const wrong = { email, password: "Wrong@12345", captcha: null, returnUrl: null };
  const settle = () => new Promise((r) => setTimeout(r, 500));

  // Control: a small wrong attempt reaches the action and is counted.
  const before = await signInState(db);
  expect(before.tables.length > 0, "no sign-in tables found");
  const small = await postSignIn(base, action, wrong);
  await settle();
  const counted = await signInState(db);
  expect(small === 200, `a small sign-in POST answered ${small}, expected 200`);
  expect(counted.fingerprint !== before.fingerprint, "a small wrong sign-in changed nothing in the sign-in tables: the check cannot see a counted failure");

  const big = await postSignIn(base, action, { ...wrong, returnUrl: `/${"x".repeat(100 * 1024)}` });
  const chunked = await postSignIn(base, action, wrong, { chunked: true });
  await settle();
  const after = await signInState(db);
  expect(big === 413, `a 100 KB sign-in POST answered ${big}, expected 413`);
  expect(chunked === 413, `a chunked sign-in POST answered ${chunked}, expected 413`);
  expect(after.fingerprint === counted.fingerprint, `the refused POSTs changed the sign-in tables (${after.tables.join(", ")})`);
  return `small: 200 and counted; 100 KB: 413; chunked: 413; ${after.tables.join(", ")} unchanged`;
}

/**
 * Most of the app's schedules fire every 5 minutes or daily: too slow to wait
 * for. So each such queue gets a second, every-minute schedule (its own key, a
 * marker in its data) through pg-boss itself, once both servers have
 * registered theirs. Both servers' schedulers then see it, exactly as they see
 * the real ones, and their workers run what it sends. A queue the app already
 * schedules every minute (report-template-sweep) is watched on its own
 * schedule: its queues are "stately" (one job waiting at a time), so a second
 * job filed in the same minute as the app's own is dropped whenever the own
 * one still waits, as happened on a loaded machine in three minutes running.
 */
export async function scheduleEveryMinute(databaseUrl, timeoutMs = 60_000) {
  const boss = new PgBoss({ connectionString: databaseUrl, schema: "pgboss", supervise: false, schedule: false, migrate: false });
  boss.on("error", () => {});
  await boss.start();
  try {
    const deadline = Date.now() + timeoutMs;
    let own = [];
    while (Date.now() < deadline) {
      own = (await boss.getSchedules()).filter((s) => !s.key);
      if (own.length) break;
      await new Promise((r) => setTimeout(r, 1000));
    }
    expect(own.length, "no scheduled jobs registered by the servers");
    const runId = crypto.randomBytes(6).toString("hex");
    const since = new Date();
    const everyMinute = own.filter((s) => s.cron === "* * * * *").map((s) => s.name);
    const names = own.map((s) => s.name).filter((name) => !everyMinute.includes(name));
    for (const name of names) await boss.schedule(name, "* * * * *", { imageLayoutCheck: runId }, { key: CHECK_KEY, tz: "UTC" });
    return { names, everyMinute, runId, since };
  } finally {
    await boss.stop({ graceful: false });
  }
}

/**
 * Each minute slot of each schedule watched must be filed once (pg-boss lets
 * one scheduler per interval file occurrences, keyed by slot) and its job run
 * by one of the two servers: at least one slot run per queue, none failed, no
 * more runs than slots. Watched: the check's own schedules (jobs carrying its
 * marker) and the app's every-minute ones (their jobs since the check began,
 * their filed slots from a little before, so no run lacks its slot).
 * Waits for the next slot to pass (at most about 100 s: the rest of the minute
 * plus pg-boss's 30-second scheduling interval).
 */
export async function checkSchedules(db, { names, everyMinute, runId, since }, timeoutMs = 150_000) {
  const all = [...names, ...everyMinute];
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { rows: filed } = await db.query(
      `SELECT data->>'name' AS name, data->>'slot' AS slot, count(*)::int AS n FROM pgboss.job
        WHERE name = $1 AND (data->>'key' = $2 OR (data->>'name' = ANY($3) AND coalesce(data->>'key', '') = '' AND created_on >= $4::timestamptz - interval '2 minutes'))
        GROUP BY 1, 2`,
      [SEND_IT_QUEUE, CHECK_KEY, everyMinute, since],
    );
    const { rows: runs } = await db.query(
      `SELECT name, state, count(*)::int AS n FROM pgboss.job
        WHERE (name = ANY($1) AND data->>'imageLayoutCheck' = $2) OR (name = ANY($3) AND created_on >= $4)
        GROUP BY 1, 2`,
      [names, runId, everyMinute, since],
    );
    const completed = (name) => runs.filter((r) => r.name === name && r.state === "completed").reduce((s, r) => s + r.n, 0);
    if (all.every((name) => completed(name) > 0)) {
      for (const f of filed) expect(f.n === 1, `${f.name}: slot ${f.slot} was filed ${f.n} times`);
      for (const name of all) {
        const slots = filed.filter((f) => f.name === name).length;
        const total = runs.filter((r) => r.name === name).reduce((s, r) => s + r.n, 0);
        expect(total <= slots, `${name}: ${total} jobs for ${slots} slot(s)`);
        expect(!runs.some((r) => r.name === name && r.state === "failed"), `${name}: a run failed`);
      }
      const slots = [...new Set(filed.map((f) => f.slot))].sort().join(", ");
      return `${all.join(", ")}: slot(s) ${slots} filed once each and run once`;
    }
    if (Date.now() > deadline) throw new Error(`not every queue ran a slot within ${timeoutMs / 1000} s: ${JSON.stringify(runs)}`);
    await new Promise((r) => setTimeout(r, 2000));
  }
}

/**
 * A TCP relay to the database that the check can cut, as a network failure
 * would: `url` is databaseUrl through the relay; cut() drops every open
 * connection and stops taking new ones.
 */
export async function startDatabaseRelay(databaseUrl) {
  const target = new URL(databaseUrl);
  const sockets = new Set();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on("error", () => s.destroy());
      s.on("close", () => sockets.delete(s));
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = new URL(databaseUrl);
  url.hostname = "127.0.0.1";
  url.port = String(server.address().port);
  return {
    url: url.toString(),
    cut: () => {
      server.close();
      for (const s of sockets) s.destroy();
    },
  };
}

/**
 * With its database gone, a signed-in page on the server fails, and what the
 * server writes about it is JSON lines only: each error Next caught is one
 * line with its digest (no plain-text dump, no error written twice).
 */
export async function checkLostDatabaseLogs(base, cookie, logFile, relay) {
  const from = fs.statSync(logFile).size;
  relay.cut();
  const page = await fetch(`${base}/home`, { headers: { cookie }, redirect: "manual" });
  expect(page.status === 500, `/home without a database answered ${page.status}, expected 500`);
  // An error Next printed waits up to 2 s for its onRequestError line (lib/log-console.ts).
  await new Promise((r) => setTimeout(r, 3_000));
  const lines = fs.readFileSync(logFile).subarray(from).toString("utf8").split("\n").filter((l) => l.trim() !== "");
  const plain = lines.filter((l) => {
    try {
      return typeof JSON.parse(l) !== "object";
    } catch {
      return true;
    }
  });
  expect(plain.length === 0, `lines that are not JSON after the database was cut:\n${plain.slice(0, 10).join("\n")}`);
  const errors = lines.map((l) => JSON.parse(l)).filter((r) => r.msg === "request error" && r.path === "/home");
  expect(errors.length > 0, `no "request error" line for /home among ${lines.length} lines`);
  expect(errors.every((r) => typeof r.digest === "string"), "a request error line without its digest");
  const digests = new Set(errors.map((r) => r.digest));
  expect(digests.size === errors.length, `${errors.length} request error lines for ${digests.size} errors: an error was written twice`);
  return `/home 500; ${lines.length} lines, all JSON; ${errors.length} request error line(s), each with its own digest`;
}

/**
 * Files beyond one machine: the servers keep their files in one S3-compatible
 * bucket, each with a STORAGE_DIR of its own. An image and a creative file
 * uploaded through server 1's upload routes (the image library's and the
 * creative upload's, as the browser sends them) are served by server 2 under
 * /api/files/<key> with the same bytes, whole and in part; they are nowhere in
 * either STORAGE_DIR, and without a session they are refused.
 */
export async function checkSharedFiles(one, two, cookie, image, storageDirs) {
  const me = await fetch(`${one}/api/v1/me`, { headers: { cookie } });
  const meBody = await me.json();
  const advertiserId = meBody.respObject?.advertisers?.[0]?.id;
  expect(me.status === 200 && advertiserId, `server 1 /api/v1/me named no advertiser (${me.status})`);
  /** Uploads `image` through `route` of server 1 and returns the /api/files URL its answer names. */
  const upload = async (route, fields, urlOf) => {
    const form = new FormData();
    for (const [name, value] of Object.entries({ advertiserId: String(advertiserId), ...fields })) form.append(name, value);
    form.append("file", new Blob([image], { type: "image/png" }), "shared-file-check.png");
    const answer = await fetch(`${one}${route}`, { method: "POST", headers: { cookie }, body: form });
    const body = await answer.json().catch(() => null);
    const url = urlOf(body);
    expect(answer.status === 200 && typeof url === "string" && url.startsWith("/api/files/"), `the upload to server 1 ${route} answered ${answer.status}: ${JSON.stringify(body).slice(0, 300)}`);
    return url;
  };
  const urls = [
    await upload("/api/uploads/images", { kind: "FALLBACK" }, (b) => b?.data?.[0]?.url),
    await upload("/v2/api/upload/creative", { type: "IMAGE" }, (b) => b?.data?.[0]?.filePath),
  ];
  for (const url of urls) {
    const whole = await fetch(`${two}${url}`, { headers: { cookie } });
    const bytes = Buffer.from(await whole.arrayBuffer());
    expect(whole.status === 200 && bytes.equals(image), `server 2 ${url} answered ${whole.status} with ${bytes.length} bytes, expected ${image.length} identical bytes`);
    const tail = await fetch(`${two}${url}`, { headers: { cookie, range: "bytes=-100" } });
    const tailBytes = Buffer.from(await tail.arrayBuffer());
    expect(tail.status === 206 && tailBytes.equals(image.subarray(-100)), `server 2 ${url} with Range bytes=-100 answered ${tail.status} with ${tailBytes.length} bytes`);
    const anonymous = await fetch(`${two}${url}`);
    await anonymous.arrayBuffer();
    expect(anonymous.status === 401, `server 2 ${url} without a session answered ${anonymous.status}, expected 401`);
  }
  const local = storageDirs.flatMap((dir) => (fs.existsSync(dir) ? fs.readdirSync(dir, { recursive: true }) : []));
  expect(local.length === 0, `files were written to a STORAGE_DIR instead of the bucket: ${local.slice(0, 5).join(", ")}`);
  return `an image and a creative file uploaded to ${one}: ${two} served the same ${image.length} bytes of each (and the last 100 as 206); both STORAGE_DIRs empty`;
}
