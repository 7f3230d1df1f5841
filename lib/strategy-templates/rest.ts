// The REST resource of strategy templates (/api/v1/strategy-templates): list
// and get ('templates list' of business.md 7).
import "server-only";
import { z } from "zod";
import { defineResource } from "../api/define-resource";
import { viewId, viewJson, viewTime, viewVersion } from "../api/view-fields";

export const StrategyTemplateViewSchema = z.object({
  id: viewId,
  templateName: z.string(),
  description: z.string().nullable(),
  goal: z.string(),
  settings: viewJson.meta({ description: "The strategy settings the template fills in." }),
  totalUsage: z.number().int(),
  createdAt: viewTime,
  version: viewVersion,
});

export const strategyTemplateResource = defineResource(["strategy template", "strategy templates"], StrategyTemplateViewSchema, {
  description: "Strategy templates of the licensee.",
  model: (db) => db.strategyTemplate,
  sortFields: ["templateName", "id", "goal", "totalUsage", "createdAt"],
  searchColumns: ["templateName"],
  filters: [],
});
