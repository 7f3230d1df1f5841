"use server";
// Starts a single sign-on: next-auth sets its state/PKCE cookies and sends the
// browser to the identity provider, which returns to
// /api/auth/callback/<provider> on this host; next-auth then forwards to
// /ologin, which continues the usual post-login path (returnUrl or /home).
// Used as a form action, bound to its input: { provider, returnUrl }.
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { z } from "../validation/z";
import { defineAction } from "../actions/define-action";
import { signIn } from "../auth/index";
import { returnPathOrHome } from "../tenancy/return-url";
import { ssoClients, type SsoProviderId } from "../auth/sso/config";
import { SSO_UNAVAILABLE_PATH } from "../auth/sso/messages";
import { loadSsoTheme, requestHost } from "../auth/sso/theme";

export const startSsoSignIn = defineAction({
  name: "auth.startSso",
  access: "public",
  session: "none",
  // A provider this host's theme does not offer is sent to the "unavailable" page below, not refused as input.
  input: z.object({ provider: z.string().max(64), returnUrl: z.string().nullish().catch(null) }),
  run: async ({ input }) => {
    const theme = await loadSsoTheme(requestHost(await headers()));
    if (!ssoClients(theme).some((c) => c.id === input.provider)) redirect(SSO_UNAVAILABLE_PATH);
    const next = `/ologin?${new URLSearchParams({ returnUrl: returnPathOrHome(input.returnUrl) })}`;
    await signIn(input.provider as SsoProviderId, { redirectTo: next }); // a redirect to the identity provider
    return null;
  },
});
