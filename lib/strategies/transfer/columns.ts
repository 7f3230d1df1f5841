// The columns of the strategy export file and how a re-imported file maps
// back onto them (business.md 2 "Export": bid price, bid type, F-cap and
// strategy name can be edited and re-imported for bulk edit). One table
// serves the writer and the reader, so a file the console wrote always reads
// back. Editable columns say so in their header ("Bid Price (editable)"); the
// reader accepts a header with or without that mark, in any letter case and
// column order, and ignores every column it does not know (campaign, metrics).
// Pure: safe in client components.

/** The fields of a strategy a re-import may change: the whole strategy schema's own field names. */
export const EDITABLE_FIELDS = ["name", "pricingType", "pricingValue", "campaignFcap", "fcapFrequency", "fcapInterval", "lifetimeUserFcap"] as const;
export type EditableField = (typeof EDITABLE_FIELDS)[number];

export const EDITABLE_MARK = " (editable)";

export interface TransferColumn {
  /** The header without the editable mark. */
  header: string;
  /** The strategy field a re-import changes through this column; absent: read-only. */
  field?: EditableField;
}

export const KEY_COLUMNS = {
  id: { header: "Strategy ID" },
  version: { header: "Version" },
} as const satisfies Record<string, TransferColumn>;

/** The strategy's own columns, in file order; the range's metrics follow them. */
export const STRATEGY_COLUMNS: readonly TransferColumn[] = [
  KEY_COLUMNS.id,
  KEY_COLUMNS.version,
  { header: "Campaign ID" },
  { header: "Campaign" },
  { header: "Strategy Name", field: "name" },
  { header: "Bid Type", field: "pricingType" },
  { header: "Bid Price", field: "pricingValue" },
  { header: "Use Campaign F-Cap", field: "campaignFcap" },
  { header: "F-Cap Frequency", field: "fcapFrequency" },
  { header: "F-Cap Interval (hours)", field: "fcapInterval" },
  { header: "Lifetime User Cap", field: "lifetimeUserFcap" },
];

/** The header a column is written with: editable ones carry the mark. */
export const headerOf = (c: TransferColumn) => (c.field ? `${c.header}${EDITABLE_MARK}` : c.header);

/** A header as the reader compares it: no mark, no case, single spaces. */
export function normalHeader(text: string): string {
  const t = text.replace(/\s+/g, " ").trim().toLowerCase();
  const mark = EDITABLE_MARK.trim().toLowerCase();
  return (t.endsWith(mark) ? t.slice(0, -mark.length) : t).trim();
}

const BY_HEADER = new Map(STRATEGY_COLUMNS.map((c) => [normalHeader(c.header), c]));
export const columnOfHeader = (text: string): TransferColumn | undefined => BY_HEADER.get(normalHeader(text));

/** The column a field is edited in (error messages name it as the file does). */
export const columnOfField = (field: EditableField): TransferColumn => STRATEGY_COLUMNS.find((c) => c.field === field)!;

/** The notice of the export dialog (business.md 2). */
export const EXPORT_WARNING =
  "All active strategies of the selected campaigns are exported with their metrics for the date range. " +
  "Bid price, bid type, F-cap and strategy name can be edited in the file and re-imported for bulk edit.";

export const EXPORT_FAILED = "Error while exporting data. Please try again later.";

export const YES = "Yes";
export const NO = "No";
