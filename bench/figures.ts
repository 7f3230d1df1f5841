// The bench's figures: timed samples, their percentiles, one printed line
// each, and the JSON file docs/performance.md's table is filled from.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";

export interface Figure {
  name: string;
  /** Milliseconds; null when no sample succeeded. */
  p50: number | null;
  p95: number | null;
  p99?: number | null;
  /** Successful samples. */
  n: number;
  errors: number;
  /** What else the figure says (requests/s, rows, file size, the first error ...). */
  note?: string;
}

export function percentile(values: number[], p: number): number | null {
  if (!values.length) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

const ms = (v: number | null | undefined) => (v === null || v === undefined ? "-" : v >= 10_000 ? `${(v / 1000).toFixed(1)} s` : `${v.toFixed(0)} ms`);

export function machine() {
  const [one, five, fifteen] = os.loadavg();
  return { loadavg: [one, five, fifteen].map((v) => Number(v.toFixed(2))), nproc: os.availableParallelism(), at: new Date().toISOString() };
}

export class Results {
  readonly figures: Figure[] = [];
  readonly facts: Record<string, unknown> = {};

  constructor(private readonly print: (line: string) => void) {}

  add(f: Figure): Figure {
    this.figures.push(f);
    const p99 = f.p99 !== undefined ? `  p99 ${ms(f.p99)}` : "";
    this.print(`${f.name.padEnd(64)} p50 ${ms(f.p50).padStart(8)}  p95 ${ms(f.p95).padStart(8)}${p99}  n ${String(f.n).padStart(5)}  errors ${f.errors}${f.note ? `  (${f.note})` : ""}`);
    return f;
  }

  write(dir: string): string {
    fs.mkdirSync(dir, { recursive: true });
    const file = path.join(dir, `${new Date().toISOString().replace(/[:.]/g, "-")}.json`);
    fs.writeFileSync(file, JSON.stringify({ ...this.facts, figures: this.figures }, null, 2));
    return file;
  }
}

/** One sample: how long it took and whether its answer was the right one (else `error` says why). */
export interface Sample {
  ms: number;
  error?: string;
}

/**
 * `runs` samples of `fn`, `before` (not timed) ahead of each one. A sample
 * that fails counts as an error, its time left out of the percentiles.
 */
export async function sample(runs: number, fn: () => Promise<Sample>, before?: () => Promise<void>): Promise<Omit<Figure, "name">> {
  const times: number[] = [];
  let errors = 0;
  let firstError: string | undefined;
  for (let i = 0; i < runs; i++) {
    await before?.();
    let s: Sample;
    try {
      s = await fn();
    } catch (e) {
      s = { ms: 0, error: e instanceof Error ? e.message : String(e) };
    }
    if (s.error) {
      errors++;
      firstError ??= s.error;
    } else times.push(s.ms);
  }
  return { p50: percentile(times, 50), p95: percentile(times, 95), n: times.length, errors, ...(firstError ? { note: `first error: ${firstError.slice(0, 200)}` } : {}) };
}

/** A request timed to its last byte; a status other than `expect` is the sample's error. */
export async function timedFetch(url: string, init: RequestInit & { expect?: number; check?: (body: string) => string | null } = {}): Promise<Sample & { body: string; status: number }> {
  const t0 = performance.now();
  const res = await fetch(url, { redirect: "manual", signal: AbortSignal.timeout(300_000), ...init });
  const body = await res.text();
  const elapsed = performance.now() - t0;
  const expected = init.expect ?? 200;
  if (res.status !== expected) return { ms: elapsed, body, status: res.status, error: `${res.status} ${res.headers.get("location") ?? ""} ${body.slice(0, 160)}` };
  const problem = init.check?.(body) ?? null;
  return { ms: elapsed, body, status: res.status, ...(problem ? { error: problem } : {}) };
}
