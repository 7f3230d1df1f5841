// Reads of experiments for the session's licensee, and the shapes a stored
// experiment takes outside the database: its details (plain JSON, times as
// ISO text; also the REST view) and the values its edit form (and a REST
// PATCH) starts from.
import "server-only";
import type { SessionContext } from "../auth/context";
import { isId } from "../actions/fields";
import { NotFoundError } from "../errors";
import { orNotFound } from "../data/gate";
import { tenantDb } from "../data/tenant-db";
import type { Experiment, ExperimentArm } from "../generated/prisma/client";
import { NO_END, type ExperimentFormInput } from "./schema";

export type ExperimentRow = Experiment & { arms: ExperimentArm[] };

/** Arms in the order they were added: the first is the control. */
export const ARMS_INCLUDE = { arms: { orderBy: { id: "asc" } } } as const;

/** An experiment id from a URL or a form: anything that cannot be one is "not found". */
export function toExperimentId(id: number | string): number {
  const n = typeof id === "string" && /^\d{1,10}$/.test(id) ? Number(id) : id;
  if (!isId(n)) throw new NotFoundError("Experiment");
  return n;
}

/** The fields a user sets, as the details page and the activity log both show them. */
export function experimentSettings(row: ExperimentRow) {
  return {
    name: row.name,
    description: row.description,
    metric: row.metric,
    status: row.status,
    startTime: row.startTime.toISOString(),
    endTime: row.endTime ? row.endTime.toISOString() : null,
  };
}

export function toExperimentDetails(row: ExperimentRow) {
  return {
    id: row.id,
    advertiserId: row.advertiserId,
    campaignId: row.campaignId,
    ...experimentSettings(row),
    arms: row.arms.map((a) => ({ id: a.id, strategyId: a.strategyId, trafficPercent: a.trafficPercent })),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    version: row.version,
  };
}

export type ExperimentDetails = ReturnType<typeof toExperimentDetails>;

/** One experiment of the session's licensee, with its arms. */
export async function getExperimentOrThrow(ctx: SessionContext, id: number | string): Promise<ExperimentDetails> {
  const row = await tenantDb(ctx).experiment.findUnique({ where: { id: toExperimentId(id) }, include: ARMS_INCLUDE });
  return toExperimentDetails(orNotFound(row, "Experiment"));
}

const epochSeconds = (iso: string) => Math.floor(Date.parse(iso) / 1000);

/** What the form holds for a stored experiment: times as epoch seconds (-1: no end). */
export function experimentFormValues(e: ExperimentDetails): ExperimentFormInput {
  return {
    campaignId: e.campaignId,
    name: e.name,
    description: e.description ?? "",
    metric: e.metric,
    startTime: epochSeconds(e.startTime),
    endTime: e.endTime === null ? NO_END : epochSeconds(e.endTime),
    arms: e.arms.map((a) => ({ strategyId: a.strategyId, trafficPercent: a.trafficPercent })),
  };
}
