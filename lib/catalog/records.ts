// What each format's reader hands to parseFeed(): the product records it could
// read and how many lines it saw, or the error that stops a feed. Kept apart
// so the readers do not import the assembler (parse.ts) that imports them.

/** The feed's content cannot be read as a feed; the message is the feed's last process status. */
export class FeedFormatError extends Error {}

/** One product: variable name → text value (empty values left out). */
export type RecordData = Record<string, string>;

export interface FeedRecords {
  /** Lines (CSV/TSV records after the header; XML product elements) found in the document. */
  totalLines: number;
  /** Lines among them that could not be read at all. */
  structuralErrors: number;
  /** The lines that were read, in document order. */
  records: RecordData[];
  /** Variable names in column order (CSV/TSV); XML orders them by first appearance. */
  columns?: string[];
  /** Where a variable sits in the document (CSV column, XML element path). */
  pathOf(name: string): string;
  /** Human-readable notes on what went wrong, for the feed's last process status. */
  errors: string[];
}
