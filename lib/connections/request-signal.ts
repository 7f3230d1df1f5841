// The AbortSignal of a console page request, carried from proxy.ts to the
// page's render. Next gives a route handler `request.signal` (aborted when
// the client disconnects before the answer is complete), but a server
// component no signal at all (Next 16 aborts a render only for a superseded
// dev refresh). The proxy's request has that signal, tied to the same
// response, and runs in the same process before the render: it registers the
// signal under a fresh id sent on to the render in a request header, and the
// page's session lookup takes it back (lib/auth/request.ts) and binds it
// to the session context, whose tenant client then cancels its statements
// when the browser goes.
//
// The registry lives on globalThis: the proxy and the pages are separate
// bundles, each with its own copy of this module. An id is random and taken
// once, so a client naming another request's id cannot reach its signal.
import crypto from "node:crypto";

export const REQUEST_ID_HEADER = "x-dsp-request";

/** How long an untaken signal is kept (a request whose render never asked for it). */
const KEEP_MS = 60_000;

type Entry = { signal: AbortSignal; until: number };
type Holder = { entries?: Map<string, Entry> };
const holder = ((globalThis as Record<string, unknown>).__dspRequestSignals ??= {}) as Holder;
const entries = (holder.entries ??= new Map<string, Entry>());

/**
 * Keeps `signal` for the render of this request; the id to send on in
 * REQUEST_ID_HEADER. Kept even once aborted: a render that starts after its
 * client went then fails at its first statement instead of running.
 */
export function registerRequestSignal(signal: AbortSignal, now: number = Date.now()): string {
  // Insertion order is time order: the expired ones are at the front.
  for (const [id, entry] of entries) {
    if (entry.until > now) break;
    entries.delete(id);
  }
  const id = crypto.randomUUID();
  entries.set(id, { signal, until: now + KEEP_MS });
  return id;
}

/** The signal registered under `id`, once (later calls find nothing). */
export function takeRequestSignal(id: string | null | undefined): AbortSignal | undefined {
  const entry = id ? entries.get(id) : undefined;
  if (!entry || !id) return undefined;
  entries.delete(id);
  return entry.signal;
}

/** How many signals are kept (tests). */
export function keptRequestSignals(): number {
  return entries.size;
}
