// The sign-in screen (shell.md 2.2), shared by / and /login. The e-mail and
// password form shows only on the default theme; every theme shows its single
// sign-on buttons. Signed in: 'Redirecting to home page...'; signed in without
// a licensee yet: the 'Select Licensee' dialog (shell.md 2.4, 4). With
// ?expired=1 (a session the server refused) it says the session expired.
import { getRequestTheme } from "@/lib/auth/request";
import { getSessionState } from "@/lib/auth/session";
import { returnPathOrHome, safeReturnPath } from "@/lib/tenancy/return-url";
import { DEFAULT_SUBDOMAIN } from "@/lib/tenancy/subdomain";
import { selectCaptcha } from "@/lib/auth/captcha";
import { SsoButtons } from "./sso-buttons";
import { RedirectingHome } from "./redirecting-home";
import { LoginPanel } from "./login-panel";
import { SelectLicenseeScreen } from "./select-licensee-screen";
import { SessionExpiredNotice } from "./session-expired-notice";

type SearchParams = Record<string, string | string[] | undefined>;

export async function LoginScreen({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const [session, theme, params] = await Promise.all([getSessionState(), getRequestTheme(), searchParams]);
  if (session?.status === "active") return <RedirectingHome />;

  const returnUrl = safeReturnPath(firstValue(params.returnUrl));
  if (session?.status === "select-licensee") {
    return <SelectLicenseeScreen userName={session.user.userName} returnPath={returnPathOrHome(returnUrl)} />;
  }
  const passwordForm = theme.subDomain === DEFAULT_SUBDOMAIN;
  const expired = firstValue(params.expired) === "1";

  return (
    <main className="flex min-h-screen items-center justify-center bg-canvas px-4 py-10">
      <div className="w-full max-w-sm">
        <div className="rounded-2xl border border-slate-200 bg-white px-8 py-9 shadow-[0_8px_30px_rgba(15,23,42,0.08)]">
          <div className="mb-7 flex justify-center">
            {/* eslint-disable-next-line @next/next/no-img-element -- tenant logos are arbitrary URLs */}
            <img src={theme.logoLg} alt={theme.pageTitle} className="h-14 w-auto max-w-[240px] object-contain" />
          </div>
          {expired && <SessionExpiredNotice />}
          <LoginPanel
            passwordForm={passwordForm}
            returnUrl={returnUrl}
            captcha={selectCaptcha().client}
            sso={<SsoButtons oidcClient={theme.oidcClient} returnUrl={returnUrl} />}
          />
        </div>
        <p className="mt-6 text-center text-xs text-slate-600">{theme.pageTitle}</p>
      </div>
    </main>
  );
}

function firstValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}
