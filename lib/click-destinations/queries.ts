// Reads of click destinations (business.md 7: list, get by id, MMP
// parameters), through the tenant-scoped client. Results are plain objects
// ready for client components.
import "server-only";
import type { SessionContext } from "../auth/context";
import type { ClickDestination } from "../generated/prisma/client";
import { orNotFound, parseId } from "../data/gate";
import { tenantDb } from "../data/tenant-db";
import { knownMmp, mmpParameters, type MmpParameter } from "./mmp";
import { parseStoredParams, type MmpParam } from "./schema";

export function toClickDestinationRow(row: ClickDestination) {
  return {
    id: row.id,
    advertiserId: row.advertiserId,
    name: row.name,
    url: row.url,
    mmpParams: parseStoredParams(row.mmpParams) as MmpParam[],
    active: row.active,
    createdAt: row.createdAt.toISOString(),
    /** Sent back with an edit for the optimistic-concurrency check. */
    version: row.version,
  };
}
export type ClickDestinationRow = ReturnType<typeof toClickDestinationRow>;

async function ownedAdvertiser(ctx: SessionContext, advertiserId: number | string) {
  return orNotFound(
    await tenantDb(ctx).advertiser.findUnique({ where: { id: parseId(String(advertiserId)) }, select: { id: true, mmp: true } }),
    "Advertiser",
  );
}

export async function getClickDestinationOrThrow(ctx: SessionContext, id: number | string): Promise<ClickDestinationRow> {
  const row = await tenantDb(ctx).clickDestination.findFirst({ where: { id: parseId(String(id)), isArchived: false } });
  return toClickDestinationRow(orNotFound(row, "Click destination"));
}

export interface MmpParametersView {
  /** The advertiser's MMP as stored (null: none). */
  mmp: string | null;
  /** The MMP's standard parameters; empty for none or an MMP without a dictionary entry. */
  parameters: MmpParameter[];
  known: boolean;
}

/** 'MMP parameters (GET)': the standard parameters of the advertiser's MMP. */
export async function getMmpParameters(ctx: SessionContext, advertiserId: number | string): Promise<MmpParametersView> {
  const advertiser = await ownedAdvertiser(ctx, advertiserId);
  return {
    mmp: advertiser.mmp,
    parameters: mmpParameters(advertiser.mmp).map((p) => ({ ...p })),
    known: knownMmp(advertiser.mmp) !== null,
  };
}
