// next-auth's CSRF protection is on: a sign-in POST must carry the token of the
// csrf cookie (double submit). A valid login ticket without it signs nobody in.
import { NextRequest } from "next/server";
import { GET, POST } from "@/app/api/auth/[...nextauth]/route";
import { issueLoginTicket } from "@/lib/auth/tickets";
import { db } from "@/lib/db";
import { useTestDatabase } from "../helpers/db";
import { makeLicensee, makeUser } from "../helpers/factories";
import { HOST, useAuthSecret } from "../helpers/browser-session";

useTestDatabase();

useAuthSecret();

async function ticketForNewUser() {
  const licensee = await makeLicensee("Default Media", "default");
  const user = await makeUser("csrf@default.test", [{ licenseeId: licensee.id, role: "RW" }]);
  return issueLoginTicket(user.id, licensee.id);
}

function signInPost(body: Record<string, string>, cookie?: string) {
  return POST(
    new NextRequest(`http://${HOST}/api/auth/callback/credentials`, {
      method: "POST",
      headers: { host: HOST, "content-type": "application/x-www-form-urlencoded", ...(cookie ? { cookie } : {}) },
      body: new URLSearchParams(body).toString(),
    }),
  );
}

const sessionCookieOf = (res: Response) =>
  (res.headers.getSetCookie?.() ?? []).find((c) => /authjs\.session-token=[^;]+/.test(c) && !/authjs\.session-token=;/.test(c));

test("a sign-in POST without the CSRF token is refused and the ticket is not spent", async () => {
  const ticket = await ticketForNewUser();
  const res = await signInPost({ ticket });
  expect(sessionCookieOf(res)).toBeUndefined();
  expect(res.headers.get("location") ?? "").toMatch(/error=MissingCSRF/);
  const row = await db.loginTicket.findFirst();
  expect(row?.consumedAt).toBeNull();
});

test("with the token of the csrf cookie the same request signs in", async () => {
  const ticket = await ticketForNewUser();
  const csrf = await GET(new NextRequest(`http://${HOST}/api/auth/csrf`, { headers: { host: HOST } }));
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const cookie = (csrf.headers.getSetCookie?.() ?? []).map((c) => c.split(";")[0]).join("; ");
  const res = await signInPost({ ticket, csrfToken }, cookie);
  expect(sessionCookieOf(res)).toBeDefined();
});
