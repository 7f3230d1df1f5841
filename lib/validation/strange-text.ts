// Text PostgreSQL cannot store: a NUL (text and JSON columns refuse it) or a
// UTF-16 surrogate without its partner (it has no UTF-8 form). Either reached
// a query as a 500; every input string is checked against this one rule (the
// schemas' z.string() of ./z.ts, the JSON body reader of lib/net/read-body.ts).
// Other control characters are storable and left alone. Pure: client-safe.

export const STRANGE_TEXT_MESSAGE = "Contains characters that cannot be saved (a NUL character or an incomplete emoji)";

/** A high surrogate not followed by a low one, or a low surrogate not preceded by a high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

// Native where the runtime has it (Node 20, browsers since 2023): every string
// field is checked, 1 MB texts included, and the regex is over 100 times slower.
const isWellFormed: (text: string) => boolean =
  typeof String.prototype.isWellFormed === "function" ? (text) => text.isWellFormed() : (text) => !LONE_SURROGATE.test(text);

export function isStrangeText(text: string): boolean {
  return text.includes("\u0000") || !isWellFormed(text);
}

/**
 * Text the server names things with rather than text a user typed (an
 * uploaded file's name from its multipart header): made storable instead of
 * refused, NUL characters dropped and lone surrogates replaced by U+FFFD.
 */
export function storableText(text: string): string {
  const withoutNul = text.replaceAll("\u0000", "");
  return isWellFormed(withoutNul) ? withoutNul : withoutNul.replace(new RegExp(LONE_SURROGATE.source, "g"), "\uFFFD");
}
