// The access log (item 13): every sign-in path, failed password,
// failed code, sign-out and licensee switch is recorded with time, user,
// client address and user agent; the user reads their own recent sign-ins
// (and only theirs) from the user menu, whatever their role; a daily job
// prunes old rows. Real next-auth cookies and session checks (browser-session).
import { db } from "@/lib/db";
import { hashPassword } from "@/lib/auth/password";
import { loginAction, verifyOtpAction } from "@/lib/sign-in/actions";
import { endSessionAction, listRecentSignInsAction, switchLicenseeAction } from "@/lib/account/actions";
import { nextAuthEvents } from "@/lib/auth/next-auth-events";
import { AUTH_EVENT_RETENTION_DAYS } from "@/lib/auth/events";
import { formatTimestamp } from "@/lib/format";
import { JOB_DEFINITIONS } from "@/lib/job-runner/definitions";
import type { MailMessage } from "@/lib/mail";
import type { Role } from "@/lib/auth/roles";
import { useTestDatabase } from "../helpers/db";
import { makeLicensee, makeUser } from "../helpers/factories";
import { as, Browser, useAuthSecret } from "../helpers/browser-session";

const CHROME_ON_LINUX = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36";

// Every request of these browsers comes from 203.0.113.50 (as the HTTP server
// stamps it) with a Chrome user agent, and carries an X-Forwarded-For the
// client wrote itself, which must not be believed (TRUST_PROXY_HOPS unset: 0).
jest.mock("next/headers", () => {
  const base = jest.requireActual("../helpers/browser-session").nextHeadersMock;
  const { stampPeerAddress } = jest.requireActual("@/lib/auth/peer-address");
  return {
    ...base,
    headers: async () => {
      const raw: Record<string, string> = Object.fromEntries((await base.headers()).entries());
      raw["user-agent"] = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36";
      raw["x-forwarded-for"] = "6.6.6.6";
      stampPeerAddress(raw, "::ffff:203.0.113.50");
      return new Headers(raw);
    },
  };
});
jest.mock("next/cache", () => ({ revalidatePath: jest.fn() }));
// Codes are read from this mailbox instead of the log.
const mockMails: MailMessage[] = [];
jest.mock("@/lib/mail", () => ({
  ...jest.requireActual("@/lib/mail"),
  configuredMailer: () => async (m: MailMessage) => {
    mockMails.push(m);
  },
}));

useTestDatabase();
useAuthSecret();

const PASSWORD = "Demo@12345";
const CLIENT = { clientIp: "203.0.113.50", userAgent: CHROME_ON_LINUX };

beforeEach(() => {
  mockMails.length = 0;
});

async function person(email: string, role: Role = "RW", opts: { twoFactorEnabled?: boolean; second?: boolean } = {}) {
  const suffix = Math.random().toString(36).slice(2, 8);
  const licensee = await makeLicensee(`Licensee ${suffix}`, `l${suffix}`);
  const other = opts.second ? await makeLicensee(`Other ${suffix}`, `o${suffix}`) : null;
  const user = await makeUser(
    email,
    [{ licenseeId: licensee.id, role, canSwitch: !!other }, ...(other ? [{ licenseeId: other.id, role, canSwitch: true }] : [])],
    { passwordHash: await hashPassword(PASSWORD), twoFactorEnabled: opts.twoFactorEnabled ?? false },
  );
  return { user, licensee, other };
}

async function signInWithForm(browser: Browser, email: string, password = PASSWORD) {
  return as(browser, () => loginAction({ email, password, returnUrl: "/home" }));
}

test("a password sign-in is recorded with the connection's address (not the client's X-Forwarded-For), user agent and method", async () => {
  const { user, licensee } = await person("pat@events.test");
  const browser = new Browser();
  expect(await signInWithForm(browser, "Pat@Events.test")).toMatchObject({ ok: true, data: { status: "signed-in" } });
  const rows = await db.authEvent.findMany({ where: { type: "SIGN_IN" } });
  expect(rows).toEqual([
    expect.objectContaining({ userId: user.id, licenseeId: licensee.id, detail: "password", ...CLIENT, email: null }),
  ]);
});

test("a failed password is recorded for the user, or with the typed e-mail when there is no such user", async () => {
  const { user } = await person("pat@events.test");
  const browser = new Browser();
  await signInWithForm(browser, "pat@events.test", "Wrong@12345");
  await signInWithForm(browser, "Nobody@Events.test", "Wrong@12345");
  const rows = await db.authEvent.findMany({ where: { type: "PASSWORD_FAILED" }, orderBy: { id: "asc" } });
  expect(rows).toEqual([
    expect.objectContaining({ userId: user.id, email: null, detail: "sign-in", ...CLIENT }),
    expect.objectContaining({ userId: null, email: "nobody@events.test", detail: "sign-in", ...CLIENT }),
  ]);
  expect(await db.authEvent.count({ where: { type: "SIGN_IN" } })).toBe(0);
});

test("a wrong code is CODE_FAILED, the right one a SIGN_IN with the method 'password + code'", async () => {
  const { user } = await person("otp@events.test", "RW", { twoFactorEnabled: true });
  const browser = new Browser();
  expect(await signInWithForm(browser, "otp@events.test")).toMatchObject({ ok: true, data: { status: "otp" } });
  const code = /verification code is (\d+)/.exec(mockMails[0].text)![1];
  const wrong = code.replace(/\d$/, (d) => String((Number(d) + 1) % 10)) // same length, one digit off;
  expect(await as(browser, () => verifyOtpAction({ code: wrong }))).toMatchObject({ ok: true, data: { status: "refused" } });
  expect(await as(browser, () => verifyOtpAction({ code }))).toMatchObject({ ok: true, data: { status: "signed-in" } });
  const rows = await db.authEvent.findMany({ where: { userId: user.id }, orderBy: { id: "asc" } });
  expect(rows.map((r) => [r.type, r.detail])).toEqual([
    ["CODE_FAILED", null],
    ["SIGN_IN", "password + code"],
  ]);
  expect(rows.every((r) => r.clientIp === CLIENT.clientIp && r.userAgent === CLIENT.userAgent)).toBe(true);
});

test("Sign Out and a licensee switch are recorded", async () => {
  const { user, licensee, other } = await person("switcher@events.test", "RW", { second: true });
  const browser = new Browser();
  await signInWithForm(browser, "switcher@events.test");
  expect(await as(browser, () => switchLicenseeAction({ licenseeId: other!.id }))).toMatchObject({ ok: true });
  await as(browser, endSessionAction);
  const rows = await db.authEvent.findMany({ where: { userId: user.id }, orderBy: { id: "asc" } });
  expect(rows.map((r) => [r.type, r.licenseeId, r.detail])).toEqual([
    ["SIGN_IN", licensee.id, "password"],
    ["LICENSEE_SWITCH", other!.id, `from licensee ${licensee.id}`],
    ["SIGN_OUT", licensee.id, null],
  ]);
  expect(rows.every((r) => r.clientIp === CLIENT.clientIp)).toBe(true);
});

test("an SSO sign-in is recorded with its provider; a credentials redemption (a cookie re-issue) is not a sign-in", async () => {
  const { user, licensee } = await person("sso@events.test");
  const handlers = nextAuthEvents({ ip: "198.51.100.8", userAgent: CHROME_ON_LINUX });
  const claims = { userId: user.id, licenseeId: licensee.id, sessionVersion: 1 };
  await handlers.signIn!({ user: { claims } as never, account: { type: "oidc", provider: "okta", providerAccountId: "s" } as never });
  await handlers.signIn!({ user: { claims } as never, account: { type: "credentials", provider: "credentials", providerAccountId: "x" } as never });
  const rows = await db.authEvent.findMany({ where: { type: "SIGN_IN" } });
  expect(rows).toEqual([expect.objectContaining({ userId: user.id, licenseeId: licensee.id, detail: "OKTA", clientIp: "198.51.100.8" })]);
});

test("Recent Sign-ins: the user's own sign-ins, newest first, in their timezone, with a readable browser", async () => {
  const { user } = await person("pat@events.test");
  const { user: someoneElse } = await person("sam@events.test");
  await db.timezone.create({ data: { id: 900, name: "India Standard Time", ianaName: "Asia/Kolkata" } });
  await db.userSettings.create({ data: { userId: user.id, timezoneId: 900 } });
  const older = new Date(Date.now() - 3 * 86400_000);
  await db.authEvent.create({ data: { type: "SIGN_IN", userId: user.id, clientIp: "192.0.2.1", userAgent: "curl/8.5.0", detail: "OKTA", createdAt: older } });
  await db.authEvent.create({ data: { type: "SIGN_IN", userId: someoneElse.id, clientIp: "192.0.2.99", createdAt: new Date() } });
  await db.authEvent.create({ data: { type: "PASSWORD_FAILED", userId: user.id, clientIp: "192.0.2.66" } });

  const browser = new Browser();
  await signInWithForm(browser, "pat@events.test");
  const result = await as(browser, listRecentSignInsAction);
  if (!result.ok) throw new Error(result.formError);
  expect(result.data.timeZone).toBe("Asia/Kolkata");
  const newest = await db.authEvent.findFirstOrThrow({ where: { userId: user.id, type: "SIGN_IN" }, orderBy: { id: "desc" } });
  expect(result.data.rows).toEqual([
    { at: newest.createdAt.toISOString(), time: formatTimestamp(newest.createdAt, "Asia/Kolkata"), clientIp: "203.0.113.50", device: "Chrome 156 on Linux", method: "password" },
    { at: older.toISOString(), time: formatTimestamp(older, "Asia/Kolkata"), clientIp: "192.0.2.1", device: "curl/8.5.0", method: "OKTA" },
  ]);
});

test.each(["RW", "RO", "DEMO"] as const)("Recent Sign-ins works for %s and never shows another user's rows", async (role) => {
  const [emailA, emailB] = [`a-${role}@events.test`.toLowerCase(), `b-${role}@events.test`.toLowerCase()];
  await person(emailA, role);
  await person(emailB, role);
  const a = new Browser();
  const b = new Browser();
  await signInWithForm(a, emailA);
  await signInWithForm(b, emailB);
  await signInWithForm(b, emailB);
  const mine = await as(a, listRecentSignInsAction);
  if (!mine.ok) throw new Error(mine.formError);
  expect(mine.data.rows).toHaveLength(1);
  // The shared demo account's visitors do not see each other's addresses.
  expect(mine.data.rows[0].clientIp).toBe(role === "DEMO" ? null : "203.0.113.50");
  const theirs = await as(b, listRecentSignInsAction);
  expect(theirs.ok && theirs.data.rows).toHaveLength(2);
  // Signed out: refused.
  expect(await as(new Browser(), listRecentSignInsAction)).toMatchObject({ ok: false, status: 401 });
});

test("a daily job prunes access log rows past the retention period", async () => {
  const { user } = await person("old@events.test");
  const job = JOB_DEFINITIONS.find((d) => d.name === "auth-event-prune");
  expect(job?.cron).toMatch(/^\d+ \d+ \* \* \*$/);
  const day = 86400_000;
  await db.authEvent.create({ data: { type: "SIGN_IN", userId: user.id, createdAt: new Date(Date.now() - (AUTH_EVENT_RETENTION_DAYS + 1) * day) } });
  await db.authEvent.create({ data: { type: "SIGN_IN", userId: user.id, createdAt: new Date(Date.now() - (AUTH_EVENT_RETENTION_DAYS - 1) * day) } });
  await job!.run({} as never);
  expect(await db.authEvent.count()).toBe(1);
});
