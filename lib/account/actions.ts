"use server";
// Server actions of the user menu and the Generate API Key page: session, then
// the logic of this folder, then the session cookie or the cache. Every
// argument comes from the browser and is re-checked by the logic.
import { revalidatePath } from "next/cache";
import { signOut } from "../auth";
import { requireSession } from "../auth/session";
import { runAction, type ActionResult } from "../data/action-result";
import { changePassword } from "./change-password";
import { PASSWORD_MESSAGES } from "./password-policy";
import { issueLoginTicket } from "../auth/tickets";
import { listSwitchableLicensees, switchLicensee, type LicenseeOption } from "./switch-licensee";
import { setTwoFactor } from "./two-factor";
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
    const ctx = await requireSession();
    // The change ends every session of the user, this one included until the
    // client re-issues it with the ticket.
    const claims = await changePassword(ctx, input);
    return { message: PASSWORD_MESSAGES.changed, ticket: await issueLoginTicket(claims.userId, claims.licenseeId) };
  });
}

/** Clears the session cookie; the client then loads /login itself (a full load). */
export async function endSessionAction(): Promise<void> {
  await signOut({ redirect: false });
}

export async function listLicenseesAction(): Promise<ActionResult<LicenseeOption[]>> {
  return runAction("listLicensees", async () => listSwitchableLicensees(await requireSession()));
}

export interface SwitchResult extends Reissue {
  licenseeId: number;
  licenseeName: string;
  /** shell.md 4: demo users skip the preference load and the redirect home. */
  goHome: boolean;
}

export async function switchLicenseeAction(licenseeId: number): Promise<ActionResult<SwitchResult>> {
  return runAction("switchLicensee", async () => {
    const ctx = await requireSession();
    const { claims, context } = await switchLicensee(ctx, licenseeId);
    return {
      ticket: await issueLoginTicket(claims.userId, claims.licenseeId),
      licenseeId: context.licenseeId,
      licenseeName: context.licenseeName,
      goHome: context.role !== "DEMO",
    };
  });
}

export async function setTwoFactorAction(enabled: boolean): Promise<ActionResult<{ enabled: boolean; message: string }>> {
  return runAction("setTwoFactor", async () => setTwoFactor(await requireSession(), enabled));
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
