// Rows → API views for resources whose view is columns of their row: the
// view schema names the columns, and each value becomes plain JSON the same
// way everywhere (times as ISO text, decimals as exact text, 64-bit counts as
// numbers). The OpenAPI test checks every answer against the schema.
import "server-only";
import type { z } from "../validation/z";
import { Prisma } from "../generated/prisma/client";

function plain(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (typeof value === "bigint") return Number(value);
  if (Prisma.Decimal.isDecimal(value)) return value.toString();
  return value;
}

/** The view of a row: the schema's fields, each value made plain. */
export function viewMapper<S extends z.ZodObject>(schema: S): (row: object) => z.output<S> {
  const fields = Object.keys(schema.shape);
  return (row) => Object.fromEntries(fields.map((field) => [field, plain((row as Record<string, unknown>)[field])])) as z.output<S>;
}
