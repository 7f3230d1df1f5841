// The user's own recent sign-ins (the 'Recent Sign-ins' dialog of the user
// menu), from the access log: time in the user's timezone and the app's date
// format, client address, a readable browser and system, the method.
// Only ever the signed-in user's own rows: the user id comes from the
// session, never from the browser.
import type { SessionContext } from "../auth/context";
import { listRecentAuthEvents } from "../auth/events";
import { describeUserAgent } from "../auth/user-agent";
import { formatTimestamp } from "../format";
import { userTimeZone } from "../preferences/timezone";

export const RECENT_SIGN_INS_LIMIT = 20;

export interface RecentSignIn {
  /** ISO time, for keys and sorting. */
  at: string;
  /** D MMM YYYY HH:mm:ss in the user's timezone. */
  time: string;
  clientIp: string | null;
  device: string;
  /** "password", "password + code", "GOOGLE", "OKTA". */
  method: string | null;
}

export interface RecentSignIns {
  timeZone: string;
  rows: RecentSignIn[];
}

export async function listRecentSignIns(ctx: Pick<SessionContext, "userId" | "role">): Promise<RecentSignIns> {
  const [events, timeZone] = await Promise.all([
    listRecentAuthEvents(ctx.userId, { types: ["SIGN_IN"], limit: RECENT_SIGN_INS_LIMIT }),
    userTimeZone(ctx.userId),
  ]);
  // The DEMO account is shared by every visitor: their addresses are not each other's business.
  const showAddress = ctx.role !== "DEMO";
  return {
    timeZone,
    rows: events.map((e) => ({
      at: e.at,
      time: formatTimestamp(e.at, timeZone),
      clientIp: showAddress ? e.clientIp : null,
      device: describeUserAgent(e.userAgent),
      method: e.detail,
    })),
  };
}
