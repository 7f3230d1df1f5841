// Mails that tell a user about their account's security (lib/sign-in/login.ts).
import type { MailMessage } from ".";

/**
 * Code entry was blocked after too many wrong codes. Wrong codes are only
 * possible after the right password, so the mail says what that means.
 */
export function codeEntryBlockedMail(to: string, wrongCodes: number, untilText: string): MailMessage {
  return {
    to,
    subject: "Sign-in codes blocked on your account",
    text:
      `${wrongCodes} incorrect verification codes were entered for your account after signing in with your password. ` +
      `Code entry is blocked until ${untilText}; no one can complete a sign-in before then.\n\n` +
      "If this was not you, someone knows your password: change it as soon as you can sign in again, " +
      "and contact your administrator.\n",
  };
}
