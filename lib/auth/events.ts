// The account access log (AuthEvent): sign-ins, refused passwords and codes,
// lockouts, sign-outs, 'End All Sessions', licensee switches and API key use,
// each with time, user, client address and user agent. Users read their own
// recent sign-ins under the user menu; the rest is for investigations.
//
// Recording never decides anything: the rules (throttling, lockout) live in
// their own modules. A failure to record is logged and swallowed, so an access
// decision already taken is never turned into a server error by its log line.
import { headers } from "next/headers";
import { db, type Tx } from "../db";
import { log } from "../log";
import type { AuthEventType } from "../generated/prisma/enums";
import { clientIpFrom } from "./throttle";

export type { AuthEventType };

/** Rows older than this are pruned by the scheduled job (pruneAuthEvents). */
export const AUTH_EVENT_RETENTION_DAYS = 180;

/** Who is on the other end of a request, as far as the server can tell. */
export interface ClientInfo {
  ip: string | null;
  userAgent: string | null;
}

export interface AuthEventInput {
  type: AuthEventType;
  userId?: number | null;
  /** The e-mail typed, for failed attempts where no user is known. */
  email?: string | null;
  licenseeId?: number | null;
  client?: ClientInfo | null;
  /** A short note: sign-in method, API key prefix, ... */
  detail?: string | null;
  at?: Date;
}

/** The client address (TRUST_PROXY_HOPS rules, lib/auth/throttle.ts) and user agent of a request. */
export function clientInfoFrom(headers: { get(name: string): string | null }): ClientInfo {
  return { ip: clientIpFrom(headers), userAgent: headers.get("user-agent")?.slice(0, 512) || null };
}

const NO_CLIENT: ClientInfo = { ip: null, userAgent: null };

/** clientInfoFrom the request being served (next/headers); nothing outside a request (scripts, jobs, tests without one). */
export async function requestClientInfo(): Promise<ClientInfo> {
  try {
    return clientInfoFrom(await headers());
  } catch {
    return NO_CLIENT;
  }
}

const cut = (value: string | null | undefined, max: number) => (value ? value.slice(0, max) : null);

function rowOf(input: AuthEventInput) {
  return {
    type: input.type,
    userId: input.userId ?? null,
    email: cut(input.email, 254),
    licenseeId: input.licenseeId ?? null,
    clientIp: cut(input.client?.ip, 64),
    userAgent: cut(input.client?.userAgent, 512),
    detail: cut(input.detail, 200),
    ...(input.at ? { createdAt: input.at } : {}),
  };
}

/**
 * Records one event. Pass `tx` to record it in the same transaction as the
 * change it describes (a licensee switch, 'End All Sessions'); without one it
 * is written on its own and a failure is only logged.
 */
export async function recordAuthEvent(input: AuthEventInput, tx?: Tx): Promise<void> {
  if (tx) {
    await tx.authEvent.create({ data: rowOf(input) });
    return;
  }
  try {
    await db.authEvent.create({ data: rowOf(input) });
  } catch (err) {
    log.error("auth event not recorded", { type: input.type, err: err instanceof Error ? err : new Error(String(err)) });
  }
}

/** What the user sees of their own access log: newest first. */
export interface AuthEventView {
  type: AuthEventType;
  at: string;
  clientIp: string | null;
  userAgent: string | null;
  detail: string | null;
}

/** The user's own recent events of the given types (default: sign-ins), newest first. */
export async function listRecentAuthEvents(
  userId: number,
  opts: { types?: AuthEventType[]; limit?: number } = {},
): Promise<AuthEventView[]> {
  const rows = await db.authEvent.findMany({
    where: { userId, type: { in: opts.types ?? ["SIGN_IN"] } },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: Math.min(Math.max(opts.limit ?? 20, 1), 100),
    select: { type: true, createdAt: true, clientIp: true, userAgent: true, detail: true },
  });
  return rows.map((r) => ({ type: r.type, at: r.createdAt.toISOString(), clientIp: r.clientIp, userAgent: r.userAgent, detail: r.detail }));
}

/** Deletes events past the retention period; run by a scheduled job. */
export async function pruneAuthEvents(now: Date = new Date()): Promise<number> {
  const before = new Date(now.getTime() - AUTH_EVENT_RETENTION_DAYS * 24 * 3600 * 1000);
  return (await db.authEvent.deleteMany({ where: { createdAt: { lt: before } } })).count;
}
