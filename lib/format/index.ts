// Display formatting of shell.md section 9 and business.md 9. Pure, used by
// server and client components alike.
import { Decimal } from "../generated/prisma/internal/prismaNamespaceBrowser";
import { currencySymbol } from "./currency";

/** How a metric's value is written. */
export type MetricType = "number" | "currency" | "percentage" | "decimal";

export { currencySymbol, CURRENCY_SYMBOLS } from "./currency";

const NULL_TEXT = "-";

/** The symbol before an amount; a symbol ending in a letter ('CHF', 'kr', or an unmapped code) gets a space. */
export function currencyPrefix(code: string | undefined): string {
  if (!code) return "";
  const symbol = currencySymbol(code);
  return /\p{L}$/u.test(symbol) ? `${symbol} ` : symbol;
}

const UNITS = [
  [1e12, "T"],
  [1e9, "B"],
  [1e6, "M"],
  [1e3, "K"],
] as const;

/**
 * K, M, B, T at 1e3, 1e6, 1e9, 1e12 with 2 decimals; below 1000 `decimals`
 * places. The unit is chosen after rounding, so 999,999 reads 1.00M, not 1000.00K.
 */
export function abbreviateNumber(value: number, decimals: number): string {
  const sign = value < 0 ? "-" : "";
  const abs = Math.abs(value);
  const plain = abs.toFixed(decimals);
  if (Number(plain) < 1e3) return Number(plain) === 0 ? plain : sign + plain;
  for (let i = UNITS.length - 1; i >= 0; i--) {
    const [size, unit] = UNITS[i];
    const scaled = (abs / size).toFixed(2);
    if (Number(scaled) < 1e3 || i === 0) return `${sign}${scaled}${unit}`;
  }
  return sign + plain; // unreachable
}

/** A metric value as lists, tiles and charts show it: '-' for null (e.g. a ratio over zero). */
export function formatMetricValue(value: number | null | undefined, type: MetricType, currencyCode?: string): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return NULL_TEXT;
  switch (type) {
    case "currency": {
      const text = abbreviateNumber(value, 2);
      const symbol = currencyPrefix(currencyCode);
      return text.startsWith("-") ? `-${symbol}${text.slice(1)}` : `${symbol}${text}`;
    }
    case "percentage":
      return `${abbreviateNumber(value, 2)}%`;
    case "decimal":
      return abbreviateNumber(value, 2);
    default:
      return abbreviateNumber(value, 0);
  }
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

interface Parts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const CALENDAR_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

// One formatter per timezone: constructing an Intl.DateTimeFormat costs far
// more than formatting with it (a list page formats dates in every row).
const wallClockFormats = new Map<string, Intl.DateTimeFormat>();
function wallClockFormat(timeZone: string): Intl.DateTimeFormat {
  let format = wallClockFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    });
    wallClockFormats.set(timeZone, format);
  }
  return format;
}

/** The wall-clock fields of an instant in a timezone (default UTC). A bare 'yyyy-MM-dd' is a calendar day, never shifted. */
function partsOf(d: Date | string | number, timeZone = "UTC"): Parts | null {
  if (typeof d === "string") {
    const m = CALENDAR_DAY.exec(d);
    if (m) return { year: +m[1], month: +m[2], day: +m[3], hour: 0, minute: 0, second: 0 };
  }
  const date = d instanceof Date ? d : new Date(d);
  if (Number.isNaN(date.getTime())) return null;
  const fields = wallClockFormat(timeZone).formatToParts(date);
  const get = (t: Intl.DateTimeFormatPartTypes) => Number(fields.find((p) => p.type === t)?.value ?? 0);
  return { year: get("year"), month: get("month"), day: get("day"), hour: get("hour"), minute: get("minute"), second: get("second") };
}

const pad = (n: number) => String(n).padStart(2, "0");

/** DD MMM YYYY, e.g. '05 Mar 2024'. Numbers are epoch milliseconds (Date semantics). */
export function formatDate(d: Date | string | number, timeZone?: string): string {
  const p = partsOf(d, timeZone);
  return p ? `${pad(p.day)} ${MONTHS[p.month - 1]} ${p.year}` : NULL_TEXT;
}

/** D MMM YYYY HH:mm:ss (activity timestamps), e.g. '5 Mar 2024 14:03:09'. */
export function formatTimestamp(d: Date | string | number, timeZone?: string): string {
  const p = partsOf(d, timeZone);
  return p ? `${p.day} ${MONTHS[p.month - 1]} ${p.year} ${pad(p.hour)}:${pad(p.minute)}:${pad(p.second)}` : NULL_TEXT;
}

/** The never-ending end epoch (seconds) of business.md 9. */
export const NEVER_ENDING_EPOCH = 7258118399;
export const NEVER_ENDING_TEXT = "Never Ending";

/** shell.md 3 pricing type names (business.md 3 ids): lists, forms and details name them alike. */
export const PRICING_TYPE_LABELS: Record<string, string> = {
  CPM: "CPM",
  CPC: "CPC",
  CPA: "CPA",
  MARGIN: "Margin",
  CPI: "CPI",
  REV_SHARE: "Rev Share",
};

/** True for an end time that means "no end": null, epoch -1, or at/after 7258118399 s. */
export function isNeverEnding(end: Date | string | number | null | undefined): boolean {
  if (end === null || end === undefined) return true;
  if (typeof end === "number") return end === -1 || end >= NEVER_ENDING_EPOCH;
  const ms = (end instanceof Date ? end : new Date(end)).getTime();
  return !Number.isNaN(ms) && ms >= NEVER_ENDING_EPOCH * 1000;
}

/**
 * An end time: 'Never Ending' per isNeverEnding, else DD MMM YYYY. A number is
 * an epoch in seconds (the spec's epochs); Dates and ISO strings are instants.
 */
export function formatEndTime(end: Date | string | number | null, timeZone?: string): string {
  if (isNeverEnding(end)) return NEVER_ENDING_TEXT;
  return formatDate(typeof end === "number" ? end * 1000 : (end as Date | string), timeZone);
}

type Num = number | string | { toString(): string };
const dec = (v: Num) => new Decimal(typeof v === "number" ? v : v.toString());

/** Margin pricing as a percentage: 0.1234 → '12.34%', 0.25 → '25%' (x100, 2 decimals, trailing .00 dropped). */
export function formatMarginPricing(value: Num | null | undefined): string {
  if (value === null || value === undefined) return NULL_TEXT;
  return `${dec(value).mul(100).toFixed(2).replace(/\.00$/, "")}%`;
}

/** Seconds as days, hours and minutes, zero parts left out: 90060 → '1 day 1 hour 1 minute'. */
export function secondsToTime(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(totalSeconds));
  const parts: Array<[number, string]> = [
    [Math.floor(s / 86400), "day"],
    [Math.floor((s % 86400) / 3600), "hour"],
    [Math.floor((s % 3600) / 60), "minute"],
  ];
  const shown = parts.filter(([n]) => n > 0).map(([n, unit]) => `${n} ${unit}${n === 1 ? "" : "s"}`);
  return shown.length ? shown.join(" ") : "0 minutes";
}

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}

/** Width:height reduced by their greatest common divisor: 1920x1080 → '16:9'. */
export function aspectRatio(width: number, height: number): string {
  const w = Math.abs(Math.round(width));
  const h = Math.abs(Math.round(height));
  if (w === 0 || h === 0) return `${w}:${h}`;
  const g = gcd(w, h);
  return `${w / g}:${h / g}`;
}

/** Advertiser id encoding: each decimal digit becomes a letter, 0 → a ... 9 → j (120 → 'bca'). */
export function encodeAdvertiserId(id: number | string): string {
  return String(id).replace(/\d/g, (c) => String.fromCharCode(97 + Number(c)));
}

/** The inverse of encodeAdvertiserId; null when the text holds anything but a-j. */
export function decodeAdvertiserId(code: string): number | null {
  if (!/^[a-j]+$/.test(code)) return null;
  return Number(code.replace(/[a-j]/g, (c) => String(c.charCodeAt(0) - 97)));
}

/** Thousands separators in a run of digits: "1234567" -> "1,234,567". */
export function groupDigits(whole: string): string {
  return whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

/** Exact decimal text grouped, with at least 2 decimals: "1234.5" -> "1,234.50", "0.123456" stays exact (never through a float). */
export function formatDecimalText(text: string): string {
  const [whole, fraction = ""] = text.replace(/^-/, "").split(".");
  return `${text.startsWith("-") ? "-" : ""}${groupDigits(whole)}.${fraction.padEnd(2, "0")}`;
}
