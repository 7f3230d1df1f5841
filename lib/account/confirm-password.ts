// The current password asked again before a sensitive change of one's own
// account (turning the second factor off, changing the password). It goes
// through the sign-in's own guarded check (lib/auth/password-attempt.ts): a
// wrong password here counts toward the captcha threshold and the lockout
// like a failed sign-in, and with the captcha due (these dialogs cannot show
// one) or the account locked the password is not checked at all. So an open
// session (a borrowed laptop, a stolen cookie) cannot be used to guess it.
import type { SessionContext } from "../auth/context";
import type { checkPassword } from "../auth/credentials";
import type { ClientInfo } from "../auth/events";
import { LIMIT_MESSAGES } from "../auth/limit-messages";
import { attemptPassword } from "../auth/password-attempt";
import { lockoutConfig, throttleConfig, type LockoutConfig, type ThrottleConfig } from "../auth/throttle";
import { UnauthenticatedError } from "../errors";
import { validationError } from "../validation/errors";

export interface ConfirmPasswordDeps {
  now?: Date;
  client?: ClientInfo;
  throttle?: ThrottleConfig;
  lockout?: LockoutConfig;
  passwordCheck?: typeof checkPassword;
}

export interface ConfirmPasswordRules {
  /** The form field the messages go beside ("password", "oldPassword"). */
  field: string;
  requiredMessage: string;
  wrongMessage: string;
  /** What the access log says the password was checked for. */
  purpose: string;
}

/** Every refusal is a message beside `rules.field`; returns only when the password is the session user's. */
export async function confirmCurrentPassword(
  ctx: Pick<SessionContext, "email" | "userId">,
  password: unknown,
  rules: ConfirmPasswordRules,
  deps: ConfirmPasswordDeps = {},
): Promise<void> {
  const refuse = (message: string) => validationError([rules.field], message);
  if (typeof password !== "string" || password.length === 0) throw refuse(rules.requiredMessage);
  if (password.length > 200) throw refuse(rules.wrongMessage);
  const now = deps.now ?? new Date();
  const attempt = await attemptPassword(
    { email: ctx.email, password, captcha: null, client: deps.client ?? { ip: null, userAgent: null }, purpose: rules.purpose },
    {
      now,
      captcha: null,
      throttle: deps.throttle ?? throttleConfig(),
      lockout: deps.lockout ?? lockoutConfig(),
      passwordCheck: deps.passwordCheck,
    },
  );
  if (attempt.status === "locked") throw refuse(LIMIT_MESSAGES.accountLocked(attempt.until, now));
  if (attempt.status === "captcha") throw refuse(LIMIT_MESSAGES.tooManyPasswordFailures(attempt.retryAt, now));
  if (attempt.status === "wrong") throw refuse(rules.wrongMessage);
  // The check found the account by e-mail: make sure it is this session's user.
  if (attempt.user.userId !== ctx.userId) throw new UnauthenticatedError();
}
