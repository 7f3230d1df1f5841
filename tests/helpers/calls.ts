// What integration tests of mutations ask again and again: a session of
// another role in a licensee, and the error a call that must fail failed with
// (and the field errors a form would show for it).
import type { SessionContext } from "@/lib/auth/context";
import { toActionError } from "@/lib/actions/server-result";
import * as f from "./factories";

/** A session of a new read-only or demo member of the licensee. */
export async function memberOf(licenseeId: number, role: "RO" | "DEMO"): Promise<SessionContext> {
  const user = await f.makeUser(`${role.toLowerCase()}.${licenseeId}@example.com`, [{ licenseeId, role }]);
  return f.ctxFor(user.id, licenseeId);
}

/** The error the call failed with; a call that succeeds fails the test. */
export async function failureOf(attempt: Promise<unknown>): Promise<unknown> {
  const error = await attempt.then(() => null, (e: unknown) => e);
  if (error === null) throw new Error("expected the call to fail");
  return error;
}

/** The field errors a failed save shows (what toActionError gives the form); a save that succeeds fails the test. */
export async function fieldErrorsOf(attempt: Promise<unknown>): Promise<Record<string, string> | undefined> {
  return toActionError(await failureOf(attempt)).fieldErrors;
}
