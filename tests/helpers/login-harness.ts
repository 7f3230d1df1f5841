// The sign-in functions (lib/sign-in/login.ts) as tests drive them: a clock the
// test moves and a mailbox the test reads, injected through LoginDeps.
import type { LoginDeps } from "@/lib/sign-in/login";
import type { MailMessage } from "@/lib/mail";

export function loginHarness(start: Date, overrides: Partial<LoginDeps> = {}) {
  let now = start;
  const mails: MailMessage[] = [];
  const deps: LoginDeps = {
    now: () => now,
    mailer: async (m) => {
      mails.push(m);
    },
    otp: { length: 4, validitySeconds: 300 },
    ...overrides,
  };
  return {
    deps,
    mails,
    now: () => now,
    advance(seconds: number) {
      now = new Date(now.getTime() + seconds * 1000);
    },
    /** The code of the latest code mail. */
    lastCode(): string {
      const text = [...mails].reverse().find((m) => m.subject === "Your verification code")?.text ?? "";
      const match = /verification code is (\d+)/.exec(text);
      if (!match) throw new Error(`no code in ${text}`);
      return match[1];
    },
  };
}
