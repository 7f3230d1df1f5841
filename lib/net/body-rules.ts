// What a JSON request body must be before any route looks at it, and the
// words a caller reads when it is not. Pure: no I/O.

import { isStrangeText, STRANGE_TEXT_MESSAGE } from "../validation/strange-text";

export const BODY_NOT_OBJECT = "The request body must be a JSON object";
export const BODY_NOT_UTF8 = "The request body must be UTF-8 text";
// The schemas' rule for text (a NUL or a lone surrogate: PostgreSQL can store neither).
export { isStrangeText, STRANGE_TEXT_MESSAGE };

/**
 * The path of the first key or string value holding strange text, or null.
 * A key's own path is the key (its value is not looked at). Iterative: a body
 * may nest deeper than the call stack allows.
 */
export function strangeTextPath(value: unknown): (string | number)[] | null {
  const pending: { value: unknown; path: (string | number)[] }[] = [{ value, path: [] }];
  while (pending.length) {
    const { value: current, path } = pending.pop()!;
    if (typeof current === "string") {
      if (isStrangeText(current)) return path;
    } else if (Array.isArray(current)) {
      for (let i = current.length - 1; i >= 0; i--) pending.push({ value: current[i], path: [...path, i] });
    } else if (typeof current === "object" && current !== null) {
      const entries = Object.entries(current);
      for (const [key] of entries) if (isStrangeText(key)) return [...path, key];
      for (let i = entries.length - 1; i >= 0; i--) pending.push({ value: entries[i][1], path: [...path, entries[i][0]] });
    }
  }
  return null;
}
