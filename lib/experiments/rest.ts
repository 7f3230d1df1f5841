// The REST resource of A/B experiments (/api/v1/experiments; business.md 7
// "A/B experiment create, update, update status (POST), get and list (GET)"):
// list, get, create and update (PATCH with `version`) through the experiment
// screens' own action definitions; and the status update,
// POST /api/v1/experiments/{id}/status with { status, version }.
import "server-only";
import { z } from "../validation/z";
import { defineResource } from "../rest/define-resource";
import { defineOperation, type EntityRest } from "../rest/operation";
import { GetInputSchema } from "../rest/read";
import { readJsonBody } from "../net/read-body";
import { erase } from "../rest/resource";
import { viewId, viewTime, viewVersion } from "../rest/view-fields";
import type { TenantClient } from "../data/tenant-db";
import type { Prisma } from "../generated/prisma/client";
import { executeAction } from "../actions/define-action";
import { createExperimentAction, setExperimentStatusAction, updateExperimentAction } from "./actions";
import { ARMS_INCLUDE, experimentFormValues, toExperimentDetails, type ExperimentDetails, type ExperimentRow } from "./queries";
import { METRIC_VALUES, NO_END, STATUS_VALUES } from "./rules";
import { ExperimentMetricSchema, ExperimentStatusBodySchema } from "./schema";

export const ExperimentViewSchema = z.object({
  id: viewId,
  advertiserId: viewId,
  campaignId: viewId,
  name: z.string(),
  description: z.string().nullable(),
  metric: z.enum(METRIC_VALUES).meta({ description: "The conversion rate compared: CTR (clicks per impression), INSTALL_RATE (installs per click), CONVERSION_RATE (conversions per click)." }),
  status: z.enum(STATUS_VALUES),
  startTime: viewTime,
  endTime: viewTime.nullable().meta({ description: "null: runs until stopped." }),
  arms: z
    .array(z.object({ id: viewId, strategyId: viewId, trafficPercent: z.number().int().min(1).max(99) }))
    .meta({ description: "The arms in order; the first is the control the others are compared with." }),
  createdAt: viewTime,
  updatedAt: viewTime,
  version: viewVersion,
});
type ExperimentView = z.output<typeof ExperimentViewSchema>;

type Where = Prisma.ExperimentWhereInput;

/** The experiment delegate with the arms read alongside. */
const withArms = (db: TenantClient) => ({
  findMany: (args: { where: Where; orderBy: Prisma.ExperimentOrderByWithRelationInput[]; skip: number; take: number }) =>
    db.experiment.findMany({ ...args, include: ARMS_INCLUDE }),
  findFirst: (args: { where: Where }) => db.experiment.findFirst({ ...args, include: ARMS_INCLUDE }),
  count: (args: { where: Where }) => db.experiment.count(args),
});

const time = (description: string) =>
  z.union([z.number().int(), z.string()]).meta({ description: `${description} Epoch seconds or ISO 8601 text.` });

/** The fields a create or PATCH sends, as documented (the action validates them with the form's schema). */
const editable = {
  name: z.string().meta({ description: "1 to 100 characters." }),
  description: z.string().nullable().optional().meta({ description: "Up to 500 characters; blank or null for none." }),
  metric: ExperimentMetricSchema,
  startTime: time("The start."),
  endTime: time(`After the start; ${NO_END} or null for no end.`).nullable().optional(),
  arms: z
    .array(z.object({ strategyId: viewId, trafficPercent: z.number().int().min(1).max(99) }))
    .meta({ description: "Two to ten arms: { strategyId, trafficPercent } with strategies of the campaign (no arm of another experiment) and whole percentages adding up to 100. The first is the control." }),
};

export const experimentResource = defineResource<typeof ExperimentViewSchema, ExperimentRow>(["experiment", "experiments"], ExperimentViewSchema, {
  description: "A/B experiments of the licensee's campaigns: strategies of one campaign as arms with a traffic split, compared on a conversion rate.",
  model: withArms,
  toView: (row) => ExperimentViewSchema.strip().parse(toExperimentDetails(row)),
  sortFields: ["name", "id", "status", "startTime", "endTime", "createdAt"],
  filters: ["advertiserId", "campaignId"],
  where: {},
  getWhere: {},
  create: {
    definition: erase(createExperimentAction.definition),
    body: z.object({ campaignId: viewId.meta({ description: "The campaign whose strategies are the arms; fixed once created." }), ...editable }),
  },
  // A PATCH starts from the stored experiment as its edit form shows it, so the fields it does not send keep their values.
  update: {
    definition: erase(updateExperimentAction.definition),
    body: z.object(editable),
    // The campaign is fixed: a PATCH body has no campaignId (the action ignores one).
    editable: (current: ExperimentView) => experimentFormValues(current as ExperimentDetails),
    input: ({ id, version, values }) => ({ ...values, id, version }),
  },
});

/** POST /api/v1/experiments/{id}/status: the status dialog's action for the API caller. */
const statusOperation = defineOperation({
  method: "POST", path: "/experiments/{id}/status", access: "write", operationId: "updateExperimentStatus", tags: ["experiments"],
  summary: "Start, pause, resume or stop an experiment",
  description:
    "DRAFT → RUNNING (start), RUNNING → PAUSED (pause), PAUSED → RUNNING (resume), RUNNING or PAUSED → COMPLETED (stop, final: the arms' " +
    "strategies return to the ordinary strategy lists). Another change is a 409, as is a version that is no longer the experiment's " +
    "('This experiment was changed by someone else'). Asking for the current status changes nothing. Audited.",
  params: GetInputSchema,
  body: ExperimentStatusBodySchema,
  response: { description: "The experiment after the change.", schema: experimentResource.view },
  errors: [400, 403, 404, 409],
  handle: async ({ ctx, request, params: { id } }) => {
    const { status, version } = ExperimentStatusBodySchema.parse(await readJsonBody(request));
    return executeAction(setExperimentStatusAction.definition, ctx, { id, version, status });
  },
});

/** What the entity hands to the registry (its entity.ts). */
export const experimentRest: EntityRest = { resource: experimentResource, operations: [statusOperation] };
