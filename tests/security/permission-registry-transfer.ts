// The permission registry's entries of strategy export and re-import
// (lib/strategies/transfer/actions.ts and /api/v1/strategies/export|import),
// spread into PERMISSION_REGISTRY. The import is called as a dry run: it
// reads the fixture's strategy, whose update entry expects it unchanged.
import { db } from "@/lib/db";
import { writeExportStatus } from "@/lib/strategies/transfer/export";
import type { MatrixFixture } from "./permission-fixture";
import { json, type RegistryEntry } from "./permission-types";

const RANGE = { from: "2026-11-01", to: "2026-11-25" };
const EXPORT_ID = "00000000-0000-4000-8000-0000000000aa";

/** A queued export of licensee A's RW user: only that user may read its status. */
async function queuedExport(fx: MatrixFixture): Promise<string> {
  await writeExportStatus({ licenseeId: fx.a.licenseeId, userId: fx.a.users.RW.id }, EXPORT_ID, { state: "queued", done: 0, total: 1 });
  return EXPORT_ID;
}

/** The fixture's strategy as an exported file names it, with a bid edited. */
async function importForm(fx: MatrixFixture): Promise<FormData> {
  const { version } = await db.strategy.findUniqueOrThrow({ where: { id: fx.a.strategyId }, select: { version: true } });
  const form = new FormData();
  form.set("file", new Blob([`Strategy ID,Version,Bid Price (editable)\r\n${fx.a.strategyId},${version},9.5\r\n`], { type: "text/csv" }), "strategies.csv");
  return form;
}

export const TRANSFER_ENTRIES: Record<string, RegistryEntry> = {
  "lib/strategies/transfer/actions.ts#exportStrategiesAction": {
    access: "read",
    args: (fx) => [{ campaignIds: [fx.a.campaignId], ...RANGE, format: "csv" }],
  },
  "lib/strategies/transfer/actions.ts#exportStatusAction": {
    access: "read",
    // An export is its user's own: the licensee's other users are answered "not found".
    roles: ["RW"],
    args: async (fx) => [{ exportId: await queuedExport(fx) }],
  },
  "POST /api/v1/strategies/export": {
    access: "read",
    request: (fx) => ({ method: "POST", path: "/api/v1/strategies/export", ...json({ campaignIds: [fx.a.campaignId], startTimestamp: 1_793_491_200, endTimestamp: 1_795_564_800 }) }),
  },
  "GET /api/v1/strategies/export/{exportId}": {
    access: "read",
    roles: ["RW"],
    request: async (fx) => {
      const exportId = await queuedExport(fx);
      return { method: "GET", path: `/api/v1/strategies/export/${exportId}`, params: { exportId } };
    },
  },
  "POST /api/v1/strategies/import": {
    access: "write",
    // Another licensee's ids are rows it cannot change, reported per row as unknown ("No strategy with this id"): nothing of A in the answer.
    otherLicensee: "no-data",
    request: async (fx) => ({ method: "POST", path: "/api/v1/strategies/import?dryRun=true", body: await importForm(fx) }),
  },
};
