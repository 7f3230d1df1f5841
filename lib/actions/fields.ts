// Zod parts shared by action inputs, forms and the REST API: record ids and
// row versions. Client-safe.
import { z } from "../validation/z";

/** PostgreSQL int4: a larger number can name no record. */
export const MAX_ID = 2_147_483_647;

export function isId(n: unknown): n is number {
  return typeof n === "number" && Number.isSafeInteger(n) && n > 0 && n <= MAX_ID;
}

/** The issue param that makes a failed id "not found" (404) rather than a validation error (400). */
export const NOT_FOUND_PARAM = "notFound";

/**
 * A record id from the browser or a URL: a positive whole number, or its
 * decimal text. Anything else names no record, so it is "not found" (404)
 * like a missing or foreign id, never a field error that could tell them apart.
 */
export const IdSchema = z.unknown().transform((value, ctx) => {
  const n = typeof value === "string" && /^\d{1,10}$/.test(value) ? Number(value) : value;
  if (isId(n)) return n;
  ctx.addIssue({ code: "custom", message: "Record not found", params: { [NOT_FOUND_PARAM]: true } });
  return z.NEVER;
});

/** The row version an edit was made against (optimistic concurrency). */
export const VersionSchema = z.number({ error: "This record was changed by someone else. Reload it and try again." }).int().min(0);

/** The input of an action that takes none (called with no argument). */
export const NoInputSchema = z.undefined();

/** The input of an action used as a <form action> whose fields it does not read: the FormData is ignored. */
export const FormSubmitSchema = z.unknown().transform(() => null);
