// GET /api/v1/me (shell.md 3 user info) for the caller of the REST API. The
// entities' resources are in lib/<entity>/rest.ts (lib/api).
import type { SessionContext } from "../auth/context";
import { tenantDb } from "../data/tenant-db";

/** User info (shell.md 3): the role as the first authority, the licensee, the advertiser ids. */
export async function getUserInfo(ctx: SessionContext) {
  const advertisers = await tenantDb(ctx).advertiser.findMany({ where: { isArchived: false }, select: { id: true }, orderBy: { id: "asc" } });
  return {
    username: ctx.email,
    name: ctx.userName,
    authorities: [`ROLE_${ctx.role}`],
    selectedLicensee: { name: ctx.licenseeName, id: ctx.licenseeId, currencyCode: ctx.currencyCode },
    advertisers,
    canSwitch: ctx.canSwitch,
    canChangeSecret: ctx.canChangeSecret,
    twoFactorEnabled: ctx.twoFactorEnabled,
    forcePasswordChange: ctx.forcePasswordChange,
  };
}
