// Next.js and the libraries it runs print through console.* (a render error
// as a multi-line plain-text dump, start-up notes, warnings). In production
// every such call becomes one JSON line of lib/log.ts, so a log shipper never
// sees a line it cannot parse. An error that carries a digest is one Next is
// about to hand to onRequestError, which logs it with the request's route:
// that line is waited for, and written here only if it never comes.
import { inspect } from "node:util";
import { firstReportOf, log } from "./log";

type Level = "debug" | "info" | "warn" | "error";
const METHODS: Record<"debug" | "log" | "info" | "warn" | "error", Level> = { debug: "debug", log: "info", info: "info", warn: "warn", error: "error" };

/** How long an error with a digest waits for its onRequestError line. */
export const REQUEST_ERROR_WAIT_MS = 2_000;

/** Next's marks in front of its messages (⨯ error, ⚠ warning, ▲ banner, ✓ done, ○ ●). */
const MARKS = /^[\s⨯⚠▲✓○●•]+/u;

const isError = (value: unknown): value is Error => value instanceof Error;

function text(args: unknown[]): string {
  return args
    .filter((a) => !isError(a))
    .map((a) => (typeof a === "string" ? a : inspect(a, { depth: 4, breakLength: Infinity })))
    .join(" ")
    .replace(MARKS, "")
    .trim();
}

/** One console call as one JSON line. */
export function consoleLine(level: Level, args: unknown[]): void {
  const err = args.find(isError);
  const msg = text(args) || err?.message.split("\n").find((l) => l.trim())?.trim() || "console";
  const digest = (err as { digest?: unknown } | undefined)?.digest;
  const write = () => log[level](msg, err ? { err, ...(typeof digest === "string" ? { digest } : {}) } : undefined);
  if (!err) return write();
  if (typeof digest !== "string") return firstReportOf(err) ? write() : undefined;
  setTimeout(() => {
    if (firstReportOf(err)) write();
  }, REQUEST_ERROR_WAIT_MS).unref();
}

let installed = false;

/** Routes console.* through lib/log.ts for the rest of the process (the server calls it once at start). */
export function installConsoleBridge(): void {
  if (installed) return;
  installed = true;
  for (const [method, level] of Object.entries(METHODS) as [keyof typeof METHODS, Level][]) {
    console[method] = (...args: unknown[]) => consoleLine(level, args);
  }
}
