// The PRODUCT CATALOG tab's feed list (shell.md 3: active, name, source,
// updateFrequency, lastUpdated, updatedStatus, objectsParsed/objectsFound,
// successRate) on the shared list engine: one advertiser's feeds, archived
// ones never listed, newest first unless the URL sorts otherwise. Each row
// carries its update status for the badge and the page's polling.
import "server-only";
import type { CatalogFeed } from "../generated/prisma/client";
import { nameColumn, plainColumn, statusColumn, type ColumnSpec } from "../list/columns";
import type { ListAdapter } from "../list/engine";
import { modelRows } from "../list/rows";
import { advertiserListWhere } from "../list/where";
import { getAdvertiserOrThrow } from "../advertisers/queries";
import { FEED_STATUS_LABELS, formatDateTime, formatPercent } from "./format";
import { feedSourceLabel } from "./queries";
import { frequencyLabel } from "./schema";

const COLUMNS: ColumnSpec<CatalogFeed>[] = [
  statusColumn(),
  nameColumn({ testId: "feed-name" }),
  plainColumn({ id: "source", header: "Source", text: (r) => feedSourceLabel(r) }),
  plainColumn({
    id: "updateFrequency",
    header: "Update Frequency",
    orderBy: "updateFrequencyHours",
    text: (r) => frequencyLabel(r.updateFrequencyHours),
  }),
  plainColumn({
    id: "lastUpdated",
    header: "Last Updated",
    orderBy: "lastSuccessAt",
    testId: "feed-last-updated",
    text: (r) => formatDateTime(r.lastSuccessAt?.toISOString() ?? null),
  }),
  plainColumn({ id: "updateStatus", header: "Update Status", orderBy: "updateStatus", text: (r) => FEED_STATUS_LABELS[r.updateStatus] }),
  plainColumn({
    id: "items",
    header: "Items Imported",
    kind: "number",
    orderBy: "itemsImported",
    testId: "feed-items",
    text: (r) => `${r.itemsImported}/${r.itemsTotal}`,
  }),
  plainColumn({
    id: "successRate",
    header: "Success Rate",
    kind: "number",
    orderBy: "successRate",
    testId: "feed-success-rate",
    text: (r) => formatPercent(r.successRate.toFixed(2)),
  }),
];

export const catalogFeedListAdapter: ListAdapter<CatalogFeed> = {
  defaultOrder: { field: "createdAt", desc: true },
  columns: () => COLUMNS,
  ...modelRows<CatalogFeed>({ model: (db) => db.catalogFeed, where: advertiserListWhere }),
  filterOptions: async () => ({ advertisers: null, campaigns: null }),
  rowData: (r) => ({ updateStatus: r.updateStatus, lastProcessStatus: r.lastProcessStatus }),
  scope: { check: getAdvertiserOrThrow },
};
