// The DMP access check (messages.ts says where the flag lives). Another
// licensee's advertiser is not found (404), as everywhere; any other failure
// of the check is logged and read as no access.
import "server-only";
import type { SessionContext } from "../../auth/context";
import { validationError } from "../../validation/errors";
import { orNotFound } from "../../data/gate";
import { tenantDb, type TenantTx } from "../../data/tenant-db";
import { log } from "../../log";
import { DMP_ACCESS_MESSAGES, DMP_ACCESS_SETTING, type DmpAccess } from "./messages";

type AccessDb = Pick<TenantTx, "advertiser" | "advertiserSetting">;

/** Whether the advertiser (of the client's licensee) has DMP access; false when the check fails. */
export async function hasDmpAccess(db: AccessDb, advertiserId: number): Promise<boolean> {
  orNotFound(await db.advertiser.findUnique({ where: { id: advertiserId }, select: { id: true } }), "Advertiser");
  try {
    const setting = await db.advertiserSetting.findFirst({ where: { advertiserId, key: DMP_ACCESS_SETTING }, select: { value: true } });
    return setting?.value.trim().toLowerCase() === "true";
  } catch (err) {
    log.warn("audiences: DMP access check failed, read as no access", { advertiserId, err: err instanceof Error ? err : new Error(String(err)) });
    return false;
  }
}

export async function dmpAccessOf(ctx: SessionContext, advertiserId: number): Promise<DmpAccess> {
  return { advertiserId, isDmpAccess: await hasDmpAccess(tenantDb(ctx), advertiserId) };
}

/** Creating a DMP audience needs access: a field error on the source otherwise. */
export async function requireDmpAccess(db: AccessDb, advertiserId: number): Promise<void> {
  if (!(await hasDmpAccess(db, advertiserId))) throw validationError(["source"], DMP_ACCESS_MESSAGES.noAccess, "DMP");
}
