// Where to go after signing in. Only same-site paths are followed (an open
// redirect to another site would let a phishing link borrow our login page).
export const HOME_PATH = "/home";

/** `value` when it is a same-site path, else null. */
export function safeReturnPath(value: string | null | undefined): string | null {
  if (typeof value !== "string" || value.length === 0 || value.length > 2048) return null;
  if (!value.startsWith("/")) return null; // relative or absolute URL
  if (value.startsWith("//") || value.startsWith("/\\")) return null; // protocol-relative
  // Browsers drop tabs and newlines and treat '\' as '/': "/\t/evil.test" is "//evil.test".
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return null;
  try {
    const base = "http://same-site.invalid";
    if (new URL(value, base).origin !== base) return null;
  } catch {
    return null;
  }
  return value;
}

/** The post-login destination: a safe returnUrl, else /home. */
export function returnPathOrHome(value: string | null | undefined): string {
  return safeReturnPath(value) ?? HOME_PATH;
}
