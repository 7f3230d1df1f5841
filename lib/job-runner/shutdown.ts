// A stopping container (SIGTERM from Docker or Kubernetes, SIGINT) drains its
// background jobs: it takes no new job, lets the running ones finish within
// JOBS_SHUTDOWN_GRACE_SECONDS, and fails those still running back to their
// queue (pg-boss's graceful stop), where another container takes them after
// the queue's retry delay.
//
// Next's own signal handler meanwhile stops accepting connections, lets open
// requests finish and then calls process.exit. Next offers no hook between
// the two (NEXT_MANUAL_SIG_HANDLE would leave the HTTP drain to us too, without
// the server to drain), so process.exit is held here until the jobs are
// drained, or `limitMs` has passed, whichever comes first.
import { log } from "../log";
import { withTimeout } from "../timeout";

const SIGNALS = ["SIGTERM", "SIGINT"] as const;

type Holder = { installed?: boolean; draining?: Promise<void> };
// One per process: Next evaluates server modules once per bundle.
const holder = ((globalThis as Record<string, unknown>).__dspShutdownDrain ??= {}) as Holder;

/** The drain under way, if a stop signal came. */
export function shutdownDrain(): Promise<void> | undefined {
  return holder.draining;
}

/**
 * On the first SIGTERM or SIGINT, runs `drain` (at most `limitMs`), and holds
 * any process.exit until it has ended. Installs once per process.
 */
export function installShutdownDrain(drain: () => Promise<void>, limitMs: number): void {
  if (holder.installed) return;
  holder.installed = true;
  const start = (signal: string) => {
    if (holder.draining) return;
    const started = Date.now();
    log.info("shutdown: draining background jobs", { signal, limitMs });
    holder.draining = withTimeout(drain(), limitMs).then(
      (outcome) => log.info(outcome === "timeout" ? "shutdown: drain cut off" : "shutdown: jobs drained", { ms: Date.now() - started }),
      (err) => log.error("shutdown: drain failed", { err, ms: Date.now() - started }),
    );
  };
  for (const signal of SIGNALS) process.on(signal, () => start(signal));
  const exit = process.exit.bind(process);
  process.exit = ((code?: number | string | null) => {
    if (!holder.draining) return exit(code);
    void holder.draining.finally(() => exit(code));
  }) as typeof process.exit;
}
