// A pivot table from a two-dimension report: the rows and columns to show
// (the largest by the metric's own total, or time columns in order), each
// cell's value and its share of the largest cell (the heat map's shade).
// Pure: the totals come from the report engine, so ratio metrics (CTR, eCPM)
// are exact per row and column, never sums of cell ratios.

export interface PivotHeader {
  key: string;
  label: string;
  /** The metric over the whole row or column (null: no value, e.g. a rate with no base). */
  total: number | null;
}

export interface PivotInput {
  cells: Array<{ rowKey: string; columnKey: string; value: number | null }>;
  rows: PivotHeader[];
  columns: PivotHeader[];
  /** Time columns keep their order (oldest first) and the latest ones are shown. */
  timeColumns: boolean;
  limits: { rows: number; columns: number };
}

export interface Pivot {
  rows: PivotHeader[];
  columns: PivotHeader[];
  /** values[r][c]: the cell of rows[r] and columns[c]; null where nothing was delivered. */
  values: Array<Array<number | null>>;
  /** 0..1 per cell: its value over the largest cell's (0 for none or negatives). */
  shades: number[][];
  /** How many rows and columns were left out by the limits. */
  hidden: { rows: number; columns: number };
}

const byTotalDesc = (a: PivotHeader, b: PivotHeader) => (b.total ?? -Infinity) - (a.total ?? -Infinity) || a.label.localeCompare(b.label);

export function buildPivot(input: PivotInput): Pivot {
  const rows = [...input.rows].sort(byTotalDesc).slice(0, input.limits.rows);
  const columns = input.timeColumns
    ? [...input.columns].sort((a, b) => a.key.localeCompare(b.key)).slice(-input.limits.columns)
    : [...input.columns].sort(byTotalDesc).slice(0, input.limits.columns);
  const cell = new Map(input.cells.map((c) => [`${c.rowKey}\u0000${c.columnKey}`, c.value]));
  const values = rows.map((r) => columns.map((c) => cell.get(`${r.key}\u0000${c.key}`) ?? null));
  const max = Math.max(0, ...values.flat().map((v) => v ?? 0));
  const shades = values.map((line) => line.map((v) => (max > 0 && v !== null && v > 0 ? v / max : 0)));
  return { rows, columns, values, shades, hidden: { rows: input.rows.length - rows.length, columns: input.columns.length - columns.length } };
}
