// 50 connections for 30 s (autocannon, in this process) against one URL of
// the running server: every answer's time is kept, so the line gives exact
// p50/p95/p99 of the answered requests; a request unanswered after 10 s is a
// timeout, and timeouts and non-2xx answers are the errors. When more than
// (100 - p)% of the requests timed out, percentile p is past the timeout and
// printed as such.
import { performance } from "node:perf_hooks";
import type { Figure } from "./figures";
import { percentile } from "./figures";

type Instance = NodeJS.EventEmitter & { stop(): void };
type Result = { errors: number; timeouts: number; non2xx: number; duration: number };
// autocannon ships no types; only what is used here.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const autocannon = require("autocannon") as (opts: Record<string, unknown>, done: (err: Error | null, result: Result) => void) => Instance;

export const CONNECTIONS = 50;
export const SECONDS = 30;
const TIMEOUT_SECONDS = 10;

/** The URL's time with nothing else asking (median of 3, after one): what the 50 connections share. */
async function alone(url: string, headers: Record<string, string>): Promise<string> {
  const ms: number[] = [];
  for (let i = 0; i < 4; i++) {
    const t0 = performance.now();
    const res = await fetch(url, { headers, redirect: "manual", signal: AbortSignal.timeout(120_000) });
    await res.text();
    if (res.status !== 200) return `alone it answered ${res.status}`;
    if (i > 0) ms.push(performance.now() - t0);
  }
  return `alone ${percentile(ms, 50)!.toFixed(0)} ms`;
}

/**
 * 50 connections for 30 s against `urls` (the same path on several servers:
 * the connections split evenly among them, as a load balancer would).
 */
export async function loadFigure(name: string, urls: string | string[], headers: Record<string, string>): Promise<Figure> {
  const targets = typeof urls === "string" ? [urls] : urls;
  const single = await alone(targets[0], headers);
  const times: number[] = [];
  const statuses = new Map<number, number>();
  const runs = await Promise.all(
    targets.map(
      (url, i) =>
        new Promise<Result>((resolve, reject) => {
          const connections = Math.floor(CONNECTIONS / targets.length) + (i < CONNECTIONS % targets.length ? 1 : 0);
          const instance = autocannon({ url, connections, duration: SECONDS, timeout: TIMEOUT_SECONDS, headers }, (err, r) => (err ? reject(err) : resolve(r)));
          instance.on("response", (_client: unknown, status: number, _bytes: number, ms: number) => {
            statuses.set(status, (statuses.get(status) ?? 0) + 1);
            if (status >= 200 && status < 300) times.push(ms);
          });
        }),
    ),
  );
  const result: Result = {
    errors: runs.reduce((n, r) => n + r.errors, 0),
    timeouts: runs.reduce((n, r) => n + r.timeouts, 0),
    non2xx: runs.reduce((n, r) => n + r.non2xx, 0),
    duration: Math.max(...runs.map((r) => r.duration)),
  };
  const answered = times.length;
  const timedOut = result.timeouts / Math.max(1, result.timeouts + answered + result.non2xx);
  const past = (p: number) => (timedOut > (100 - p) / 100 ? TIMEOUT_SECONDS * 1000 : percentile(times, p));
  const other = [...statuses].filter(([s]) => s < 200 || s >= 300).map(([s, n]) => `${n} x ${s}`);
  return {
    name: `${name}, ${CONNECTIONS} connections ${SECONDS} s`,
    p50: past(50),
    p95: past(95),
    p99: past(99),
    n: answered,
    errors: result.errors + result.non2xx,
    note: `${single}; ${(answered / result.duration).toFixed(1)} answers/s; ${result.timeouts} timeouts after ${TIMEOUT_SECONDS} s${other.length ? `; ${other.join(", ")}` : ""}${timedOut > 0.01 ? "; percentiles past the timeout shown as 10 s" : ""}`,
  };
}
