// Signing this browser out from a server action (the account menu's Sign Out
// and the shell's fallback form). Such an action needs no session: a visitor
// without one has nothing to end, so it is "public".
import "server-only";
import type { z } from "../validation/z";
import { defineAction } from "../actions/define-action";
import { signOut } from "../auth/index";

/**
 * Ends this session on the server (its id is revoked by next-auth's signOut
 * event, lib/auth/index.ts) and clears the cookie; the user's other sessions
 * go on. With `redirectTo` the answer is a redirect there (Next.js takes it
 * from here); without it the client loads the next page itself.
 */
export function defineSignOutAction<S extends z.ZodType>(name: string, input: S, redirectTo?: string) {
  return defineAction({
    name,
    access: "public",
    session: "none",
    input,
    run: async () => {
      await signOut(redirectTo ? { redirectTo } : { redirect: false });
      return null;
    },
  });
}
