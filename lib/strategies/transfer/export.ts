// Export of strategies with their metrics (business.md 2 "Export", 7
// "Strategy: export"): every active strategy of the chosen campaigns of the
// licensee, one row each with its id and version (the re-import's conflict
// check), campaign, the editable columns (./columns.ts) and the range's
// metrics the user's role may see (lib/metrics/query.ts metricsByEntity: a
// read-only user never gets cost or margin; demo users get none). Money is
// exact decimal text.
//
// The file is always stored (lib/storage, key exports/<licensee>/<user>/<id>/...)
// and downloaded from /api/files/..., which serves it to that user only
// (lib/storage/serve.ts). Up to EXPORT_SYNC_LIMIT strategies it is written at
// once and the answer carries fileDownloadUrl; beyond, a job writes it
// (./export-job.ts) and the answer carries the export's id, whose status
// (progress, then fileDownloadUrl or the failure) the dialog polls.
import "server-only";
import crypto from "node:crypto";
import type { SessionContext } from "../../auth/context";
import { shellVisibility } from "../../auth/roles";
import { marginPercentText } from "../../campaigns/budget";
import { NotFoundError } from "../../errors";
import { tenantDb } from "../../data/tenant-db";
import { withWorkKind } from "../../connections/work";
import { readFromReplica } from "../../data/read-replica";
import { enqueue } from "../../jobs/queue";
import { JOB, type StrategyExportPayload } from "../../jobs/names";
import { metricExport, moneyExport } from "../../list/columns";
import type { CsvCell } from "../../list/csv";
import { metricsForRole } from "../../metrics/catalogue";
import { metricsByEntity } from "../../metrics/query";
import { fileUrl, storage, StorageNotFoundError } from "../../storage";
import { getUserTimeSettings } from "../../user-settings/queries";
import { headerOf, NO, STRATEGY_COLUMNS, YES } from "./columns";
import { writeTransferFile } from "./file";
import type { ExportAnswer, ExportInput, ExportStatus, TransferFormat } from "./schema";


/** Larger exports run as a background job with progress. */
export const EXPORT_SYNC_LIMIT = 2_000;
/** Strategies whose metrics are read per query. */
const METRICS_CHUNK = 1_000;

const strategyWhere = (campaignIds: number[]) => ({ campaignId: { in: campaignIds }, active: true, isArchived: false, isAbTestStrategy: false });

/** The campaigns must all be the licensee's: any other is "not found", as anywhere. */
async function checkCampaigns(ctx: SessionContext, ids: number[]): Promise<void> {
  const unique = [...new Set(ids)];
  const found = await tenantDb(ctx).campaign.count({ where: { id: { in: unique } } });
  if (found !== unique.length) throw new NotFoundError("Campaign");
}

/** exports/<licensee>/<user>/<exportId>: only that user is served its files. */
const folderOf = (ctx: Pick<SessionContext, "licenseeId" | "userId">, exportId: string) => `exports/${ctx.licenseeId}/${ctx.userId}/${exportId}`;
const statusKey = (ctx: Pick<SessionContext, "licenseeId" | "userId">, exportId: string) => `${folderOf(ctx, exportId)}/status.json`;

export async function writeExportStatus(ctx: Pick<SessionContext, "licenseeId" | "userId">, exportId: string, status: ExportStatus): Promise<void> {
  await storage().put(statusKey(ctx, exportId), new TextEncoder().encode(JSON.stringify(status)));
}

const EXPORT_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The status of one of the user's own exports; any other id is "not found". */
export async function exportStatus(ctx: SessionContext, exportId: string): Promise<ExportStatus> {
  if (!EXPORT_ID.test(exportId)) throw new NotFoundError("Export");
  try {
    return JSON.parse(new TextDecoder().decode(await storage().read(statusKey(ctx, exportId)))) as ExportStatus;
  } catch (e) {
    if (e instanceof StorageNotFoundError) throw new NotFoundError("Export");
    throw e;
  }
}

/** The header and rows of the file; `progress` hears how many strategies are done. Under the exports' statement timeout. */
export function loadExportTable(ctx: SessionContext, input: ExportInput, progress?: (done: number, total: number) => Promise<void>) {
  return withWorkKind("exports", () => readFromReplica(ctx, () => exportTableOf(ctx, input, progress)));
}

async function exportTableOf(ctx: SessionContext, input: ExportInput, progress?: (done: number, total: number) => Promise<void>) {
  const db = tenantDb(ctx);
  const strategies = await db.strategy.findMany({
    where: strategyWhere(input.campaignIds),
    select: {
      id: true, version: true, campaignId: true, name: true, pricingType: true, pricingValue: true, campaignFcap: true,
      fcapFrequency: true, fcapInterval: true, lifetimeUserFcap: true, campaign: { select: { name: true } },
    },
    orderBy: [{ campaignId: "asc" }, { name: "asc" }, { id: "asc" }],
  });
  const metrics = shellVisibility(ctx.role).analyticsTabs ? metricsForRole(ctx.role) : [];
  const { timezoneId } = await getUserTimeSettings(ctx);
  const range = { from: input.from, to: input.to, timezoneId };
  const header = [...STRATEGY_COLUMNS.map(headerOf), ...metrics.map((m) => m.title)];
  const rows: CsvCell[][] = [];
  for (let i = 0; i < strategies.length; i += METRICS_CHUNK) {
    const chunk = strategies.slice(i, i + METRICS_CHUNK);
    const values = metrics.length
      ? await metricsByEntity(ctx, { level: "strategy", ids: chunk.map((s) => s.id), range, metricIds: metrics.map((m) => m.id) })
      : new Map();
    for (const s of chunk) {
      const m = values.get(s.id);
      rows.push([
        s.id, s.version, s.campaignId, s.campaign.name, s.name, s.pricingType,
        // The bid as the wizard shows it: a margin as its percentage, money as exact decimal text.
        s.pricingType === "MARGIN" ? marginPercentText(s.pricingValue.toString()) : moneyExport(s.pricingValue),
        s.campaignFcap ? YES : NO, s.fcapFrequency, s.fcapInterval, s.lifetimeUserFcap,
        ...metrics.map((d) => metricExport(m?.[d.id], d.type)),
      ]);
    }
    await progress?.(Math.min(i + METRICS_CHUNK, strategies.length), strategies.length);
  }
  return { header, rows };
}

/** Writes the file under the export's folder; the URL it is downloaded from. */
export async function storeExportFile(ctx: SessionContext, exportId: string, input: ExportInput, progress?: (done: number, total: number) => Promise<void>): Promise<string> {
  const { header, rows } = await loadExportTable(ctx, input, progress);
  const key = `${folderOf(ctx, exportId)}/strategies-${input.from}-${input.to}.${input.format satisfies TransferFormat}`;
  await storage().put(key, await writeTransferFile(input.format, header, rows));
  return fileUrl(key);
}

/** Starts an export: written at once when small, else queued (see the file's head). */
export async function exportStrategies(ctx: SessionContext, input: ExportInput): Promise<ExportAnswer> {
  await checkCampaigns(ctx, input.campaignIds);
  const total = await tenantDb(ctx).strategy.count({ where: strategyWhere(input.campaignIds) });
  const exportId = crypto.randomUUID();
  if (total <= EXPORT_SYNC_LIMIT) return { fileDownloadUrl: await storeExportFile(ctx, exportId, input), total };
  await writeExportStatus(ctx, exportId, { state: "queued", done: 0, total });
  const payload: StrategyExportPayload = { exportId, licenseeId: ctx.licenseeId, userId: ctx.userId, ...input };
  await enqueue(JOB.strategyExport, payload);
  return { exportId, total };
}
