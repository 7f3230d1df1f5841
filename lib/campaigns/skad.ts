// The SKAD target privilege (business.md 4, shell.md 7): a licensee may run
// campaigns that target SKAdNetwork installs only when granted it. The form
// offers the switch by it, the mutations enforce it, and the REST call
// 'SKAD target privileges' (POST with a filter list of column and value)
// answers it for the caller's licensee.
import "server-only";
import type { z } from "../validation/z";
import type { SessionContext } from "../auth/context";
import { NotFoundError } from "../errors";
import { tenantDb, type TenantTx } from "../data/tenant-db";
import { SkadPrivilegesQuerySchema, type SkadPrivilegesSchema } from "./api-schema";

export async function licenseeSkadAllowed(db: TenantTx, licenseeId: number): Promise<boolean> {
  const licensee = await db.licensee.findUnique({ where: { id: licenseeId }, select: { skadTargetAllowed: true } });
  return licensee?.skadTargetAllowed === true;
}

/** The caller's licensee and its privilege; a filter naming another licensee is "not found", as any other licensee's id. */
export async function skadTargetPrivileges(ctx: SessionContext, body: unknown): Promise<z.infer<typeof SkadPrivilegesSchema>> {
  const { filters } = SkadPrivilegesQuerySchema.parse(body ?? {});
  if (filters.some((f) => Number(f.value) !== ctx.licenseeId)) throw new NotFoundError("Licensee");
  return { data: [{ licenseeId: ctx.licenseeId, skadTargetAllowed: await licenseeSkadAllowed(tenantDb(ctx), ctx.licenseeId) }] };
}
