// What the server hands to the list UI: column descriptions and display
// strings only (never database rows), so client components receive exactly
// what is shown and a read-only user's payload holds no forbidden column.
import type { ListUrlState } from "./url-state";

/** status: dot + Active/Inactive; link: the row's name linking to its details; number: right-aligned. */
export type CellKind = "status" | "link" | "text" | "number";

export interface ListColumn {
  id: string;
  header: string;
  hover?: string;
  kind: CellKind;
  sortable: boolean;
  /** Metrics (and counts such as a pixel's conversions) sort high-to-low on the first click. */
  sortDescFirst: boolean;
  /** Test id of the column's cells ("pixel-type"). */
  testId?: string;
}

export interface ListRowView {
  id: number;
  active: boolean;
  /** The row's details (a link cell links here); null when it has none. */
  href: string | null;
  /** Column id → the text shown. */
  cells: Record<string, string>;
  /** Plain values the row's own controls need (an edit form's values, a status badge's state). */
  data?: Record<string, unknown>;
}

/** The one parent a list shown inside another entity's page is limited to. */
export type ListScope = { advertiserId: number; campaignId?: undefined } | { campaignId: number; advertiserId?: undefined };

export interface FilterOption {
  id: number;
  name: string;
}

/** RW: select and act; DEMO: controls shown disabled; RO: no selection or Action column (shell.md 6). */
export type WriteControls = "enabled" | "disabled" | "hidden";

/** Lower-case names of what a list holds ("campaign" / "campaigns"), for its messages. */
export interface ListNames {
  singular: string;
  plural: string;
}

export interface ListView {
  /** The entity key: the export route's name and the bulk action's entity. */
  entity: string;
  names: ListNames;
  /** shell.md 8: 'No Campaign found.' */
  emptyText: string;
  /** Prefix of the table's test ids ("pixel" → pixel-table, pixel-row). */
  testId: string;
  /** Rows can be selected for bulk activate / deactivate. */
  selectable: boolean;
  /** Details links open in a new browser tab (creative sets, audiences: business.md 2). */
  detailsInNewTab?: boolean;
  /** The list's own URL filters beside the engine's (creatives: type, review...), carried into the CSV export's link. */
  exportParams?: Record<string, string>;
  columns: ListColumn[];
  rows: ListRowView[];
  /** The totals row: column id → the sum over every row the filters match (all pages); null when the list has no metric column. */
  totals: Record<string, string> | null;
  total: number;
  /** The state actually shown (a page past the end is moved to the last page). */
  state: ListUrlState;
  /** The parent the list is limited to (an advertiser's pixels, a campaign's strategies): not in the page's URL, added to the export's. */
  scope: ListScope | null;
  defaultSize: number;
  pageSizes: number[];
  range: { from: string; to: string; timezoneName: string };
  /** Options of the parent filters this list offers (null: not offered). */
  filters: { advertisers: FilterOption[] | null; campaigns: FilterOption[] | null };
  writeControls: WriteControls;
  /** More bulk controls: links opened with the selected ids (`?ids=1,2,3`), such as the strategies' 'Bulk Edit'. */
  bulkLinks?: ListBulkLink[];
}

/** A bulk control that opens a page for the selected rows: `${href}?ids=1,2,3`. */
export interface ListBulkLink {
  label: string;
  href: string;
  testId: string;
  /** The most rows the page takes at once. */
  max: number;
}
