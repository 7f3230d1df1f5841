// The CLICK DESTINATIONS tab's list (business.md 7: name, id, url, MMP
// parameters, status) on the shared list engine: one advertiser's click
// destinations, archived ones never listed, paged, sorted and filtered on the
// server from the URL, by name unless the URL says otherwise. Each row also
// carries the values the edit dialog starts from.
import "server-only";
import type { ClickDestination } from "../generated/prisma/client";
import { idColumn, nameColumn, plainColumn, statusColumn, type ColumnSpec } from "../list/columns";
import type { ListAdapter } from "../list/engine";
import { modelRows } from "../list/rows";
import { advertiserListWhere } from "../list/where";
import { getAdvertiserOrThrow } from "../advertisers/queries";
import { toClickDestinationRow } from "./queries";
import { parseStoredParams, summarizeParams } from "./schema";

const COLUMNS: ColumnSpec<ClickDestination>[] = [
  nameColumn({ kind: "text", testId: "cd-row-name" }),
  idColumn(),
  plainColumn({ id: "url", header: "URL", orderBy: "url", text: (r) => r.url }),
  plainColumn({ id: "mmpParams", header: "MMP Parameters", testId: "cd-row-params", text: (r) => summarizeParams(parseStoredParams(r.mmpParams)) }),
  statusColumn(),
];

export const clickDestinationListAdapter: ListAdapter<ClickDestination> = {
  defaultOrder: { field: "name", desc: false },
  columns: () => COLUMNS,
  ...modelRows<ClickDestination>({ model: (db) => db.clickDestination, where: advertiserListWhere }),
  filterOptions: async () => ({ advertisers: null, campaigns: null }),
  rowData: (r) => toClickDestinationRow(r),
  scope: { check: getAdvertiserOrThrow },
};
