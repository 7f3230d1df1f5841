// One delivery row from what a client sent to a DeliveryRow. A batch holds up
// to 100,000 rows of ~45 fields, and DeliveryRowSchema's zod machinery cost
// about 2.4 s of a 100,000-row batch (24 µs a row). So rows go through a
// fast path first: plain checks built from the same field rules
// (./schema.ts: countText, amountText, hourIso), accepting only the common
// forms (numbers, digit strings, ISO hours, trimmed country and device). A row
// the fast path does not accept, good or bad, is parsed by the schema itself,
// which gives the same row or the refusal with its field messages.
// row-parse.test.ts checks that whatever the fast path accepts, the schema
// accepts as the same row.
import type { z } from "../validation/z";
import { MONEY_METRICS } from "../metrics/rollup";
import {
  amountText,
  blankToUndefined,
  COUNT_COLUMNS,
  countText,
  DeliveryRowSchema,
  DEVICES,
  hourIso,
  MAX_ID,
  type DeliveryRow,
} from "./schema";

/** The schema's output as the writer takes it: ids null when absent, every counter as text (0 when not sent). */
export function normaliseRow(parsed: z.output<typeof DeliveryRowSchema>): DeliveryRow {
  const values = parsed as unknown as Record<string, string | undefined>;
  return {
    hour: new Date(parsed.hour),
    strategyId: parsed.strategyId,
    creativeId: parsed.creativeId,
    siteId: parsed.siteId ?? null,
    appId: parsed.appId ?? null,
    aggregatorId: parsed.aggregatorId ?? null,
    country: parsed.country,
    device: parsed.device,
    counts: Object.fromEntries(COUNT_COLUMNS.map((c) => [c, values[c] ?? "0"])) as DeliveryRow["counts"],
    amounts: Object.fromEntries(MONEY_METRICS.map((c) => [c, values[c] ?? "0"])) as DeliveryRow["amounts"],
  };
}

/** Marks a value the fast path leaves to the schema (bad, or in a form it does not take). */
const UNSURE = Symbol("unsure");
type Unsure = typeof UNSURE;

const ID_DIGITS = /^[1-9]\d{0,9}$/;
function id(v: unknown): number | Unsure {
  const n = typeof v === "number" ? v : typeof v === "string" && ID_DIGITS.test(v) ? Number(v) : NaN;
  return Number.isInteger(n) && n >= 1 && n <= MAX_ID ? n : UNSURE;
}
const optionalId = (v: unknown): number | null | Unsure => (blankToUndefined(v) === undefined ? null : id(v));

/** A counter's text, "0" when not sent. */
function counter(v: unknown, rule: (v: number | string) => string | null): string | Unsure {
  if (blankToUndefined(v) === undefined) return "0";
  if (typeof v !== "number" && typeof v !== "string") return UNSURE;
  return rule(v) ?? UNSURE;
}

const COUNTRY = /^[A-Z]{2}$/;
const DEVICE_SET = new Set<string>(DEVICES);
function upperTrimmed(v: unknown, valid: (text: string) => boolean): string | Unsure {
  if (v === undefined || v === null) return "";
  if (typeof v !== "string") return UNSURE;
  const text = v.trim().toUpperCase();
  return text === "" || valid(text) ? text : UNSURE;
}

/** The row, or null when the fast path leaves it to the schema. */
export function parseRowFast(raw: Record<string, unknown>): DeliveryRow | null {
  const hourValue = raw.hour;
  const hour = typeof hourValue === "number" || typeof hourValue === "string" ? hourIso(hourValue) : null;
  const strategyId = id(raw.strategyId);
  const creativeId = id(raw.creativeId);
  const siteId = optionalId(raw.siteId);
  const appId = optionalId(raw.appId);
  const aggregatorId = optionalId(raw.aggregatorId);
  const country = upperTrimmed(raw.country, (t) => COUNTRY.test(t));
  const device = upperTrimmed(raw.device, (t) => DEVICE_SET.has(t));
  if (hour === null || strategyId === UNSURE || creativeId === UNSURE || siteId === UNSURE || appId === UNSURE || aggregatorId === UNSURE) return null;
  if (country === UNSURE || device === UNSURE || (siteId !== null && appId !== null)) return null;
  const counts: Record<string, string> = {};
  for (const c of COUNT_COLUMNS) {
    const text = counter(raw[c], countText);
    if (text === UNSURE) return null;
    counts[c] = text;
  }
  const amounts: Record<string, string> = {};
  for (const c of MONEY_METRICS) {
    const text = counter(raw[c], amountText);
    if (text === UNSURE) return null;
    amounts[c] = text;
  }
  return {
    hour: new Date(hour),
    strategyId,
    creativeId,
    siteId,
    appId,
    aggregatorId,
    country,
    device: device as DeliveryRow["device"],
    counts: counts as DeliveryRow["counts"],
    amounts: amounts as DeliveryRow["amounts"],
  };
}

/** One row: the fast path, else the schema (the refusal's issues come from there). */
export function parseDeliveryRow(raw: unknown): { row: DeliveryRow } | { issues: z.core.$ZodIssue[] } {
  const fast = typeof raw === "object" && raw !== null ? parseRowFast(raw as Record<string, unknown>) : null;
  if (fast) return { row: fast };
  const result = DeliveryRowSchema.safeParse(raw);
  return result.success ? { row: normaliseRow(result.data) } : { issues: result.error.issues };
}
