// Login tickets: the last step of every sign-in path (password, password + code,
// SSO) issues one; next-auth's Credentials provider redeems it exactly once.
// This keeps next-auth's cookie and CSRF handling while our own code decides
// whether a sign-in may happen.
import crypto from "node:crypto";
import { db } from "../db";
import type { SessionClaims } from "./claims";

const TICKET_TTL_MS = 60_000;

/**
 * Stored as the ticket's licensee when the sign-in has none yet (the user
 * selects one after signing in): licensee ids start at 1.
 */
const NO_LICENSEE = 0;

const hash = (ticket: string) => crypto.createHash("sha256").update(ticket).digest("hex");

export async function issueLoginTicket(userId: number, licenseeId: number | null): Promise<string> {
  const ticket = crypto.randomBytes(32).toString("base64url");
  await db.loginTicket.create({
    data: { id: hash(ticket), userId, licenseeId: licenseeId ?? NO_LICENSEE, expiresAt: new Date(Date.now() + TICKET_TTL_MS) },
  });
  return ticket;
}

export async function redeemLoginTicket(ticket: unknown): Promise<SessionClaims | null> {
  if (typeof ticket !== "string" || ticket.length < 20 || ticket.length > 100) return null;
  const id = hash(ticket);
  // One conditional update: a ticket is spent once even under concurrent redemption.
  const spent = await db.loginTicket.updateMany({
    where: { id, consumedAt: null, expiresAt: { gt: new Date() } },
    data: { consumedAt: new Date() },
  });
  if (spent.count !== 1) return null;
  const row = await db.loginTicket.findUnique({ where: { id } });
  const user = row && (await db.user.findUnique({ where: { id: row.userId } }));
  if (!row || !user || user.disabled) return null;
  const licenseeId = row.licenseeId === NO_LICENSEE ? null : row.licenseeId;
  return { userId: user.id, licenseeId, sessionVersion: user.sessionVersion };
}
