// The CONVERSION TRACKER tab's list (shell.md 3 pixel list: select, action,
// active status, name, id, userFcap, fcapDuration, type, conversions) on the
// shared list engine: one advertiser's pixels, archived ones never listed,
// paged, sorted and filtered on the server from the URL. Conversions are the
// pixel's fires of the last 6 months, sorted like a metric.
import "server-only";
import type { SessionContext } from "../auth/context";
import type { Prisma } from "../generated/prisma/client";
import { tenantDb } from "../data/tenant-db";
import { idColumn, nameColumn, plainColumn, statusColumn, type ColumnSpec } from "../list/columns";
import type { ListAdapter } from "../list/engine";
import { modelRows } from "../list/rows";
import { advertiserListWhere } from "../list/where";
import { getAdvertiserOrThrow } from "../advertisers/queries";
import { performanceSince } from "./queries";
import { pixelTypeName, userFcapText } from "./schema";

const SELECT = { id: true, name: true, active: true, advertiserId: true, type: true, userFcap: true, fcapDuration: true } satisfies Prisma.PixelSelect;
export type PixelListRecord = Prisma.PixelGetPayload<{ select: typeof SELECT }>;

const COLUMNS: ColumnSpec<PixelListRecord>[] = [
  statusColumn({ sortDescFirst: true }),
  nameColumn({ testId: "pixel-name" }),
  idColumn({ sortDescFirst: true }),
  plainColumn({ id: "userFcap", header: "User F-Cap", orderBy: "userFcap", testId: "pixel-user-fcap", text: (r) => userFcapText(r.userFcap, r.fcapDuration) }),
  plainColumn({
    id: "fcapDuration",
    header: "F-Cap Duration (s)",
    kind: "number",
    orderBy: "fcapDuration",
    text: (r) => (r.fcapDuration > 0 ? String(r.fcapDuration) : "-"),
  }),
  plainColumn({ id: "type", header: "Type", orderBy: "type", testId: "pixel-type", text: (r) => pixelTypeName(r.type) }),
  {
    column: {
      id: "conversions",
      header: "Conversions",
      hover: "Times fired in the last 6 months",
      kind: "number",
      sortable: true,
      sortDescFirst: true,
      testId: "pixel-conversions",
    },
    isMetric: true,
    display: (_r, m) => (m?.conversions ?? 0).toLocaleString("en-US"),
    exportValue: (_r, m) => m?.conversions ?? 0,
  },
];

export const pixelListAdapter: ListAdapter<PixelListRecord> = {
  defaultOrder: { field: "id", desc: true }, // newest first
  columns: () => COLUMNS,
  ...modelRows<PixelListRecord>({ model: (db) => db.pixel, where: advertiserListWhere, select: SELECT }),
  filterOptions: async () => ({ advertisers: null, campaigns: null }),
  /** Fires of the last 6 months per pixel (the only "metric" of the list). */
  metrics: async (ctx: SessionContext, q) => {
    const groups = await tenantDb(ctx).pixelFire.groupBy({
      by: ["pixelId"],
      where: { pixelId: { in: q.ids }, firedAt: { gte: performanceSince(q.now) } },
      _count: { _all: true },
    });
    const fired = new Map(groups.map((g) => [g.pixelId, g._count._all]));
    return new Map(q.ids.map((id) => [id, { conversions: fired.get(id) ?? 0 }]));
  },
  scope: { check: getAdvertiserOrThrow },
};
