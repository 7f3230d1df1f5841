// The input schemas of strategy templates and the clone dialog
// (lib/strategy-templates/schema.ts), spread into INPUT_SCHEMAS (./input-schemas.ts),
// with inputs the save-as-template dialog, the clone dialog and the REST API send.
import type { z } from "zod";
import { CloneBodySchema, CloneFieldsSchema, CloneStrategyInputSchema, SaveTemplateInputSchema, TemplateFieldsSchema, TemplateIdInputSchema } from "@/lib/strategy-templates/schema";
import type { InputSchemaEntry, SchemaCase } from "./input-schemas";

const one = (label: string, schema: z.ZodType, ...valid: unknown[]): SchemaCase[] => [{ label, schema, valid }];
const CLONE = { name: "Prospecting - Copy", campaignId: 3, copyCreatives: true, copyCreativeSets: false };

export const TEMPLATE_INPUT_SCHEMAS: Record<string, InputSchemaEntry> = {
  "lib/strategy-templates/schema.ts#TemplateFieldsSchema": {
    cases: () => one("TemplateFieldsSchema", TemplateFieldsSchema, { templateName: "EU apps", description: "Mobile apps in the EU" }, { templateName: "EU apps" }),
  },
  "lib/strategy-templates/schema.ts#SaveTemplateInputSchema": {
    cases: () => one("SaveTemplateInputSchema", SaveTemplateInputSchema, { strategyId: 7, templateName: "EU apps", description: "" }),
  },
  "lib/strategy-templates/schema.ts#TemplateIdInputSchema": { cases: () => one("TemplateIdInputSchema", TemplateIdInputSchema, { id: 4 }, { id: "4" }) },
  "lib/strategy-templates/schema.ts#CloneFieldsSchema": { cases: () => one("CloneFieldsSchema", CloneFieldsSchema, CLONE) },
  "lib/strategy-templates/schema.ts#CloneBodySchema": { cases: () => one("CloneBodySchema", CloneBodySchema, CLONE) },
  "lib/strategy-templates/schema.ts#CloneStrategyInputSchema": { cases: () => one("CloneStrategyInputSchema", CloneStrategyInputSchema, { id: 9, ...CLONE }) },
};
