// The project's zod, which schemas import as `z` from ./z.ts (ESLint refuses
// "zod" itself elsewhere): every string a schema accepts passes the
// storable-text rule of ./strange-text.ts without anyone remembering it, so a
// NUL or a lone surrogate is refused beside its field instead of failing the
// query as a 500.
//
// Everything of zod is re-exported unchanged but the constructors that take
// free text: string, url, httpUrl and coerce.string, and unknown and any
// (fields parsed by hand in a transform: the text they are given is checked
// first). Their rule is the schema's first check (after a URL's format, which
// zod always runs first), so it sees the text as the user sent it (before
// .trim() and the like) and, on failure, stops the checks after it: one clear
// message, and no later rule or transform runs on text that cannot be stored.
// Pure: client-safe (forms import schemas).
import * as zod from "zod";
import { isStrangeText, STRANGE_TEXT_MESSAGE } from "./strange-text";

// zod's own namespace (`z`) comes along too: that is why only ./z.ts may import this module.
export * from "zod";

const storable = zod.refine<unknown>((value) => typeof value !== "string" || !isStrangeText(value), { error: STRANGE_TEXT_MESSAGE, abort: true });

/** zod's constructor with the rule added: same overloads, same schema type (checks keep the type). */
function withStorableText<F extends (...args: never[]) => zod.ZodType>(make: F): F {
  return ((...args: Parameters<F>) => make(...args).check(storable)) as unknown as F;
}

export const string = withStorableText(zod.string);
// A URL keeps the text it was given, and the URL parser takes a NUL in a path or query.
export const url = withStorableText(zod.url);
export const httpUrl = withStorableText(zod.httpUrl);
export const coerce: typeof zod.coerce = { ...zod.coerce, string: withStorableText(zod.coerce.string) };
export const unknown = withStorableText(zod.unknown);
export const any = withStorableText(zod.any);

/**
 * A union none of whose options fits says only "Invalid input"; when an
 * option failed on unstorable text (a list of names holding a NUL), that is
 * what the user is told. A union's own message, when it has one, still wins.
 */
const unionMessage = (issue: zod.core.$ZodRawIssue) =>
  issue.code === "invalid_union" && (issue.errors as zod.core.$ZodIssue[][] | undefined)?.some((option) => option.some((i) => i.message === STRANGE_TEXT_MESSAGE))
    ? STRANGE_TEXT_MESSAGE
    : undefined;

export const union: typeof zod.union = (options, params) => zod.union(options, typeof params === "string" || params?.error ? params : { ...params, error: unionMessage });
