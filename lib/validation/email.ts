// The e-mail format helper of shell.md 5 (used by business.md 5's e-mail
// fields too): a local part of letters, digits, underscore, hyphen and dot;
// then @; a domain; then a top-level part of 2 to 10 letters. Shared by the
// sign-in form and the advertiser form, client and server alike.
export const EMAIL_RE = /^[A-Za-z0-9_.-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,10}$/;

export const INVALID_EMAIL = "Please enter a valid email";

export function isValidEmail(value: string): boolean {
  return EMAIL_RE.test(value);
}
