// A form schema's fields with the REST document's descriptions: where a field
// takes what the view answers otherwise, the resource says so once
// (lib/<entity>/rest.ts), and the request body documents it.
import type { z } from "../validation/z";

/** The shape's fields, those named in `docs` with their description. */
export function documentedFields<S extends Record<string, z.ZodType>>(shape: S, docs: Partial<Record<keyof S, string>>): Record<string, z.ZodType> {
  return Object.fromEntries(
    Object.entries(shape).map(([key, schema]) => {
      const text = docs[key as keyof S];
      return [key, text ? schema.meta({ description: text }) : schema];
    }),
  );
}
