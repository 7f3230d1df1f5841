"use server";
// Server actions of the user menu, the licensee selector and the Generate API
// Key page, built with defineAction (session, role, ids, result shape). Every
// input is re-checked by the logic of this folder.
// All but changing the password, choosing a licensee and signing out need a
// session with a licensee and no forced password change. The account writes
// use the account tables (the system client, with their own short
// transactions), so they run outside an action transaction.
import { headers } from "next/headers";
import { z } from "../validation/z";
import { defineAction, defineReadAction } from "../actions/define-action";
import { IdSchema, NoInputSchema } from "../actions/fields";
import { clientInfoFrom } from "../auth/events";
import { signOut } from "../auth";
import { defineSignOutAction } from "../sign-in/sign-out-action";
import { ROLES } from "../auth/roles";
import { issueLoginTicket } from "../auth/tickets";
import { listRecentSignIns } from "./recent-sign-ins";
import { changePassword } from "./change-password";
import { ChangePasswordSchema, PASSWORD_MESSAGES } from "./password-policy";
import { chooseLicensee, listLicenseeChoices } from "./switch-licensee";
import { endAllSessions } from "./sessions";
import { setTwoFactor } from "./two-factor";
import { createApiKey, revokeApiKey } from "./api-keys";
import { ApiKeyCreateSchema } from "./api-key-schema";

/**
 * `ticket` re-issues this browser's session with the new claims: the client
 * posts it to /api/v1/session (lib/account/session-reissue.ts says why an
 * action cannot set that cookie itself).
 */
export interface Reissue {
  ticket: string;
}

export interface SwitchResult extends Reissue {
  licenseeId: number;
  licenseeName: string;
  /** shell.md 4: demo users skip the preference load and the redirect home. */
  goHome: boolean;
}

const API_KEYS_PAGE = "/home/generate_token";

/** The change ends every session of the user, this one included until the client re-issues it with the ticket. */
export const changePasswordAction = defineAction({
  name: "account.changePassword",
  access: "write",
  session: "password-change",
  roles: ROLES, // whether the user may is the account's own setting (changePassword checks it)
  transaction: false,
  input: ChangePasswordSchema,
  run: async ({ ctx, input }): Promise<Reissue & { message: string }> => {
    const claims = await changePassword(ctx, input, { client: clientInfoFrom(await headers()) });
    return { message: PASSWORD_MESSAGES.changed, ticket: await issueLoginTicket(claims.userId, claims.licenseeId) };
  },
});

/** Sign Out: ends this session only; the client then loads /login itself (a full load). */
export const endSessionAction = defineSignOutAction("account.endSession", NoInputSchema);

/** Sign Out Everywhere: ends every session of the user, this one included, and revokes their API keys. */
export const endAllSessionsAction = defineAction({
  name: "account.endAllSessions",
  access: "write",
  session: "password-change",
  roles: ROLES,
  transaction: false,
  input: NoInputSchema,
  run: async ({ ctx }) => {
    await endAllSessions(ctx, clientInfoFrom(await headers()));
    await signOut({ redirect: false });
    return null;
  },
});

/** The licensees of the 'Select Licensee' (no licensee yet) or 'Switch Licensee' dialog. */
export const listLicenseesAction = defineAction({
  name: "account.listLicensees",
  access: "read",
  session: "any",
  input: NoInputSchema,
  run: ({ session }) => listLicenseeChoices(session),
});

/** Selects the first licensee after sign-in, or switches to another one (a membership's privilege, checked by chooseLicensee). */
export const switchLicenseeAction = defineAction({
  name: "account.switchLicensee",
  access: "write",
  session: "any",
  roles: ROLES,
  input: z.object({ licenseeId: IdSchema }),
  run: async ({ session, input }): Promise<SwitchResult> => {
    const { claims, context } = await chooseLicensee(session, input.licenseeId);
    return {
      ticket: await issueLoginTicket(claims.userId, claims.licenseeId),
      licenseeId: context.licenseeId,
      licenseeName: context.licenseeName,
      goHome: context.role !== "DEMO",
    };
  },
});

/** Turning the second factor off takes the current password (a message beside its field when missing or wrong). */
export const setTwoFactorAction = defineAction({
  name: "account.setTwoFactor",
  access: "write",
  roles: ROLES, // whether the user may is the account's own setting (setTwoFactor checks it)
  transaction: false,
  input: z.object({ enabled: z.boolean({ error: "enabled must be true or false" }), password: z.string().max(1024).optional() }),
  run: async ({ ctx, input }) => setTwoFactor(ctx, input.enabled, input.password, { client: clientInfoFrom(await headers()) }),
});

/** The signed-in user's own recent sign-ins (user menu, 'Recent Sign-ins'). */
export const listRecentSignInsAction = defineReadAction("account.listRecentSignIns", NoInputSchema, ({ ctx }) => listRecentSignIns(ctx));

// The Generate API Key page: hidden for demo users (404) and disabled for
// read-only users (403 on create), as api-keys.ts decides; read-only users
// may still revoke a key kept from an earlier read-write role.
export const createApiKeyAction = defineAction({
  name: "account.createApiKey",
  access: "write",
  roles: ROLES,
  input: ApiKeyCreateSchema,
  run: ({ ctx, db, input }) => createApiKey({ ctx, db }, input),
  // The secret is never stored: a repeat of the same submission gets the key without it.
  idempotent: { remembered: ({ key }) => ({ key, secret: "" }) },
  revalidate: [API_KEYS_PAGE],
});

export const revokeApiKeyAction = defineAction({
  name: "account.revokeApiKey",
  access: "write",
  roles: ROLES,
  input: z.object({ id: IdSchema }),
  run: ({ ctx, db, input }) => revokeApiKey({ ctx, db }, input.id),
  revalidate: [API_KEYS_PAGE],
});
