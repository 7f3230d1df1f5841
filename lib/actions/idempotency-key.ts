// The key that makes a create happen once however often it is submitted
// (a double click on Save, a retried request): the form instance, or the
// REST caller with its Idempotency-Key header, sends one; the server answers
// every repeat of it with the first submission's result (./idempotency.ts).
// Client-safe: the form hooks make keys with newIdempotencyKey().

/** The reserved field of an idempotent action's input that carries the key; removed before the action's schema reads the input. */
export const IDEMPOTENCY_KEY_FIELD = "idempotencyKey";

/** The REST API's request header for the same key. */
export const IDEMPOTENCY_KEY_HEADER = "Idempotency-Key";

export const IDEMPOTENCY_KEY_MESSAGE = "The idempotency key must be a UUID (e.g. 123e4567-e89b-42d3-a456-426614174000): make one per form or request";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isIdempotencyKey(value: unknown): value is string {
  return typeof value === "string" && UUID.test(value);
}

/**
 * A new random key (UUID v4). crypto.randomUUID exists only in secure
 * contexts: a console opened over plain http on a network address makes the
 * same kind of key from getRandomValues, which every browser has.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6] & 0x0f) | 0x40; // version 4
  bytes[8] = (bytes[8] & 0x3f) | 0x80; // RFC 4122 variant
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
