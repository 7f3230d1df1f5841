// The input schemas of SliceX (lib/slicex/schema.ts), spread into
// INPUT_SCHEMAS (./input-schemas.ts), with the queries its pages' URLs and the
// drill-down send.
import { BusinessQuerySchema, PivotCellSchema, PivotQuerySchema } from "@/lib/slicex/schema";
import type { InputSchemaEntry, SchemaCase } from "./input-schemas";

const one = (label: string, schema: SchemaCase["schema"], ...valid: unknown[]): SchemaCase[] => [{ label, schema, valid }];
const QUERY = { rows: "campaign", columns: "date", metric: "impressions", from: "2026-11-01", to: "2026-11-07", timezoneId: 805 };

export const SLICEX_INPUT_SCHEMAS: Record<string, InputSchemaEntry> = {
  "lib/slicex/schema.ts#PivotQuerySchema": { cases: () => one("PivotQuerySchema", PivotQuerySchema, QUERY, { ...QUERY, rows: "country", columns: "month", metric: "ctr", timezoneId: "9001" }) },
  "lib/slicex/schema.ts#PivotCellSchema": { cases: () => one("PivotCellSchema", PivotCellSchema, { query: QUERY, rowKey: "12", columnKey: "2026-11-02", by: "strategy" }) },
  "lib/slicex/schema.ts#BusinessQuerySchema": { cases: () => one("BusinessQuerySchema", BusinessQuerySchema, { grain: "week", from: "2026-09-01", to: "2026-11-25", timezoneId: 805 }) },
};
