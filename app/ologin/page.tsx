// Return page of the single sign-on redirect (shell.md 2.1): next-auth has
// completed the provider's callback on /api/auth/callback/<provider> and set
// the session; from here the usual post-login path applies (a same-site
// returnUrl, else /home). Without a session (cookie refused, or the page
// opened directly) it goes back to the sign-in screen, keeping returnUrl.
import { redirect } from "next/navigation";
import { getOptionalSession } from "@/lib/auth/request";
import { returnPathOrHome, safeReturnPath } from "@/lib/tenancy/return-url";

export const dynamic = "force-dynamic";

type SearchParams = Record<string, string | string[] | undefined>;

export default async function OloginPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const raw = (await searchParams).returnUrl;
  const returnUrl = safeReturnPath(Array.isArray(raw) ? raw[0] : raw);
  if (await getOptionalSession()) redirect(returnPathOrHome(returnUrl));
  redirect(returnUrl ? `/login?${new URLSearchParams({ returnUrl })}` : "/login");
}
