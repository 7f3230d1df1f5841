// Single sign-on entries per theme (shell.md 2.2): Google always; when the
// theme's identity provider is OKTA, an 'or' separator and Okta. A provider
// whose client id or secret is not configured is shown disabled, its title
// saying what is missing. Also shows why the last single sign-on failed
// (/login?error=...).
//
// A server component: it reads the request (host for the theme's SSO
// clients; x-dsp-path, set by proxy.ts, for returnUrl and error when the
// sign-in screen does not pass them).
import { headers } from "next/headers";
import type { OidcClientName } from "@/lib/tenancy/theme";
import { safeReturnPath } from "@/lib/tenancy/return-url";
import { startSsoSignIn } from "@/lib/sign-in/sso-actions";
import { asFormAction } from "@/lib/actions/result";
import { ssoAvailability, type SsoAvailability, type SsoProviderId } from "@/lib/auth/sso/config";
import { ssoErrorMessage } from "@/lib/auth/sso/messages";
import { loadSsoTheme, requestHost } from "@/lib/auth/sso/theme";
import { Button } from "@/components/ui/button";

function queryOf(path: string | null): URLSearchParams {
  try {
    return new URL(path ?? "/", "http://same-site.invalid").searchParams;
  } catch {
    return new URLSearchParams();
  }
}

export async function SsoButtons({ oidcClient, returnUrl }: { oidcClient: OidcClientName; returnUrl?: string | null }) {
  const requestHeaders = await headers();
  const query = queryOf(requestHeaders.get("x-dsp-path"));
  const availability = ssoAvailability(await loadSsoTheme(requestHost(requestHeaders)));
  const target = safeReturnPath(returnUrl ?? query.get("returnUrl"));
  const error = ssoErrorMessage(query.get("error"));

  return (
    <div className="space-y-3" data-testid="sso-buttons">
      {error && (
        <p role="alert" data-testid="sso-error" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700">
          {error}
        </p>
      )}
      <SsoButton provider="google" availability={availability.google} returnUrl={target}>
        <GoogleMark />
        Sign in with Google
      </SsoButton>
      {oidcClient === "OKTA" && (
        <>
          <div className="flex items-center gap-3 text-xs tracking-wide text-slate-400" data-testid="sso-separator">
            <span className="h-px flex-1 bg-slate-200" />
            or
            <span className="h-px flex-1 bg-slate-200" />
          </div>
          <SsoButton provider="okta" availability={availability.okta} returnUrl={target}>
            <OktaMark />
            Sign in with okta
          </SsoButton>
        </>
      )}
    </div>
  );
}

function SsoButton({
  provider,
  availability,
  returnUrl,
  children,
}: {
  provider: SsoProviderId;
  availability: SsoAvailability;
  returnUrl: string | null;
  children: React.ReactNode;
}) {
  if (!availability.enabled) {
    return (
      <Button size="lg" disabled title={availability.reason} className="w-full">
        {children}
      </Button>
    );
  }
  return (
    <form action={asFormAction(startSsoSignIn.bind(null, { provider, returnUrl }))}>
      <Button type="submit" size="lg" className="w-full">
        {children}
      </Button>
    </form>
  );
}


function GoogleMark() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="h-4 w-4">
      <path fill="#4285F4" d="M22.5 12.3c0-.8-.1-1.5-.2-2.2H12v4.2h5.9a5 5 0 0 1-2.2 3.3v2.7h3.5c2.1-1.9 3.3-4.7 3.3-8Z" />
      <path fill="#34A853" d="M12 23c3 0 5.5-1 7.3-2.7l-3.5-2.7c-1 .7-2.3 1.1-3.8 1.1-2.9 0-5.4-2-6.3-4.6H2.1v2.8A11 11 0 0 0 12 23Z" />
      <path fill="#FBBC05" d="M5.7 14.1a6.6 6.6 0 0 1 0-4.2V7.1H2.1a11 11 0 0 0 0 9.8l3.6-2.8Z" />
      <path fill="#EA4335" d="M12 5.4c1.6 0 3.1.6 4.2 1.7l3.1-3.1A11 11 0 0 0 2.1 7.1l3.6 2.8C6.6 7.3 9.1 5.4 12 5.4Z" />
    </svg>
  );
}

function OktaMark() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="h-4 w-4">
      <circle cx="12" cy="12" r="9" fill="none" stroke="#007DC1" strokeWidth="4" />
    </svg>
  );
}
