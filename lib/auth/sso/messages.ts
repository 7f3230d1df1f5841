// Where refused or failed single sign-ons land, and what the sign-in screen
// says about each. Codes travel as /login?error=<code>; any other value comes
// from next-auth itself (pages.error) after a provider or protocol failure.
export const SSO_ERROR = { refused: "sso", unavailable: "sso-unavailable" } as const;

export const SSO_REFUSED_PATH = `/login?error=${SSO_ERROR.refused}`;
export const SSO_UNAVAILABLE_PATH = `/login?error=${SSO_ERROR.unavailable}`;

export const SSO_MESSAGES = {
  refused: "This account is not linked to a console user. Ask your administrator.",
  unavailable: "Single sign-on is not set up for this site. Ask your administrator.",
  failed: "Single sign-on did not complete. Please try again.",
} as const;

/** The message for a /login `error` value, or null when there is none. */
export function ssoErrorMessage(code: string | null | undefined): string | null {
  if (!code) return null;
  if (code === SSO_ERROR.refused) return SSO_MESSAGES.refused;
  if (code === SSO_ERROR.unavailable) return SSO_MESSAGES.unavailable;
  return SSO_MESSAGES.failed;
}
