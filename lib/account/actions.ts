"use server";
// Server actions of the user menu, the licensee selector and the Generate API
// Key page: session, then the logic of this folder, then the session cookie or
// the cache. Every argument comes from the browser and is re-checked by the logic.
// All but changing the password, choosing a licensee and signing out need a
// session with a licensee and no forced password change (requireSession).
import { revalidatePath } from "next/cache";
import { headers } from "next/headers";
import { clientInfoFrom } from "../auth/events";
import { signOut } from "../auth";
import { requireSession, requireSessionAllowingPasswordChange, requireSessionState } from "../auth/session";
import { runAction, type ActionResult } from "../data/action-result";
import { changePassword } from "./change-password";
import { PASSWORD_MESSAGES } from "./password-policy";
import { issueLoginTicket } from "../auth/tickets";
import { chooseLicensee, listLicenseeChoices, type LicenseeOption } from "./switch-licensee";
import { endAllSessions } from "./sessions";
import { setTwoFactor } from "./two-factor";
import { listRecentSignIns, type RecentSignIns } from "../auth/recent-sign-ins";
import { createApiKey, revokeApiKey } from "./api-keys";
import type { ApiKeyView } from "./api-key-schema";

/**
 * `ticket` re-issues this browser's session with the new claims: the client
 * posts it to /api/v1/session (lib/account/session-reissue.ts says why an
 * action cannot set that cookie itself).
 */
export interface Reissue {
  ticket: string;
}

export async function changePasswordAction(input: unknown): Promise<ActionResult<Reissue & { message: string }>> {
  return runAction("changePassword", async () => {
    const ctx = await requireSessionAllowingPasswordChange();
    // The change ends every session of the user, this one included until the
    // client re-issues it with the ticket.
    const claims = await changePassword(ctx, input, { client: clientInfoFrom(await headers()) });
    return { message: PASSWORD_MESSAGES.changed, ticket: await issueLoginTicket(claims.userId, claims.licenseeId) };
  });
}

/**
 * Sign Out: ends this session on the server (its id is revoked by next-auth's
 * signOut event, lib/auth/index.ts) and clears the cookie; the user's other
 * sessions go on. The client then loads /login itself (a full load).
 */
export async function endSessionAction(): Promise<void> {
  await signOut({ redirect: false });
}

/** Sign Out Everywhere: ends every session of the user, this one included, and revokes their API keys. */
export async function endAllSessionsAction(): Promise<ActionResult<null>> {
  return runAction("endAllSessions", async () => {
    await endAllSessions(await requireSessionAllowingPasswordChange(), clientInfoFrom(await headers()));
    await signOut({ redirect: false });
    return null;
  });
}

/** The licensees of the 'Select Licensee' (no licensee yet) or 'Switch Licensee' dialog. */
export async function listLicenseesAction(): Promise<ActionResult<LicenseeOption[]>> {
  return runAction("listLicensees", async () => listLicenseeChoices(await requireSessionState()));
}

export interface SwitchResult extends Reissue {
  licenseeId: number;
  licenseeName: string;
  /** shell.md 4: demo users skip the preference load and the redirect home. */
  goHome: boolean;
}

/** Selects the first licensee after sign-in, or switches to another one. */
export async function switchLicenseeAction(licenseeId: number): Promise<ActionResult<SwitchResult>> {
  return runAction("switchLicensee", async () => {
    const { claims, context } = await chooseLicensee(await requireSessionState(), licenseeId);
    return {
      ticket: await issueLoginTicket(claims.userId, claims.licenseeId),
      licenseeId: context.licenseeId,
      licenseeName: context.licenseeName,
      goHome: context.role !== "DEMO",
    };
  });
}

/** Turning the second factor off takes the current password (a message beside its field when missing or wrong). */
export async function setTwoFactorAction(
  enabled: boolean,
  password?: string,
): Promise<ActionResult<{ enabled: boolean; message: string }>> {
  return runAction("setTwoFactor", async () => {
    const ctx = await requireSession();
    return setTwoFactor(ctx, enabled, password, { client: clientInfoFrom(await headers()) });
  });
}

/** The signed-in user's own recent sign-ins (user menu, 'Recent Sign-ins'). */
export async function listRecentSignInsAction(): Promise<ActionResult<RecentSignIns>> {
  return runAction("listRecentSignIns", async () => listRecentSignIns(await requireSession()));
}

export async function createApiKeyAction(input: unknown): Promise<ActionResult<{ key: ApiKeyView; secret: string }>> {
  return runAction("createApiKey", async () => {
    const result = await createApiKey(await requireSession(), input);
    revalidatePath("/home/generate_token");
    return result;
  });
}

export async function revokeApiKeyAction(id: number): Promise<ActionResult<ApiKeyView>> {
  return runAction("revokeApiKey", async () => {
    const key = await revokeApiKey(await requireSession(), id);
    revalidatePath("/home/generate_token");
    return key;
  });
}
