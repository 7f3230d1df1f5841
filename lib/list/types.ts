// What the server hands to the list UI: column descriptions and display
// strings only (never database rows), so client components receive exactly
// what is shown and a read-only user's payload holds no forbidden column.
import type { ListUrlState } from "./url-state";

export const LIST_ENTITIES = ["advertiser", "campaign", "strategy"] as const;
export type ListEntity = (typeof LIST_ENTITIES)[number];

/** status: dot + Active/Inactive; link: the row's name linking to its details; number: right-aligned. */
export type CellKind = "status" | "link" | "text" | "number";

export interface ListColumn {
  id: string;
  header: string;
  hover?: string;
  kind: CellKind;
  sortable: boolean;
  /** Metrics sort high-to-low on the first click. */
  sortDescFirst: boolean;
}

export interface ListRowView {
  id: number;
  active: boolean;
  href: string;
  /** Column id → the text shown. */
  cells: Record<string, string>;
}

export interface FilterOption {
  id: number;
  name: string;
}

/** RW: select and act; DEMO: controls shown disabled; RO: no selection or Action column (shell.md 6). */
export type WriteControls = "enabled" | "disabled" | "hidden";

export interface ListView {
  entity: ListEntity;
  columns: ListColumn[];
  rows: ListRowView[];
  total: number;
  /** The state actually shown (a page past the end is moved to the last page). */
  state: ListUrlState;
  defaultSize: number;
  pageSizes: number[];
  range: { from: string; to: string; timezoneName: string };
  /** Options of the parent filters this list offers (null: not offered). */
  filters: { advertisers: FilterOption[] | null; campaigns: FilterOption[] | null };
  writeControls: WriteControls;
}
