// The session context a job acts with for the user who asked for it (a
// strategy export): read again when the job runs, so a user disabled or
// removed from the licensee since, or whose role changed, gets what their
// account allows now (loadSessionContext's own checks), never what it allowed
// when the job was queued.
import { db } from "../db";
import { loadSessionContext, type SessionContext } from "../auth/context";
import { UnauthenticatedError } from "../errors";

export async function memberContext(userId: number, licenseeId: number): Promise<SessionContext> {
  const user = await db.user.findUnique({ where: { id: userId }, select: { sessionVersion: true } });
  if (!user) throw new UnauthenticatedError();
  return loadSessionContext({ userId, licenseeId, sessionVersion: user.sessionVersion });
}
