// Structured JSON logs, one object per line on stdout (stderr for errors), so a
// container platform can ship and index them. LOG_LEVEL comes from lib/env.ts.
import { env } from "./env";

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
  if (fields?.err instanceof Error) {
    record.err = { message: fields.err.message, name: fields.err.name, stack: fields.err.stack };
  }
  const line = JSON.stringify(record);
  if (level === "error" || level === "warn") process.stderr.write(line + "\n");
  else process.stdout.write(line + "\n");
}

export const log = {
  debug: (msg: string, fields?: Record<string, unknown>) => emit("debug", msg, fields),
  info: (msg: string, fields?: Record<string, unknown>) => emit("info", msg, fields),
  warn: (msg: string, fields?: Record<string, unknown>) => emit("warn", msg, fields),
  error: (msg: string, fields?: Record<string, unknown>) => emit("error", msg, fields),
};
