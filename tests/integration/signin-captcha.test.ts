// Password step of the sign-in (lib/sign-in/login.ts): repeated failures per
// account or per client demand a captcha (code 10048); once demanded, an
// attempt without a valid, unspent solution is refused before the password is
// even checked. Wrong password and unknown e-mail look the same.
import { solveChallenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import { db } from "@/lib/db";
import { checkPassword } from "@/lib/auth/credentials";
import { hashPassword } from "@/lib/auth/password";
import { startSignIn, type LoginDeps, type PasswordStepInput } from "@/lib/sign-in/login";
import { selectCaptcha } from "@/lib/auth/captcha";
import { createAltchaChallenge } from "@/lib/auth/captcha/altcha";
import { useTestDatabase } from "../helpers/db";
import { makeLicensee, makeUser } from "../helpers/factories";

useTestDatabase();

const PASSWORD = "Demo@12345";
const EMAIL = "jane@signin.test";
const IP = "203.0.113.7";

let now = new Date();
const deps: LoginDeps = {
  now: () => now,
  captcha: selectCaptcha({}).verifier, // ALTCHA, whatever the machine's environment says
  throttle: { accountThreshold: 3, clientThreshold: 6 },
  mailer: async () => undefined,
};

beforeEach(() => {
  now = new Date();
});

async function user(email = EMAIL) {
  const licensee = await makeLicensee("Default Media", `default${Math.random().toString(36).slice(2, 8)}`);
  return makeUser(email, [{ licenseeId: licensee.id, role: "RW" }], { passwordHash: await hashPassword(PASSWORD) });
}

const attempt = (input: Partial<PasswordStepInput> = {}) =>
  startSignIn({ email: EMAIL, password: "Wrong@12345", clientIp: IP, ...input }, deps);

async function solvedPayload(): Promise<string> {
  const challenge = await createAltchaChallenge();
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error("challenge not solved");
  return Buffer.from(JSON.stringify({ challenge, solution })).toString("base64");
}

const WRONG = { status: "refused", message: "Username or password is incorrect" };
const CAPTCHA_REFUSAL = { status: "refused", message: "Please complete the captcha", captchaRequired: true, field: "captcha" };

test("wrong password and unknown e-mail give the same result", async () => {
  await user();
  const wrongPassword = await attempt();
  const unknownEmail = await attempt({ email: "nobody@signin.test" });
  expect(wrongPassword).toEqual({ ...WRONG, captchaRequired: false });
  expect(unknownEmail).toEqual(wrongPassword);
  // Past the threshold both demand the captcha alike.
  for (const email of [EMAIL, "nobody@signin.test"]) {
    await attempt({ email });
    expect(await attempt({ email })).toEqual({ ...WRONG, captchaRequired: true });
  }
});

test("the third failure for an account demands the captcha; then even the right password without it is refused unchecked", async () => {
  await user();
  expect(await attempt()).toEqual({ ...WRONG, captchaRequired: false });
  expect(await attempt()).toEqual({ ...WRONG, captchaRequired: false });
  expect(await attempt()).toEqual({ ...WRONG, captchaRequired: true });

  const check = jest.fn(checkPassword);
  const watched = (input: Partial<PasswordStepInput>) =>
    startSignIn({ email: EMAIL, password: "Wrong@12345", clientIp: IP, ...input }, { ...deps, checkPassword: check });
  expect(await watched({ password: PASSWORD })).toEqual(CAPTCHA_REFUSAL);
  expect(await watched({ password: PASSWORD, captcha: "not-a-solution" })).toEqual(CAPTCHA_REFUSAL);
  expect(await watched({ captcha: "" })).toEqual(CAPTCHA_REFUSAL);
  expect(check).not.toHaveBeenCalled();
  // Nor are they counted as password failures.
  expect(await db.loginThrottle.findUnique({ where: { key: `email:${EMAIL}` } })).toMatchObject({ failures: 3 });
  // With a solution the password is checked again.
  expect(await watched({ password: PASSWORD, captcha: await solvedPayload() })).toMatchObject({ status: "signed-in" });
  expect(check).toHaveBeenCalledTimes(1);
});

test("a valid ALTCHA solution lets the next attempt through, and cannot be replayed", async () => {
  const jane = await user();
  for (let i = 0; i < 3; i++) await attempt();

  const payload = await solvedPayload();
  // Through the captcha to the password check: a wrong password is still wrong (and the captcha still demanded).
  expect(await attempt({ captcha: payload })).toEqual({ ...WRONG, captchaRequired: true });
  // The same solution again: refused, although the password is right this time.
  expect(await attempt({ password: PASSWORD, captcha: payload })).toEqual(CAPTCHA_REFUSAL);

  // A fresh solution and the right password sign in, and clear the account's counter.
  expect(await attempt({ password: PASSWORD, captcha: await solvedPayload() })).toMatchObject({
    status: "signed-in",
    claims: { userId: jane.id },
  });
  expect(await attempt()).toEqual({ ...WRONG, captchaRequired: false });
});

test("a tampered or expired ALTCHA solution is refused", async () => {
  await user();
  for (let i = 0; i < 3; i++) await attempt();
  const payload = JSON.parse(Buffer.from(await solvedPayload(), "base64").toString()) as {
    challenge: { parameters: { expiresAt: number } };
  };
  const tampered = structuredClone(payload);
  tampered.challenge.parameters.expiresAt += 3600; // a longer life the signature does not cover
  const encode = (v: unknown) => Buffer.from(JSON.stringify(v)).toString("base64");
  expect(await attempt({ password: PASSWORD, captcha: encode(tampered) })).toEqual(CAPTCHA_REFUSAL);

  now = new Date(now.getTime() + 6 * 60 * 1000); // challenges live 5 minutes
  expect(await attempt({ password: PASSWORD, captcha: encode(payload) })).toEqual(CAPTCHA_REFUSAL);
});

test("failures older than 15 minutes no longer count", async () => {
  await user();
  for (let i = 0; i < 3; i++) await attempt();
  now = new Date(now.getTime() + 16 * 60 * 1000);
  expect(await attempt({ password: PASSWORD })).toMatchObject({ status: "signed-in" });
});

test("a success resets the account's counter", async () => {
  await user();
  await attempt();
  await attempt();
  expect(await attempt({ password: PASSWORD })).toMatchObject({ status: "signed-in" });
  expect(await attempt()).toEqual({ ...WRONG, captchaRequired: false });
  expect(await attempt()).toEqual({ ...WRONG, captchaRequired: false });
});

test("many failures from one client demand the captcha for every account from that client, not from others", async () => {
  await user();
  // Six different accounts, one failure each: no account reaches its threshold.
  for (let i = 0; i < 5; i++) expect(await attempt({ email: `spray${i}@signin.test` })).toMatchObject({ captchaRequired: false });
  expect(await attempt({ email: "spray5@signin.test" })).toMatchObject({ captchaRequired: true });

  expect(await attempt({ password: PASSWORD })).toEqual(CAPTCHA_REFUSAL);
  expect(await attempt({ password: PASSWORD, clientIp: "198.51.100.1" })).toMatchObject({ status: "signed-in" });
  // A success does not clear the client's counter.
  expect(await attempt({ password: PASSWORD })).toEqual(CAPTCHA_REFUSAL);
});

test("malformed input is refused like a wrong password, without counting", async () => {
  expect(await attempt({ email: "not-an-email" })).toEqual({ ...WRONG, captchaRequired: false });
  expect(await attempt({ password: "" })).toEqual({ ...WRONG, captchaRequired: false });
  expect(await attempt({ email: 42 })).toEqual({ ...WRONG, captchaRequired: false });
  expect(await db.loginThrottle.count()).toBe(0);
});

test("with Turnstile keys the captcha is checked by Turnstile (mocked here) behind the same interface, once per token", async () => {
  await user();
  for (let i = 0; i < 3; i++) await attempt();
  const fetch = jest.fn(async (_url: string | URL | Request, init?: RequestInit) => {
    const token = new URLSearchParams(String(init?.body)).get("response");
    return Response.json({ success: token === "good-token" });
  });
  const turnstile = selectCaptcha({ TURNSTILE_SITE_KEY: "site", TURNSTILE_SECRET_KEY: "secret" }, fetch).verifier;
  const viaTurnstile = (input: Partial<PasswordStepInput>) =>
    startSignIn({ email: EMAIL, password: PASSWORD, clientIp: IP, ...input }, { ...deps, captcha: turnstile });

  expect(await viaTurnstile({ captcha: "bad-token" })).toEqual(CAPTCHA_REFUSAL);
  expect(await viaTurnstile({ captcha: "good-token" })).toMatchObject({ status: "signed-in" });
  expect(fetch).toHaveBeenCalledTimes(2);
  expect(String(fetch.mock.calls[0][0])).toBe("https://challenges.cloudflare.com/turnstile/v0/siteverify");
  expect(Object.fromEntries(new URLSearchParams(String(fetch.mock.calls[1][1]?.body)))).toEqual({
    secret: "secret",
    response: "good-token",
    remoteip: IP,
  });
  // The counter was reset by the success: fail again past the threshold, then replay the token.
  for (let i = 0; i < 3; i++) await attempt();
  expect(await viaTurnstile({ captcha: "good-token" })).toEqual(CAPTCHA_REFUSAL);
});
