// Structured JSON logs, one object per line on stdout (stderr for errors), so a
// container platform can ship and index them. LOG_LEVEL comes from lib/env.
import type { Instrumentation } from "next";
import { env } from "./env";
import { isCancelledRequest } from "./connections/errors";

type Level = "debug" | "info" | "warn" | "error";
const ORDER: Record<Level, number> = { debug: 10, info: 20, warn: 30, error: 40 };

function threshold(): number {
  try {
    return ORDER[env().LOG_LEVEL];
  } catch {
    // Invalid configuration is reported by start-up; logging must not throw meanwhile.
    return ORDER.info;
  }
}

function emit(level: Level, msg: string, fields?: Record<string, unknown>) {
  if (ORDER[level] < threshold()) return;
  const record: Record<string, unknown> = { time: new Date().toISOString(), level, msg, ...fields };
  if (fields?.err instanceof Error) record.err = errorFields(fields.err);
  const line = JSON.stringify(record);
  if (level === "error" || level === "warn") process.stderr.write(line + "\n");
  else process.stdout.write(line + "\n");
}

/** An error as log fields; a database error's code (P1001, 57P01...) says most at a glance. */
function errorFields(err: Error): Record<string, unknown> {
  const code = (err as { code?: unknown }).code;
  return { message: err.message, name: err.name, stack: err.stack, ...(typeof code === "string" ? { code } : {}) };
}

export const log = {
  debug: (msg: string, fields?: Record<string, unknown>) => emit("debug", msg, fields),
  info: (msg: string, fields?: Record<string, unknown>) => emit("info", msg, fields),
  warn: (msg: string, fields?: Record<string, unknown>) => emit("warn", msg, fields),
  error: (msg: string, fields?: Record<string, unknown>) => emit("error", msg, fields),
};

/** What Next passes to instrumentation's onRequestError (next's Instrumentation.onRequestError). */
export type RequestErrorArgs = Parameters<Instrumentation.onRequestError>;

/** Headers worth a log line; the others (cookies, authorization) may hold secrets. */
const LOGGED_HEADERS = ["host", "user-agent", "x-forwarded-for", "x-request-id"] as const;

/**
 * The fields of one error Next caught while serving a request (a render, a
 * route handler, a server action or the proxy). The query string is dropped:
 * links such as password resets carry tokens there. `digest` is the id Next
 * shows on its error page, so a user's report can be matched to this line.
 */
export function requestErrorFields(...[error, request, context]: RequestErrorArgs): Record<string, unknown> {
  const err = error instanceof Error ? error : new Error(String(error));
  const digest = (error as { digest?: unknown } | null)?.digest;
  const headers: Record<string, string> = {};
  for (const name of LOGGED_HEADERS) {
    const value = request.headers[name];
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(", ") : value;
  }
  return {
    method: request.method,
    path: request.path.split("?")[0],
    headers,
    routerKind: context.routerKind,
    routePath: context.routePath,
    routeType: context.routeType,
    ...(context.renderSource ? { renderSource: context.renderSource } : {}),
    ...(context.revalidateReason ? { revalidateReason: context.revalidateReason } : {}),
    ...(typeof digest === "string" ? { digest } : {}),
    err,
  };
}

/**
 * Errors already written as a line. Next reports one error more than once (a
 * render error reaches onRequestError from the server components' render and
 * again from the HTML render, the same object) and also prints it itself
 * (lib/log-console.ts): each error object is one line.
 */
const loggedErrors = new WeakSet<object>();

/** Marks an error as written; false when it already was. */
export function firstReportOf(error: unknown): boolean {
  if (typeof error !== "object" || error === null) return true;
  if (loggedErrors.has(error)) return false;
  loggedErrors.add(error);
  return true;
}

export function logRequestError(...args: RequestErrorArgs): void {
  if (!firstReportOf(args[0])) return;
  // A render stopped because its browser went (lib/db/managed-pool.ts) is no fault of the server.
  if (isCancelledRequest(args[0])) log.info("request cancelled: its client has gone", requestErrorFields(...args));
  else log.error("request error", requestErrorFields(...args));
}
