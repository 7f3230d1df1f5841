// The sign-in screen's notice after a session ended by itself (shell.md 8):
// /login?expired=1 is where the console sends a tab whose session the server
// refused. Fixed colours, not theme ones, so it reads on every theme's card.
import { UnauthenticatedError } from "@/lib/errors";

/** 'Your current session has expired! Please log in again.' (the gate's 401 text). */
const SESSION_EXPIRED_TEXT = new UnauthenticatedError().message;

export function SessionExpiredNotice() {
  return (
    <p
      role="alert"
      data-testid="session-expired"
      className="mb-5 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-center text-sm text-amber-900"
    >
      {SESSION_EXPIRED_TEXT}
    </p>
  );
}
