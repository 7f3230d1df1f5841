"use server";
// Sign-in and sign-out actions: thin wrappers around ./login.ts. They add what only
// a request has (client address, the attempt cookie) and, once every check has
// passed, turn the outcome into a session: a single-use login ticket redeemed
// by next-auth's Credentials provider, which sets the session cookie.
import { cookies, headers } from "next/headers";
import { AuthError } from "next-auth";
import { signIn } from "../auth/index";
import { defineSignOutAction } from "./sign-out-action";
import type { SessionClaims } from "../auth/claims";
import { abandonSignIn, resendSignInCode, startSignIn, verifySignInCode } from "./login";
import { OTP_COOKIE, OTP_MAX_RESENDS, otpConfig } from "../auth/otp";
import { clientInfoFrom, recordAuthEvent, type ClientInfo } from "../auth/events";
import { issueLoginTicket } from "../auth/tickets";
import { z } from "../validation/z";
import { defineAction } from "../actions/define-action";
import { FormSubmitSchema, NoInputSchema } from "../actions/fields";
import { log } from "../log";
import { returnPathOrHome } from "../tenancy/return-url";
import {
  CAPTCHA_REQUIRED_CODE,
  WRONG_CREDENTIALS,
  type LoginStep,
  type OtpStep,
  type ResendStep,
} from "./login-schema";

/** Ends in a session cookie (and a SIGN_IN in the access log), or false when next-auth refused the ticket. */
async function completeSignIn(claims: SessionClaims, method: string, client: ClientInfo): Promise<boolean> {
  const ticket = await issueLoginTicket(claims.userId, claims.licenseeId);
  try {
    await signIn("credentials", { ticket, redirect: false });
    await recordAuthEvent({ type: "SIGN_IN", userId: claims.userId, licenseeId: claims.licenseeId, client, detail: method });
    return true;
  } catch (err) {
    if (err instanceof AuthError) {
      log.info("sign-in refused", { reason: err.type });
      return false;
    }
    throw err;
  }
}

/**
 * The post-login path (shell.md 4): the returnUrl, else home. A user who still
 * has to select a licensee goes back to the sign-in screen, which shows the
 * 'Select Licensee' dialog and continues to the same place afterwards.
 */
function afterSignIn(claims: SessionClaims, returnUrl: string | null | undefined): string {
  const next = returnPathOrHome(returnUrl);
  return claims.licenseeId === null ? `/login?${new URLSearchParams({ returnUrl: next })}` : next;
}

async function isHttps(): Promise<boolean> {
  const h = await headers();
  const proto = h.get("x-forwarded-proto")?.split(",")[0]?.trim();
  return proto === "https" || (h.get("origin") ?? "").startsWith("https://");
}

async function setAttemptCookie(challengeId: string) {
  const { validitySeconds } = otpConfig();
  (await cookies()).set(OTP_COOKIE, challengeId, {
    httpOnly: true,
    sameSite: "lax",
    secure: await isHttps(),
    path: "/",
    maxAge: validitySeconds * (OTP_MAX_RESENDS + 1),
  });
}

async function attemptCookie(): Promise<string | null> {
  return (await cookies()).get(OTP_COOKIE)?.value ?? null;
}

async function clearAttemptCookie() {
  (await cookies()).delete(OTP_COOKIE);
}

// The sign-in steps take what the browser sends as it is: the rules of
// lib/sign-in/login.ts decide, and every refusal there says nothing a guesser
// could use (a malformed e-mail is "Username or password is incorrect", not a
// field message). So the schemas only turn a value of the wrong type into an
// empty one, which those rules refuse the same way.
const text = z.string().catch("");
const returnUrl = z.string().nullish().catch(null);

export const loginAction = defineAction({
  name: "auth.login",
  access: "public",
  session: "none",
  input: z.object({ email: text, password: text, captcha: z.string().nullish().catch(null), returnUrl }),
  run: async ({ input }): Promise<LoginStep> => {
    const client = clientInfoFrom(await headers());
    const outcome = await startSignIn({
      email: input.email,
      password: input.password,
      captcha: input.captcha,
      clientIp: client.ip,
      userAgent: client.userAgent,
    });
    switch (outcome.status) {
      case "signed-in":
        if (!(await completeSignIn(outcome.claims, "password", client))) return { status: "refused", message: WRONG_CREDENTIALS };
        return { status: "signed-in", redirectTo: afterSignIn(outcome.claims, input.returnUrl) };
      case "otp":
        await setAttemptCookie(outcome.challengeId);
        return { status: "otp", codeLength: outcome.codeLength, resendInSeconds: outcome.resendInSeconds };
      case "refused":
        return {
          status: "refused",
          message: outcome.message,
          ...(outcome.captchaRequired ? { code: CAPTCHA_REQUIRED_CODE } : {}),
          ...(outcome.field ? { field: outcome.field } : {}),
        };
    }
  },
});

export const verifyOtpAction = defineAction({
  name: "auth.verifyOtp",
  access: "public",
  session: "none",
  input: z.object({ code: text, returnUrl }),
  run: async ({ input }): Promise<OtpStep> => {
    const client = clientInfoFrom(await headers());
    const outcome = await verifySignInCode(await attemptCookie(), input.code, { client });
    if (outcome.status === "refused") {
      if (outcome.dead) await clearAttemptCookie();
      return outcome;
    }
    await clearAttemptCookie();
    if (!(await completeSignIn(outcome.claims, "password + code", client))) return { status: "refused", message: WRONG_CREDENTIALS, dead: true };
    return { status: "signed-in", redirectTo: afterSignIn(outcome.claims, input.returnUrl) };
  },
});

export const resendOtpAction = defineAction({
  name: "auth.resendOtp",
  access: "public",
  session: "none",
  input: NoInputSchema,
  run: async (): Promise<ResendStep> => {
    const outcome = await resendSignInCode(await attemptCookie());
    if (outcome.status === "refused" && outcome.dead) await clearAttemptCookie();
    return outcome;
  },
});

export const cancelOtpAction = defineAction({
  name: "auth.cancelOtp",
  access: "public",
  session: "none",
  input: NoInputSchema,
  run: async () => {
    await abandonSignIn(await attemptCookie());
    await clearAttemptCookie();
    return null;
  },
});

/** Sign Out from the user menu's fallback (no account menu): ends the session and opens the sign-in page. */
export const signOutAction = defineSignOutAction("auth.signOut", FormSubmitSchema, "/login");
