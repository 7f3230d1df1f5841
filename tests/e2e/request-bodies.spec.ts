// Against the production server: a signed-in caller without the right to
// write cannot make the server read a large body (it holds memory and the
// event loop for everyone), and a body over its route's cap is 413.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import { expect, test, type Browser } from "@playwright/test";
import { BASE_URL } from "../../playwright.config";
import { signIn, USERS } from "./helpers";

const MB = 1024 * 1024;

/** The pid of the process listening on the server's port (the Next server itself). */
function serverPid(): number {
  const port = new URL(BASE_URL).port;
  const out = execFileSync("ss", ["-Hltnp", `sport = :${port}`], { encoding: "utf8" });
  const pid = /pid=(\d+)/.exec(out)?.[1];
  if (!pid) throw new Error(`no process listens on ${port}: ${out}`);
  return Number(pid);
}

function rssBytes(pid: number): number {
  const kb = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
  return Number(kb) * 1024;
}

async function sessionCookie(browser: Browser, email: string): Promise<string> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, email);
  const cookies = await context.cookies();
  await context.close();
  return cookies.map((c) => `${c.name}=${c.value}`).join("; ");
}

/**
 * POSTs `size` bytes of CSV rows with a declared length; resolves with the
 * status and the time to the answer's headers (the server may answer before
 * the body is all sent, as it should when it refuses).
 */
function postCsv(path: string, cookie: string, size: number): Promise<{ status: number; ms: number }> {
  const line = Buffer.from("2030-11-01T10:00:00Z,1,,,IN,PHONE,100,4\n");
  const chunk = Buffer.concat(Array.from({ length: Math.ceil(MB / line.length) }, () => line)).subarray(0, MB);
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const request = http.request(`${BASE_URL}${path}`, {
      method: "POST",
      headers: { "content-type": "text/csv", "content-length": String(size), cookie, origin: BASE_URL },
    });
    request.on("response", (response) => {
      resolve({ status: response.statusCode ?? 0, ms: performance.now() - started });
      response.resume();
    });
    // The server may close the connection once it has answered: what is left unsent does not matter.
    request.on("error", (e: NodeJS.ErrnoException) => (e.code === "EPIPE" || e.code === "ECONNRESET" ? undefined : reject(e)));
    let sent = 0;
    const pump = () => {
      while (sent < size) {
        const piece = chunk.subarray(0, Math.min(chunk.length, size - sent));
        sent += piece.length;
        if (!request.write(piece)) return void request.once("drain", pump);
      }
      request.end();
    };
    pump();
  });
}

/** Polls /api/health every 50 ms until stopped; the slowest answer and whether all were 200. */
function watchHealth() {
  let slowest = 0;
  let failures = 0;
  let running = true;
  const loop = (async () => {
    while (running) {
      const started = performance.now();
      const answer = await fetch(`${BASE_URL}/api/health`).catch(() => null);
      if (answer?.status !== 200) failures += 1;
      await answer?.arrayBuffer();
      slowest = Math.max(slowest, performance.now() - started);
      await new Promise((r) => setTimeout(r, 50));
    }
  })();
  return async () => {
    running = false;
    await loop;
    return { slowest, failures };
  };
}

test("read-only and demo sessions posting 40 MB get 403 at once, the server's memory stays flat and health keeps answering; a read-write post over the cap is 413", async ({ browser }) => {
  test.setTimeout(180_000);
  const pid = serverPid();
  for (const email of [USERS.demo, USERS.ro]) {
    const cookie = await sessionCookie(browser, email);
    // A warm-up request, so the route's code is loaded before memory is measured.
    expect((await postCsv("/api/v1/delivery", cookie, 1024)).status).toBe(403);
    const before = rssBytes(pid);
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, rssBytes(pid))), 20);
    const stopHealth = watchHealth();
    const answer = await postCsv("/api/v1/delivery", cookie, 40 * MB);
    // Let the rest of the body arrive (the server drains it) while memory is still watched.
    await new Promise((r) => setTimeout(r, 1_000));
    clearInterval(sampler);
    const health = await stopHealth();
    const growthMb = (peak - before) / MB;
    console.log(`${email}: ${answer.status} in ${Math.round(answer.ms)} ms, RSS +${growthMb.toFixed(1)} MB, slowest health ${Math.round(health.slowest)} ms`);
    expect(answer.status).toBe(403);
    expect(answer.ms).toBeLessThan(1_000);
    expect(growthMb).toBeLessThan(50);
    expect(health).toMatchObject({ failures: 0 });
    expect(health.slowest).toBeLessThan(1_000);
  }
  const rw = await sessionCookie(browser, USERS.rw);
  const over = await postCsv("/api/v1/delivery", rw, 129 * MB);
  expect(over.status).toBe(413);
  expect(over.ms).toBeLessThan(1_000);
});
