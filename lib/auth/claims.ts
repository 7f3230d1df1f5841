// What a session token carries about its user, apart from the context the
// server derives from it (lib/auth/context.ts). A file of its own so that the
// modules that issue and revoke sessions (session-ids.ts, tickets, sign-in)
// and the one that checks them (context.ts) depend on it, not on each other.

/** Who a sign-in, a re-issue or an API key is for. */
export interface SessionClaims {
  userId: number;
  /**
   * null until the user picks a licensee: a user of several licensees with
   * none marked default signs in to the 'Select Licensee' dialog (shell.md 2.4).
   */
  licenseeId: number | null;
  sessionVersion: number;
}

/** What a session token carries: the claims plus this sign-in's id and time. */
export interface TokenClaims extends SessionClaims {
  /** Random id set at sign-in and kept across re-issues (licensee switch, password change); Sign Out revokes it. */
  sid: string;
  /** When the user signed in (epoch seconds). The session ends SESSION_MAX_AGE_SECONDS later, however often its cookie is re-issued. */
  signedInAt: number;
}
