// Password rules of shell.md 5, as ONE zod schema shared by the change-password
// form (zodResolver) and the server mutation, so both refuse the same
// passwords with the same messages. Free of server imports for that reason.
import { z } from "../validation/z";

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 15;
export const PASSWORD_MIN_DISTINCT = 6;
/** Above this similarity to the old password a new password is refused (shell.md 9). */
export const PASSWORD_SIMILARITY_THRESHOLD = 0.75;
/** The form checks this long after the last keystroke (shell.md 5, 9). */
export const PASSWORD_VALIDATION_DEBOUNCE_MS = 500;

/**
 * The special characters of shell.md 5, taken literally from
 * "@%+/#$^?:,\(){!}[]~-_." (the backslash and the final dot included).
 */
export const PASSWORD_SPECIALS = "@%+/#$^?:,\\(){!}[]~-_.";

export const PASSWORD_MESSAGES = {
  oldRequired: "Old Password is required",
  newRequired: "New Password is required",
  confirmRequired: "Confirmation Password is required",
  tooShort: `Password should contain atleast ${PASSWORD_MIN_LENGTH} characters.`,
  tooLong: `Password should not contain more than ${PASSWORD_MAX_LENGTH} characters.`,
  whitespace: "Password should not contain whitespace.",
  lower: "Password should contain atleast 1 lower case character.",
  upper: "Password should contain atleast 1 upper case character.",
  digit: "Password should contain atleast 1 digit.",
  special: `Password should contain atleast 1 special character from ${PASSWORD_SPECIALS}`,
  distinct: `Password should contain atleast ${PASSWORD_MIN_DISTINCT} distinct characters.`,
  invalid: (chars: string[]) => `Password contains invalid character(s): ${chars.join(" ")}`,
  repeated: "Password should not contain a character repeated 3 times in a row.",
  similar: "Old password and new password are very similar. Please enter a different password",
  mismatch: "New password and Confirmation password should be same",
  sameAsOld: "Old password and new password should not be same",
  /** From the server: the old password is wrong (shell.md 8). */
  oldWrong: "Old password do not match",
  changed: "Password changed successfully",
} as const;

const isLower = (c: string) => c >= "a" && c <= "z";
const isUpper = (c: string) => c >= "A" && c <= "Z";
const isDigit = (c: string) => c >= "0" && c <= "9";
const isSpecial = (c: string) => PASSWORD_SPECIALS.includes(c);
const isWhitespace = (c: string) => /\s/u.test(c);

/** Levenshtein distance (insertions, deletions, substitutions), by code point. */
export function editDistance(a: string, b: string): number {
  const s = Array.from(a);
  const t = Array.from(b);
  let prev = Array.from({ length: t.length + 1 }, (_, j) => j);
  for (let i = 1; i <= s.length; i++) {
    const row = [i];
    for (let j = 1; j <= t.length; j++) {
      row[j] = Math.min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + (s[i - 1] === t[j - 1] ? 0 : 1));
    }
    prev = row;
  }
  return prev[t.length];
}

/** 1 for equal strings, 0 for nothing in common; case-insensitive. */
export function passwordSimilarity(a: string, b: string): number {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  const longest = Math.max(Array.from(x).length, Array.from(y).length);
  if (longest === 0) return 1;
  return 1 - editDistance(x, y) / longest;
}

/** Every rule the new password alone breaks, in the order the form shows them. */
export function newPasswordProblems(password: string): string[] {
  const chars = Array.from(password);
  const problems: string[] = [];
  if (chars.length < PASSWORD_MIN_LENGTH) problems.push(PASSWORD_MESSAGES.tooShort);
  if (chars.length > PASSWORD_MAX_LENGTH) problems.push(PASSWORD_MESSAGES.tooLong);
  if (chars.some(isWhitespace)) problems.push(PASSWORD_MESSAGES.whitespace);
  const invalid = [...new Set(chars.filter((c) => !isWhitespace(c) && !isLower(c) && !isUpper(c) && !isDigit(c) && !isSpecial(c)))];
  if (invalid.length > 0) problems.push(PASSWORD_MESSAGES.invalid(invalid));
  if (!chars.some(isLower)) problems.push(PASSWORD_MESSAGES.lower);
  if (!chars.some(isUpper)) problems.push(PASSWORD_MESSAGES.upper);
  if (!chars.some(isDigit)) problems.push(PASSWORD_MESSAGES.digit);
  if (!chars.some(isSpecial)) problems.push(PASSWORD_MESSAGES.special);
  if (new Set(chars).size < PASSWORD_MIN_DISTINCT) problems.push(PASSWORD_MESSAGES.distinct);
  if (chars.some((c, i) => i >= 2 && c === chars[i - 1] && c === chars[i - 2])) problems.push(PASSWORD_MESSAGES.repeated);
  return problems;
}

export const ChangePasswordSchema = z
  .object({
    oldPassword: z.string({ error: PASSWORD_MESSAGES.oldRequired }).min(1, PASSWORD_MESSAGES.oldRequired),
    newPassword: z
      .string({ error: PASSWORD_MESSAGES.newRequired })
      .min(1, PASSWORD_MESSAGES.newRequired)
      .superRefine((value, ctx) => {
        if (!value) return; // "required" says it all
        for (const message of newPasswordProblems(value)) ctx.addIssue({ code: "custom", message });
      }),
    confirmPassword: z.string({ error: PASSWORD_MESSAGES.confirmRequired }).min(1, PASSWORD_MESSAGES.confirmRequired),
  })
  .superRefine((v, ctx) => {
    // Runs even when single fields failed (see `when`), so the user sees every
    // problem at once; each comparison needs both of its sides typed.
    const { oldPassword, newPassword, confirmPassword } = v as Partial<typeof v>;
    if (typeof oldPassword === "string" && typeof newPassword === "string" && oldPassword && newPassword) {
      if (oldPassword === newPassword) {
        ctx.addIssue({ code: "custom", path: ["newPassword"], message: PASSWORD_MESSAGES.sameAsOld });
      } else if (
        // Lengths first: the edit distance costs old x new, and neither a new password over the maximum (refused
        // as too long) nor an old one over 4 times it (cannot be 75% similar to a valid one) needs it.
        newPassword.length <= PASSWORD_MAX_LENGTH &&
        oldPassword.length <= 4 * PASSWORD_MAX_LENGTH &&
        passwordSimilarity(oldPassword, newPassword) > PASSWORD_SIMILARITY_THRESHOLD
      ) {
        ctx.addIssue({ code: "custom", path: ["newPassword"], message: PASSWORD_MESSAGES.similar });
      }
    }
    if (newPassword && confirmPassword && newPassword !== confirmPassword) {
      ctx.addIssue({ code: "custom", path: ["confirmPassword"], message: PASSWORD_MESSAGES.mismatch });
    }
  }, { when: (payload) => typeof payload.value === "object" && payload.value !== null });

export type ChangePasswordInput = z.input<typeof ChangePasswordSchema>;
