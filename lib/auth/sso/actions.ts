"use server";
// Starts a single sign-on: next-auth sets its state/PKCE cookies and sends the
// browser to the identity provider, which returns to
// /api/auth/callback/<provider> on this host; next-auth then forwards to
// /ologin, which continues the usual post-login path (returnUrl or /home).
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { signIn } from "../index";
import { returnPathOrHome } from "../../tenancy/return-url";
import { ssoClients, type SsoProviderId } from "./config";
import { SSO_UNAVAILABLE_PATH } from "./messages";
import { loadSsoTheme, requestHost } from "./theme";

export async function startSsoSignIn(provider: SsoProviderId, returnUrl: string | null): Promise<void> {
  const theme = await loadSsoTheme(requestHost(await headers()));
  if (!ssoClients(theme).some((c) => c.id === provider)) redirect(SSO_UNAVAILABLE_PATH);
  const next = `/ologin?${new URLSearchParams({ returnUrl: returnPathOrHome(returnUrl) })}`;
  await signIn(provider, { redirectTo: next });
}
