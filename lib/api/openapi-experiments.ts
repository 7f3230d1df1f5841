// The OpenAPI document's experiment operation beside the resource's own
// (list, get, create, update): the status update, POST
// /api/v1/experiments/{id}/status (business.md 7 "A/B experiment ... update
// status (POST)"). Client-safe: the experiment's view comes from the
// resource, so this module loads no server code.
import type { z } from "../validation/z";
import type { ZodOpenApiPathsObject } from "zod-openapi";
import { ExperimentStatusBodySchema } from "../experiments/schema";
import { GetInputSchema } from "./read";
import { envelope, errors } from "./openapi-parts";

export function experimentStatusOperations(view: z.ZodType): ZodOpenApiPathsObject {
  return {
    "/experiments/{id}/status": {
      post: {
        operationId: "updateExperimentStatus",
        summary: "Start, pause, resume or stop an experiment",
        description:
          "DRAFT → RUNNING (start), RUNNING → PAUSED (pause), PAUSED → RUNNING (resume), RUNNING or PAUSED → COMPLETED (stop, final: the arms' " +
          "strategies return to the ordinary strategy lists). Another change is a 409, as is a version that is no longer the experiment's " +
          "('This experiment was changed by someone else'). Asking for the current status changes nothing. Audited.",
        tags: ["experiments"],
        requestParams: { path: GetInputSchema },
        requestBody: { required: true, content: { "application/json": { schema: ExperimentStatusBodySchema } } },
        responses: {
          "200": { description: "The experiment after the change.", content: { "application/json": { schema: envelope(view) } } },
          ...errors(400, 403, 404, 409),
        },
      },
    },
  };
}
