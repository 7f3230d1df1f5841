// Batches of flat rows (a JSON array of objects or the lines of a CSV file)
// loaded all or nothing: the shape check every row passes before its fields
// are read, and the refusal that lists each bad row's problems at its row
// (counted from 1, as a CSV reader counts data lines) and field.
import { z } from "./z";
import { isStrangeText, STRANGE_TEXT_MESSAGE } from "./strange-text";

const isPlainValue = (v: unknown) => v === null || typeof v === "string" || typeof v === "number" || typeof v === "boolean";

/**
 * A refinement of the batch's row array: each row a plain object of plain
 * values (and, with `refuseStrangeText`, no text that cannot be stored).
 * A plain loop: a zod record schema per row cost about a second for 100,000 rows.
 */
export function plainRows(messages: { rowObject: string; plainValue: string }, options: { refuseStrangeText?: boolean } = {}) {
  return (rows: unknown[], ctx: z.RefinementCtx) => {
    rows.forEach((row, i) => {
      // A plain object from any realm (a body parsed by the runtime's JSON, a CSV reader's record).
      if (Object.prototype.toString.call(row) !== "[object Object]") {
        ctx.addIssue({ code: "custom", path: [i], message: messages.rowObject, input: row });
        return;
      }
      for (const [key, value] of Object.entries(row as Record<string, unknown>)) {
        if (!isPlainValue(value)) ctx.addIssue({ code: "custom", path: [i, key], message: messages.plainValue, input: value });
        else if (options.refuseStrangeText && typeof value === "string" && isStrangeText(value)) ctx.addIssue({ code: "custom", path: [i, key], message: STRANGE_TEXT_MESSAGE, input: value });
      }
    });
  };
}

/** One problem of a batch: its row (0-based), field and message. */
export type RowIssue = { row: number; field: string; message: string };

/** A batch's refusal: the count of refused rows, then the first `maxListed` problems at `rows.<row number>.<field>`. */
export function rowsRefusal(issues: RowIssue[], rowCount: number, maxListed: number): z.ZodError {
  const rows = new Set(issues.map((i) => i.row)).size;
  return new z.ZodError([
    { code: "custom", path: [], message: `${rows} of ${rowCount} rows were refused; nothing was written`, input: undefined },
    ...issues.slice(0, maxListed).map((i) => ({ code: "custom" as const, path: ["rows", i.row + 1, i.field], message: i.message, input: undefined })),
  ]);
}
