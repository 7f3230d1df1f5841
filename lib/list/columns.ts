// Column sets of the dashboard lists (shell.md 3) and how each cell reads, on
// screen and in the CSV export. One definition serves both, so the export
// always has the columns the user sees. Pure (no database): unit-testable and
// shared by the list loader and the export route.
import type { Role } from "../auth/roles";
import { Decimal } from "../generated/prisma/internal/prismaNamespaceBrowser";
import {
  allowedMetricIds,
  getMetric,
  getSetupColumn,
  setupColumnsForRole,
  type MetricDefinition,
} from "../metrics/catalogue";
import { currencyPrefix, formatDate, formatEndTime, formatMarginPricing, formatMetricValue, PRICING_TYPE_LABELS } from "../format";
import type { CsvCell } from "./csv";
import type { CellKind, ListColumn } from "./types";

export type MetricValues = Record<string, number | null>;
export interface CellEnv {
  /** IANA zone dates are shown in (the user's timezone). */
  timeZone: string;
}
export interface BaseRecord {
  id: number;
  name: string;
  active: boolean;
  /** Money cells and metrics are shown in it; lists without money leave it out. */
  currencyCode?: string;
  /** The advertiser the row belongs to (routes such as "/advertiser/{advertiserId}/pixel/details/{id}"). */
  advertiserId?: number;
}
type DecimalLike = { toString(): string };

export interface ColumnSpec<R extends BaseRecord> {
  column: ListColumn;
  /** Model field the database orders by; metric columns are sorted in memory. */
  orderBy?: string;
  /** The key of an order the adapter's idsInOrder computes in SQL (columns that are neither fields nor metrics). */
  sqlOrder?: string;
  isMetric?: boolean;
  display(r: R, metrics: MetricValues | undefined, env: CellEnv): string;
  exportValue(r: R, metrics: MetricValues | undefined, env: CellEnv): CsvCell;
  /** The totals row's cell (metric columns): the sums over every matching row, in their one currency (null: several). */
  total?(values: MetricValues, currencyCode: string | null): string;
}

/** A money total over rows of several currencies would add unlike amounts: it is not shown. */
export const MIXED_CURRENCIES = "Mixed currencies";

const DASH = "-";
export const UNLIMITED = "Unlimited";

/** 1234567.5 → '1,234,567.50' without going through a float. */
export function groupedAmount(value: DecimalLike): string {
  const [int, frac] = new Decimal(value.toString()).toFixed(2).split(".");
  return `${int.replace(/\B(?=(\d{3})+(?!\d))/g, ",")}.${frac}`;
}

/** An amount with its currency symbol; `nullText` for null (and for -1, the spec's "unlimited"). */
export function formatMoney(value: DecimalLike | null | undefined, currencyCode: string, nullText = DASH): string {
  if (value === null || value === undefined || value.toString() === "-1") return nullText;
  const text = groupedAmount(value);
  return text.startsWith("-") ? `-${currencyPrefix(currencyCode)}${text.slice(1)}` : `${currencyPrefix(currencyCode)}${text}`;
}

/**
 * An amount for the CSV as its exact decimal text, at least 2 places ("1234.56",
 * "0.123456", "30000.00"): never through a float, never rounded (the stored
 * value may have up to 6 places). CSV has no types: spreadsheets read it as a number.
 */
export function moneyExport(value: DecimalLike | null | undefined, nullText = ""): CsvCell {
  if (value === null || value === undefined || value.toString() === "-1") return nullText;
  const d = new Decimal(value.toString());
  return d.toFixed(Math.max(2, d.decimalPlaces()));
}

export const yesNo = (b: boolean) => (b ? "Yes" : "No");

/** A metric for a spreadsheet: unabbreviated, 2 decimals for money and rates, whole numbers for counts. */
export function metricExport(value: number | null | undefined, type: MetricDefinition["type"]): CsvCell {
  if (value === null || value === undefined || !Number.isFinite(value)) return "";
  return type === "number" ? Math.round(value) : Number(value.toFixed(2));
}

/** A column whose screen text is also its CSV text (unless `exportValue` is given). */
export function plainColumn<R extends BaseRecord>(opts: {
  id: string;
  header: string;
  kind?: CellKind;
  hover?: string;
  orderBy?: string;
  /** The first click on the header sorts high-to-low. */
  sortDescFirst?: boolean;
  testId?: string;
  text(r: R, env: CellEnv): string;
  exportValue?(r: R, env: CellEnv): CsvCell;
}): ColumnSpec<R> {
  return {
    column: {
      id: opts.id,
      header: opts.header,
      hover: opts.hover,
      kind: opts.kind ?? "text",
      sortable: opts.orderBy !== undefined,
      sortDescFirst: opts.sortDescFirst ?? false,
      ...(opts.testId ? { testId: opts.testId } : {}),
    },
    orderBy: opts.orderBy,
    display: (r, _m, env) => opts.text(r, env),
    exportValue: (r, _m, env) => (opts.exportValue ?? opts.text)(r, env),
  };
}

export function statusColumn<R extends BaseRecord>(opts: { sortDescFirst?: boolean } = {}): ColumnSpec<R> {
  return plainColumn<R>({ id: "active", header: "Status", kind: "status", orderBy: "active", ...opts, text: (r) => (r.active ? "Active" : "Inactive") });
}

/** The row's name, linking to its details (a plain text where the entity has no details route). */
export function nameColumn<R extends BaseRecord>(opts: { kind?: CellKind; testId?: string } = {}): ColumnSpec<R> {
  return plainColumn<R>({ id: "name", header: "Name", kind: "link", orderBy: "name", ...opts, text: (r) => r.name });
}

/** The record id, as a sortable number column. */
export function idColumn<R extends BaseRecord>(opts: { sortDescFirst?: boolean } = {}): ColumnSpec<R> {
  return plainColumn<R>({ id: "id", header: "ID", kind: "number", orderBy: "id", ...opts, text: (r) => String(r.id), exportValue: (r) => r.id });
}

export function startColumn<R extends BaseRecord & { startTime: Date }>(): ColumnSpec<R> {
  return plainColumn<R>({ id: "startTime", header: "Start Date", orderBy: "startTime", text: (r, env) => formatDate(r.startTime, env.timeZone) });
}

/** shell.md 9: no end (null) or the never-ending epoch reads 'Never Ending'. */
export function endColumn<R extends BaseRecord & { endTime: Date | null }>(): ColumnSpec<R> {
  return plainColumn<R>({ id: "endTime", header: "End Date", orderBy: "endTime", text: (r, env) => formatEndTime(r.endTime, env.timeZone) });
}

/** Status, name, start and end: the first columns of the campaign and strategy lists (shell.md 3). */
export function scheduleColumns<R extends BaseRecord & { startTime: Date; endTime: Date | null }>(): ColumnSpec<R>[] {
  return [statusColumn(), nameColumn(), startColumn(), endColumn()];
}

/**
 * A set-up column of the metric catalogue (shell.md 3 "extras"), by its
 * catalogue id, read from the entity's field. An id the catalogue does not
 * have is a programming error.
 */
export function setupColumn<R extends BaseRecord>(
  id: string,
  render: { text(r: R): string; exportValue?(r: R): CsvCell; kind?: CellKind; sortable?: boolean },
): ColumnSpec<R> {
  const def = getSetupColumn(id);
  if (!def) throw new Error(`unknown set-up column ${id}`);
  return plainColumn<R>({
    id: def.id,
    header: def.title,
    hover: def.hover,
    kind: render.kind ?? (def.type === "text" ? "text" : "number"),
    orderBy: render.sortable === false ? undefined : def.field,
    text: render.text,
    exportValue: render.exportValue,
  });
}

export function metricColumn<R extends BaseRecord>(def: MetricDefinition): ColumnSpec<R> {
  return {
    column: { id: def.id, header: def.title, hover: def.hover, kind: "number", sortable: true, sortDescFirst: true },
    isMetric: true,
    display: (r, m) => formatMetricValue(m?.[def.id], def.type, r.currencyCode),
    exportValue: (_r, m) => metricExport(m?.[def.id], def.type),
    total: (m, currencyCode) =>
      def.type === "currency" && currencyCode === null ? MIXED_CURRENCIES : formatMetricValue(m[def.id], def.type, currencyCode ?? undefined),
  };
}

/** business.md 3 pacing ids. */
export const PACING_TYPE_LABELS: Record<number, string> = {
  1: "ASAP (Lifetime)",
  6: "ASAP (Daily)",
  10: "Hourly Weightage (Daily)",
  11: "Day Parted Hourly Weightage",
};

/** A pricing type set-up column (campaign or strategy list): the type's name (shell.md 3). */
export function pricingTypeColumn<R extends BaseRecord & { pricingType: string }>(id: string): ColumnSpec<R> {
  return setupColumn<R>(id, { text: (r) => PRICING_TYPE_LABELS[r.pricingType] ?? r.pricingType });
}

/** A pricing value: margin as a percentage (shell.md 9), any other as an amount. */
export function pricingValueText(type: string, value: DecimalLike, currencyCode: string): string {
  return type === "MARGIN" ? formatMarginPricing(value) : formatMoney(value, currencyCode);
}

export interface ColumnSetInput<R extends BaseRecord> {
  role: Role;
  /** Shown to everyone (status, name, schedule ...). */
  base: ColumnSpec<R>[];
  /** The entity's set-up columns by catalogue id; never for read-only users. */
  setup: Record<string, ColumnSpec<R>>;
  /** Set-up columns always shown (to users who may see them), before the preset's. */
  fixedSetup: readonly string[];
  /** The active preset's columns, in order: metrics and set-up ids. */
  presetColumns: readonly string[];
}

/**
 * base + fixed set-up columns + the preset's set-up columns of this entity +
 * the preset's metrics, each once, and only what the role may see: read-only
 * users get neither set-up columns nor metrics not flagged for them (shell.md 6).
 */
export function buildColumns<R extends BaseRecord>(input: ColumnSetInput<R>): ColumnSpec<R>[] {
  const mayShowSetup = new Set(setupColumnsForRole(input.role).map((c) => c.id));
  const out = [...input.base];
  const seen = new Set(out.map((c) => c.column.id));
  const add = (spec: ColumnSpec<R> | undefined) => {
    if (!spec || seen.has(spec.column.id)) return;
    seen.add(spec.column.id);
    out.push(spec);
  };
  for (const id of [...input.fixedSetup, ...input.presetColumns]) {
    if (mayShowSetup.has(id)) add(input.setup[id]);
  }
  for (const id of allowedMetricIds(input.role, input.presetColumns)) {
    const def = getMetric(id);
    if (def) add(metricColumn<R>(def));
  }
  return out;
}
