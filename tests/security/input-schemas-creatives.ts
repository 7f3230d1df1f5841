// The input schemas of the creatives part (lib/creatives/*.ts at the top
// level), spread into INPUT_SCHEMAS (./input-schemas.ts), with inputs the
// add-creatives table, the edit form, the associate dialog and the REST API send.
import type { z } from "zod";
import { AssociateStrategiesBodySchema, ReviewPathSchema, SetReviewBodySchema } from "@/lib/creatives/api-schema";
import { AssociateStrategiesSchema } from "@/lib/creatives/associate";
import { SetReviewSchema } from "@/lib/creatives/reviews";
import { CreativeEditSchema, CreativeNameSchema, CreativePropertiesSchema, NewCreativeRowSchema, SaveCreativesSchema, UpdateCreativeSchema } from "@/lib/creatives/schema";
import { StrategyPickerSchema } from "@/lib/creatives/strategy-picker";
import type { InputSchemaEntry, SchemaCase } from "./input-schemas";

const one = (label: string, schema: z.ZodType, ...valid: unknown[]): SchemaCase[] => [{ label, schema, valid }];
const RESPONSE_SHAPE = "a response shape the REST API sends (documented in OpenAPI), never parsed from a caller";

const IDS = { kktuCode: "KKTU-1", person: "Alice Smith", erId: "ER-12345" };
const IMAGE_ROW = { name: "Spring_300x250", width: 300, height: 250, clickDestinationId: "4", isDco: false, ...IDS, storageKey: "creatives/1/2/u1/banner.png", properties: {} };
const TAG_ROW = { name: "Tag_300x250", width: 300, height: 250, clickDestinationId: 4, isDco: false, kktuCode: "", person: "", erId: "", adTag: '<script src="https://ads.acme.com/t.js"></script>', properties: {} };
const EDIT = { type: "IMAGE", name: "Banner", clickDestinationId: 4, ...IDS };

export const CREATIVE_INPUT_SCHEMAS: Record<string, InputSchemaEntry> = {
  "lib/creatives/schema.ts#CreativeNameSchema": { cases: () => one("CreativeNameSchema", CreativeNameSchema, "Spring_300x250") },
  "lib/creatives/schema.ts#CreativePropertiesSchema": {
    cases: () => one("CreativePropertiesSchema", CreativePropertiesSchema, {}, { dimensions: ["1920x1080"] }, { defaultImageMacro: "{image_link}", additionalImageMacros: ["image_2"] }, { title: "Shoes" }),
  },
  "lib/creatives/schema.ts#NewCreativeRowSchema": { cases: () => one("NewCreativeRowSchema", NewCreativeRowSchema, IMAGE_ROW, TAG_ROW) },
  "lib/creatives/schema.ts#SaveCreativesSchema": {
    cases: () =>
      one(
        "SaveCreativesSchema",
        SaveCreativesSchema,
        { creativeSetId: 1, type: "IMAGE", creatives: [IMAGE_ROW] },
        { creativeSetId: "1", type: "THIRD_PARTY_AD_TAGS", creatives: [TAG_ROW] },
      ),
  },
  "lib/creatives/schema.ts#CreativeEditSchema": { cases: () => one("CreativeEditSchema", CreativeEditSchema, EDIT, { ...EDIT, type: "THIRD_PARTY_AD_TAGS", kktuCode: "", person: "", erId: "" }) },
  "lib/creatives/schema.ts#UpdateCreativeSchema": { cases: () => one("UpdateCreativeSchema", UpdateCreativeSchema, { id: 1, version: 3, ...EDIT }) },
  "lib/creatives/associate.ts#AssociateStrategiesSchema": {
    cases: () => one("AssociateStrategiesSchema", AssociateStrategiesSchema, { kind: "creative", ids: [1], strategyIds: [2], replaceExisting: false }, { kind: "creative_set", ids: ["1"], strategyIds: [2, 3] }),
  },
  "lib/creatives/strategy-picker.ts#StrategyPickerSchema": {
    cases: () => one("StrategyPickerSchema", StrategyPickerSchema, { kind: "creative", ids: [1], advertiserId: 2, creativeType: "IMAGE" }, { kind: "creative_set", ids: [1], advertiserId: 2, creativeType: "CTV_VIDEO", q: "ctv", page: 2 }),
  },
  "lib/creatives/reviews.ts#SetReviewSchema": {
    cases: () => one("SetReviewSchema", SetReviewSchema, { creativeId: 1, aggregatorId: 2, status: "APPROVED" }, { creativeId: "1", aggregatorId: "2", status: "REJECTED", reason: "Flashing" }),
  },
  "lib/creatives/api-schema.ts#AssociateStrategiesBodySchema": {
    cases: () => one("AssociateStrategiesBodySchema", AssociateStrategiesBodySchema, { creativesList: [1], strategyList: [2] }, { creativesList: [1, 2], strategyList: ["3"], replaceExistingCreatives: true }),
  },
  "lib/creatives/api-schema.ts#SetReviewBodySchema": { cases: () => one("SetReviewBodySchema", SetReviewBodySchema, { status: "APPROVED" }, { status: "REJECTED", reason: "Flashing" }) },
  "lib/creatives/api-schema.ts#ReviewPathSchema": { cases: () => one("ReviewPathSchema", ReviewPathSchema, { id: "1", aggregatorId: "2" }) },
  "lib/creatives/api-schema.ts#AssociateResultSchema": { excluded: RESPONSE_SHAPE },
  "lib/creatives/api-schema.ts#CreativeReviewViewSchema": { excluded: RESPONSE_SHAPE },
};
