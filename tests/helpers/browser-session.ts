// A browser's cookie jar for integration tests that go through the real
// next-auth session (sign-in, Sign Out, re-issue) and the real session checks
// (lib/auth/session.ts): next/headers is replaced by one that reads and writes
// the jar of the browser the test is acting as.
//
// The test file imports browser-doubles.ts first, which puts nextHeadersMock
// in place, or (for other doubles beside it) writes the jest.mock call itself:
//   jest.mock("next/headers", () => jest.requireActual("../helpers/browser-session").nextHeadersMock);
// and sets AUTH_SECRET with useAuthSecret().
export const HOST = "localhost:3000";

const SESSION_COOKIE = /^authjs\.session-token(\.\d+)?$/;

export class Browser {
  readonly jar = new Map<string, string>();

  cookieHeader(): string {
    return [...this.jar].map(([name, value]) => `${name}=${value}`).join("; ");
  }

  /** The session cookie(s) alone, e.g. to replay a copy of them later. */
  sessionCookies(): Map<string, string> {
    return new Map([...this.jar].filter(([name]) => SESSION_COOKIE.test(name)));
  }

  hasSession(): boolean {
    return this.sessionCookies().size > 0;
  }

  /** Another browser holding a copy of this one's cookies (a stolen or copied cookie). */
  copy(): Browser {
    const other = new Browser();
    for (const [name, value] of this.jar) other.jar.set(name, value);
    return other;
  }
}

let current: Browser | null = null;

/** Runs `fn` as a request from `browser` (its cookies are sent; cookies set land in its jar). */
export async function as<T>(browser: Browser, fn: () => Promise<T>): Promise<T> {
  const previous = current;
  current = browser;
  try {
    return await fn();
  } finally {
    current = previous;
  }
}

function active(): Browser {
  if (!current) throw new Error("no browser: wrap the call in as(browser, ...)");
  return current;
}

type CookieOptions = { maxAge?: number; expires?: Date | number };

export const nextHeadersMock = {
  headers: async () => {
    const browser = active();
    return new Headers({ host: HOST, "x-forwarded-proto": "http", cookie: browser.cookieHeader(), "x-dsp-path": "/home" });
  },
  cookies: async () => {
    const browser = active();
    return {
      get: (name: string) => (browser.jar.has(name) ? { name, value: browser.jar.get(name)! } : undefined),
      getAll: () => [...browser.jar].map(([name, value]) => ({ name, value })),
      has: (name: string) => browser.jar.has(name),
      set: (name: string, value: string, options: CookieOptions = {}) => {
        const expired = options.maxAge === 0 || (options.expires !== undefined && new Date(options.expires).getTime() <= Date.now());
        if (value === "" || expired) browser.jar.delete(name);
        else browser.jar.set(name, value);
      },
      delete: (name: string) => {
        browser.jar.delete(name);
      },
    };
  },
};

/** next-auth needs a secret to sign session tokens. */
export function useAuthSecret() {
  let saved: string | undefined;
  beforeAll(() => {
    saved = process.env.AUTH_SECRET;
    process.env.AUTH_SECRET = "test-secret-test-secret-test-secret-1234";
  });
  afterAll(() => {
    if (saved === undefined) delete process.env.AUTH_SECRET;
    else process.env.AUTH_SECRET = saved;
  });
}

/** Signs `browser` in as the user, the way every sign-in path ends (a login ticket redeemed by next-auth). */
export async function signInBrowser(browser: Browser, userId: number, licenseeId: number | null): Promise<void> {
  const { issueLoginTicket } = await import("@/lib/auth/tickets");
  const { signIn } = await import("@/lib/auth");
  const ticket = await issueLoginTicket(userId, licenseeId);
  await as(browser, () => signIn("credentials", { ticket, redirect: false }));
  if (!browser.hasSession()) throw new Error("sign-in set no session cookie");
}
