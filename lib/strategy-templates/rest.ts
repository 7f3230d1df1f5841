// The REST resource of strategy templates (/api/v1/strategy-templates;
// business.md 7 'templates list'): list and get with the columns of shell.md 3
// (goal, totalUsage, createdBy.name, licensee.name shown as 'Saved From'),
// create from a stored strategy ({ strategyId, templateName, description? },
// the save-as-template dialog's action) and delete (the details page's
// Delete). The strategy clone's operation is ./clone-api.ts.
import "server-only";
import { z } from "../validation/z";
import { defineResource } from "../rest/define-resource";
import type { EntityRest } from "../rest/operation";
import { cloneStrategyOperation } from "./clone-api";
import { erase } from "../rest/resource";
import { viewId, viewJson, viewTime, viewVersion } from "../rest/view-fields";
import type { TenantClient } from "../data/tenant-db";
import type { Prisma } from "../generated/prisma/client";
import { deleteStrategyTemplateAction, saveStrategyTemplateAction } from "./actions";
import { SaveTemplateInputSchema } from "./schema";
import { readTemplateSettings } from "./settings";

export const StrategyTemplateViewSchema = z.object({
  id: viewId,
  templateName: z.string(),
  description: z.string().nullable(),
  goal: z.string().meta({ description: "The pricing type of the strategy it was saved from (the wizard's picker filters by it)." }),
  settings: viewJson.meta({
    description: "The strategy wizard's values the template fills in: everything but campaign, name, schedule and the advertiser's pixels, creatives, sets and audiences.",
  }),
  totalUsage: z.number().int().meta({ description: "Strategies created from the template." }),
  createdBy: z.object({ name: z.string() }).meta({ description: "The user who saved it." }),
  licensee: z.object({ name: z.string() }).meta({ description: "'Saved From': the licensee it was saved in." }),
  createdAt: viewTime,
  version: viewVersion,
});
type StrategyTemplateView = z.output<typeof StrategyTemplateViewSchema>;

const WHO = { createdBy: { select: { name: true } }, licensee: { select: { name: true } } } satisfies Prisma.StrategyTemplateInclude;
type TemplateRow = Prisma.StrategyTemplateGetPayload<{ include: typeof WHO }>;
type Where = Prisma.StrategyTemplateWhereInput;

/** The template delegate with its author and licensee read alongside. */
const withNames = (db: TenantClient) => ({
  findMany: (args: { where: Where; orderBy: Prisma.StrategyTemplateOrderByWithRelationInput[]; skip: number; take: number }) =>
    db.strategyTemplate.findMany({ ...args, include: WHO }),
  findFirst: (args: { where: Where }) => db.strategyTemplate.findFirst({ ...args, include: WHO }),
  count: (args: { where: Where }) => db.strategyTemplate.count(args),
});

const toView = (row: TemplateRow): StrategyTemplateView => ({
  id: row.id,
  templateName: row.templateName,
  description: row.description,
  goal: row.goal,
  settings: readTemplateSettings(row.settings) as Record<string, unknown>,
  totalUsage: row.totalUsage,
  createdBy: { name: row.createdBy.name },
  licensee: { name: row.licensee.name },
  createdAt: row.createdAt.toISOString(),
  version: row.version,
});

export const strategyTemplateResource = defineResource<typeof StrategyTemplateViewSchema, TemplateRow>(
  ["strategy template", "strategy templates"],
  StrategyTemplateViewSchema,
  {
    description: "Strategy templates of the licensee: saved from a strategy, used from the strategy wizard.",
    model: withNames,
    toView,
    sortFields: ["templateName", "id", "goal", "totalUsage", "createdAt"],
    searchColumns: ["templateName"],
    filters: [],
    create: {
      definition: erase(saveStrategyTemplateAction.definition),
      body: SaveTemplateInputSchema.extend({
        strategyId: SaveTemplateInputSchema.shape.strategyId.meta({ description: "The strategy whose settings the template keeps." }),
      }),
    },
    delete: { definition: erase(deleteStrategyTemplateAction.definition) },
  },
);

/** What the entity hands to the registry (its entity.ts). */
export const strategyTemplateRest: EntityRest = { resource: strategyTemplateResource, operations: [cloneStrategyOperation] };
