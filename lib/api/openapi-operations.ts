// The OpenAPI document's custom operations beside the resources' own: the
// creatives' association, reviews and ad tag verify, strategy export and
// import, bulk edit, clone and the blocking dialog (lib/api/openapi.ts assembles them).
import { z } from "../validation/z";
import { type ZodOpenApiPathsObject } from "zod-openapi";
import { AssociateResultSchema, AssociateStrategiesBodySchema, CreativeReviewViewSchema, ReviewPathSchema, SetReviewBodySchema } from "../creatives/api-schema";
import { ExportAnswerSchema, ExportBodySchema, ExportStatusSchema, ImportJsonBodySchema, ImportQuerySchema, ImportResultSchema } from "../strategies/transfer/api-schema";
import { ExportStatusInputSchema } from "../strategies/transfer/schema";
import { BulkEditAnswerSchema, BulkEditBodyDocSchema } from "../strategies/bulk-edit/api-schema";
import { CloneBodySchema } from "../strategy-templates/schema";
import { BlockingEntityQuerySchema, ExistingTargetingSchema, OptimizeBodySchema, OptimizeResultSchema, SuggestionResponseSchema } from "../optimization/blocking/schema";
import { GetInputSchema } from "./read";
import { envelope, errors } from "./openapi-parts";

/** The creatives' custom operations (business.md 7 'associate strategies'; an exchange's review). */
export function creativeOperations(): ZodOpenApiPathsObject {
  return {
    "/creatives/associate-strategies": {
      post: {
        operationId: "associateCreativesWithStrategies",
        summary: "Associate creatives with strategies (all or nothing; one activity row per strategy)",
        description:
          "Every creative and strategy must be the caller's licensee's (404 otherwise) and of one advertiser; CTV/OTT strategies take only CTV video " +
          "creatives, Multi Device strategies all other types. Field errors name creativesList or strategyList.",
        tags: ["creatives"],
        requestBody: { required: true, content: { "application/json": { schema: AssociateStrategiesBodySchema } } },
        responses: {
          "200": { description: "How many strategies changed.", content: { "application/json": { schema: envelope(AssociateResultSchema) } } },
          ...errors(400, 403, 404, 409),
        },
      },
    },
    "/creatives/{id}/reviews/{aggregatorId}": {
      put: {
        operationId: "setCreativeReview",
        summary: "Set an exchange's review of a creative (exchange integrations; read-write keys only)",
        description: "A creative without a review from an exchange is pending there. A rejection needs its reason. Audited on the creative.",
        tags: ["creatives"],
        requestParams: { path: ReviewPathSchema },
        requestBody: { required: true, content: { "application/json": { schema: SetReviewBodySchema } } },
        responses: {
          "200": { description: "The creative's review on that exchange.", content: { "application/json": { schema: envelope(CreativeReviewViewSchema) } } },
          ...errors(400, 403, 404),
        },
      },
    },
  };
}

/** Strategy export with metrics and re-import (business.md 7 "Strategy: export"). */
export function strategyTransferOperations(): ZodOpenApiPathsObject {
  return {
    "/strategies/export": {
      post: {
        operationId: "exportStrategies",
        summary: "Export the active strategies of campaigns with their metrics (CSV or XLSX)",
        description:
          "Every active strategy of the campaigns (all the caller's licensee's: 404 otherwise) with id, version, campaign, the editable columns " +
          "(name, bid type, bid price, F-cap) and the metrics of the range (days of the caller's timezone) the caller's role may see. Up to 2,000 strategies " +
          "the answer carries fileDownloadUrl; larger exports run in the background and the answer carries exportId.",
        tags: ["strategies"],
        requestBody: { required: true, content: { "application/json": { schema: ExportBodySchema } } },
        responses: {
          "200": { description: "The file's URL or the background export's id.", content: { "application/json": { schema: envelope(ExportAnswerSchema) } } },
          ...errors(400, 403, 404),
        },
      },
    },
    "/strategies/export/{exportId}": {
      get: {
        operationId: "getStrategyExport",
        summary: "The progress of a background export (the caller's own only)",
        tags: ["strategies"],
        requestParams: { path: ExportStatusInputSchema },
        responses: {
          "200": { description: "Its state, progress and, once done, fileDownloadUrl.", content: { "application/json": { schema: envelope(ExportStatusSchema) } } },
          ...errors(404),
        },
      },
    },
    "/strategies/import": {
      post: {
        operationId: "importStrategies",
        summary: "Re-import edited strategies: a dry-run preview or an all-or-nothing apply",
        description:
          "A multipart form with `file` (an edited export, CSV or XLSX) or JSON rows. Each row's name, bid type, bid price and F-cap are merged into the " +
          "stored strategy and checked by the strategy rules; errors name the row and column. With dryRun=false the changes are written only when no row " +
          "has an error and no strategy changed since its exported version (then applied is true), one activity row per strategy.",
        tags: ["strategies"],
        requestParams: { query: ImportQuerySchema },
        requestBody: {
          required: true,
          content: {
            "application/json": { schema: ImportJsonBodySchema },
            "multipart/form-data": { schema: z.object({ file: z.string().meta({ format: "binary" }) }) },
          },
        },
        responses: {
          "200": { description: "The preview, or what was applied.", content: { "application/json": { schema: envelope(ImportResultSchema) } } },
          ...errors(400, 403),
        },
      },
    },
  };
}

/** Strategy bulk edit with a dry-run flag (business.md 2, 4). */
export function strategyBulkEditOperations(): ZodOpenApiPathsObject {
  return {
    "/strategies/bulk-edit": {
      post: {
        operationId: "bulkEditStrategies",
        summary: "Bulk edit strategies: a dry-run review or an all-or-nothing apply",
        description:
          "Each change names a field, an action the field allows and its items or value. With dryRun (the default) the answer lists per strategy " +
          "what would change (old -> new, list fields as items removed and added), the strategies left unchanged and those whose result breaks a " +
          "strategy rule; nothing is written. With dryRun false and the versions of the review, every strategy is written with its activity row, or " +
          "none: a strategy changed since the review answers 409 naming it, a broken rule 400. Either way an A/B experiment's arm among strategyIds " +
          "answers 400 naming it and its experiment under fieldErrors.strategyIds (arms are changed one at a time, from their experiment).",
        tags: ["strategies"],
        requestBody: { required: true, content: { "application/json": { schema: BulkEditBodyDocSchema } } },
        responses: {
          "200": { description: "The review, or how many strategies changed.", content: { "application/json": { schema: envelope(BulkEditAnswerSchema) } } },
          ...errors(400, 403, 404, 409),
        },
      },
    },
  };
}

/** The strategy clone (business.md 2 'strategy clone dialog'). */
export function strategyCloneOperations(strategyView: z.ZodType): ZodOpenApiPathsObject {
  return {
    "/strategies/{id}/clone": {
      post: {
        operationId: "cloneStrategy",
        summary: "Clone a strategy into a campaign of its advertiser (the clone is inactive)",
        description:
          "The stored strategy's settings with the new name and campaign, through the strategy's own create rules (a past start becomes " +
          "'immediately', a past end 'never ending'); creatives and creative sets are copied when asked for. Field errors name the body's fields.",
        tags: ["strategies"],
        requestParams: { path: GetInputSchema },
        requestBody: { required: true, content: { "application/json": { schema: CloneBodySchema } } },
        responses: {
          "200": { description: "The new strategy.", content: { "application/json": { schema: envelope(strategyView) } } },
          ...errors(400, 403, 404, 409),
        },
      },
    },
  };
}

/** The strategy blocking dialog (shell.md 2.13, 3, 7 'Strategy optimization'). */
export function strategyBlockingOperations(): ZodOpenApiPathsObject {
  return {
    "/strategies/{id}/targeting-suggestions": {
      get: {
        operationId: "getStrategyTargetingSuggestions",
        summary: "Aggregators or sites to block: those that delivered in the past 30 days, minus the strategy's existing lists",
        description:
          "Per item: revenue (Adv Spend), cost (Media Spend), ecpi, ecpa, ctr, ecpm, ecpc, iti, ctc, roi over the strategy's delivery of the past 30 days " +
          "(ctr and ctc in percent, money in currencyCode); metrics the caller's role may not see are null.",
        tags: ["strategies"],
        requestParams: { path: GetInputSchema, query: BlockingEntityQuerySchema },
        responses: {
          "200": { description: "The suggestions.", content: { "application/json": { schema: envelope(SuggestionResponseSchema) } } },
          ...errors(400, 404),
        },
      },
    },
    "/strategies/{id}/targeting": {
      get: {
        operationId: "getStrategyTargeting",
        summary: "The strategy's aggregator or site target and blocked lists, by name, with its version",
        tags: ["strategies"],
        requestParams: { path: GetInputSchema, query: BlockingEntityQuerySchema },
        responses: {
          "200": { description: "The existing targeting.", content: { "application/json": { schema: envelope(ExistingTargetingSchema) } } },
          ...errors(400, 404),
        },
      },
    },
    "/strategies/{id}/optimize": {
      post: {
        operationId: "optimizeStrategy",
        summary: "Block aggregators and/or sites on a strategy (allowed once it is 30 days old or has 10 installs/conversions)",
        description:
          "For each kind sent: an existing target list is replaced by blocking (targetList emptied, blockedList = the ids sent); an existing blocked list " +
          "is merged with the ids sent. With version, a strategy changed since is 409. A strategy not yet eligible is 409 with the reason. Audited on the strategy.",
        tags: ["strategies"],
        requestParams: { path: GetInputSchema },
        requestBody: { required: true, content: { "application/json": { schema: OptimizeBodySchema } } },
        responses: {
          "200": { description: "The lists written and the strategy's new version.", content: { "application/json": { schema: envelope(OptimizeResultSchema) } } },
          ...errors(400, 403, 404, 409),
        },
      },
    },
  };
}
