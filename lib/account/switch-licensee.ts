// Licensee switching (shell.md 2.4, 4). A user may switch only when the
// membership of the current licensee allows it, and only into a licensee they
// are a member of; the role is that membership's role. A user who signed in
// without a licensee (several memberships, none default) must select one of
// theirs first ('Select Licensee'); the switch option plays no part there.
// Each switch or selection goes to the access log (LICENSEE_SWITCH).
import { db } from "../db";
import { recordAuthEvent, requestClientInfo } from "../auth/events";
import type { SessionClaims } from "../auth/claims";
import { loadSessionContext, requireActive, type SessionContext, type SessionState } from "../auth/context";
import { ForbiddenError, NotFoundError } from "../errors";
import { parseId } from "../data/gate";

export const SWITCH_FORBIDDEN = "You are not allowed to switch licensee";

export interface LicenseeOption {
  id: number;
  name: string;
  /** The licensee of the current session. */
  current: boolean;
}

/** The licensees the user can switch into, sorted by name (shell.md 7 "User privilege"). */
export async function listSwitchableLicensees(ctx: SessionContext): Promise<LicenseeOption[]> {
  if (!ctx.canSwitch) throw new ForbiddenError(SWITCH_FORBIDDEN);
  const rows = await db.membership.findMany({
    where: { userId: ctx.userId },
    select: { licensee: { select: { id: true, name: true } } },
  });
  return sortByName(rows.map((r) => ({ ...r.licensee, current: r.licensee.id === ctx.licenseeId })));
}

function sortByName(options: LicenseeOption[]): LicenseeOption[] {
  return options.sort((a, b) => a.name.localeCompare(b.name, undefined, { sensitivity: "base" }) || a.id - b.id);
}

/**
 * Checks the switch and returns the claims of the new session and what it
 * will see. Writes nothing: the caller re-issues the session cookie.
 */
export async function switchLicensee(
  ctx: SessionContext,
  licenseeId: unknown,
): Promise<{ claims: SessionClaims; context: SessionContext }> {
  if (!ctx.canSwitch) throw new ForbiddenError(SWITCH_FORBIDDEN);
  return enterLicensee(ctx.userId, licenseeId, ctx.licenseeId);
}

/** 'Select Licensee' or 'Switch Licensee', by the state of the session. */
export async function listLicenseeChoices(state: SessionState): Promise<LicenseeOption[]> {
  if (state.status === "active") return listSwitchableLicensees(requireActive(state));
  const rows = await db.membership.findMany({
    where: { userId: state.user.userId },
    select: { licensee: { select: { id: true, name: true } } },
  });
  return sortByName(rows.map((r) => ({ ...r.licensee, current: false })));
}

export async function chooseLicensee(
  state: SessionState,
  licenseeId: unknown,
): Promise<{ claims: SessionClaims; context: SessionContext }> {
  if (state.status === "active") return switchLicensee(requireActive(state), licenseeId);
  return enterLicensee(state.user.userId, licenseeId, null);
}

/** `from`: the licensee being left; null for the first choice after signing in. */
async function enterLicensee(
  userId: number,
  licenseeId: unknown,
  from: number | null,
): Promise<{ claims: SessionClaims; context: SessionContext }> {
  const id = parseId(
    typeof licenseeId === "number" || typeof licenseeId === "string" ? String(licenseeId) : undefined,
  );
  const user = await db.user.findUnique({
    where: { id: userId },
    select: { sessionVersion: true, memberships: { where: { licenseeId: id }, select: { id: true } } },
  });
  // Not a member: the same answer as a licensee that does not exist.
  if (!user || user.memberships.length === 0) throw new NotFoundError("Licensee");
  const claims = { userId, licenseeId: id, sessionVersion: user.sessionVersion };
  const context = await loadSessionContext(claims);
  // Nothing is written by the switch itself (the caller re-issues the cookie), so no transaction to join.
  await recordAuthEvent({
    type: "LICENSEE_SWITCH",
    userId,
    licenseeId: id,
    client: await requestClientInfo(),
    detail: from === null ? "selected after sign-in" : `from licensee ${from}`,
  });
  return { claims, context };
}
