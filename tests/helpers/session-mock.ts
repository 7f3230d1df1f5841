// The session of server actions under jest, for test files that replace
// @/lib/auth/session with jest.fn()s (jest.mock is hoisted, so it must be
// written in the test file):
//   jest.mock("@/lib/auth/session", () => ({ requireSession: jest.fn() }));
// This module then sees the test file's doubles.
import type { Prisma } from "@/lib/generated/prisma/client";
import type { SessionContext } from "@/lib/auth/context";
import type { Role } from "@/lib/auth/roles";
import { getSessionContext, requireSession } from "@/lib/auth/session";
import { UnauthenticatedError } from "@/lib/errors";
import * as f from "./factories";

export const requireSessionMock = requireSession as jest.MockedFunction<typeof requireSession>;
export const getSessionMock = getSessionContext as jest.MockedFunction<typeof getSessionContext>;

/** The session every action and route sees from now on (needs both doubles); null: nobody signed in. */
export function signedIn(ctx: SessionContext | null) {
  if (ctx) {
    requireSessionMock.mockResolvedValue(ctx);
    getSessionMock.mockResolvedValue(ctx);
  } else {
    requireSessionMock.mockRejectedValue(new UnauthenticatedError());
    getSessionMock.mockResolvedValue(null);
  }
}

/** A tenant with one advertiser whose user is the signed-in session. */
export async function signedInTenant(role: Role = "RW", advertiser: Partial<Prisma.AdvertiserUncheckedCreateInput> = {}) {
  const t = await f.makeTenant(role);
  const created = await f.makeAdvertiser(t.licensee.id, advertiser);
  requireSessionMock.mockResolvedValue(t.ctx);
  return { ...t, advertiser: created };
}

/** A tenant with one advertiser whose user is the signed-in session of routes too (see signedIn). */
export async function signedInUploader(role: Role = "RW") {
  const t = await f.makeTenantWithAdvertiser(role);
  signedIn(t.ctx);
  return t;
}
