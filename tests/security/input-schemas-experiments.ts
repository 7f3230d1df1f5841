// The input schemas of A/B experiments (lib/experiments/schema.ts), spread
// into INPUT_SCHEMAS (./input-schemas.ts), with inputs the experiment form,
// its status buttons and the REST API send.
import {
  ExperimentArmSchema,
  ExperimentMetricSchema,
  ExperimentSchema,
  ExperimentStatusBodySchema,
  ExperimentStatusSchema,
  ExperimentStatusValueSchema,
  UpdateExperimentSchema,
} from "@/lib/experiments/schema";
import type { InputSchemaEntry, SchemaCase } from "./input-schemas";

const one = (label: string, schema: SchemaCase["schema"], ...valid: unknown[]): SchemaCase[] => [{ label, schema, valid }];
const START = Date.UTC(2030, 1, 1) / 1000;
const FORM = {
  campaignId: 1, name: "Bid test", description: "", metric: "CTR", startTime: START, endTime: -1,
  arms: [{ strategyId: 2, trafficPercent: 50 }, { strategyId: 3, trafficPercent: 50 }],
};

export const EXPERIMENT_INPUT_SCHEMAS: Record<string, InputSchemaEntry> = {
  "lib/experiments/schema.ts#ExperimentSchema": {
    cases: () =>
      one("ExperimentSchema", ExperimentSchema, FORM, {
        ...FORM, campaignId: "1", description: null, metric: "CONVERSION_RATE", startTime: "2030-02-01T00:00:00Z", endTime: START + 86_400,
        arms: [{ strategyId: "2", trafficPercent: "30" }, { strategyId: 3, trafficPercent: 30 }, { strategyId: 4, trafficPercent: 40 }],
      }),
  },
  "lib/experiments/schema.ts#UpdateExperimentSchema": { cases: () => one("UpdateExperimentSchema", UpdateExperimentSchema, { id: 1, version: 2, ...FORM }) },
  "lib/experiments/schema.ts#ExperimentArmSchema": { cases: () => one("ExperimentArmSchema", ExperimentArmSchema, { strategyId: 2, trafficPercent: 50 }) },
  "lib/experiments/schema.ts#ExperimentMetricSchema": { cases: () => one("ExperimentMetricSchema", ExperimentMetricSchema, "CTR", "INSTALL_RATE") },
  "lib/experiments/schema.ts#ExperimentStatusValueSchema": { cases: () => one("ExperimentStatusValueSchema", ExperimentStatusValueSchema, "RUNNING", "COMPLETED") },
  "lib/experiments/schema.ts#ExperimentStatusSchema": { cases: () => one("ExperimentStatusSchema", ExperimentStatusSchema, { id: 1, version: 1, status: "PAUSED" }) },
  "lib/experiments/schema.ts#ExperimentStatusBodySchema": { cases: () => one("ExperimentStatusBodySchema", ExperimentStatusBodySchema, { status: "RUNNING", version: 3 }) },
  "lib/experiments/rest.ts#ExperimentViewSchema": { excluded: "a response shape the REST API sends (documented in OpenAPI), never parsed from a caller" },
};
