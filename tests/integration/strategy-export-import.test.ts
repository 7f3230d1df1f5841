// Export of strategies with metrics and their re-import with a preview
//: the same file read back changes nothing (CSV and XLSX); an
// edited bid shows as old -> new and applies with an activity row; one bad
// row or one strategy saved since the export commits nothing and is named;
// read-only, demo and other licensees' ids are refused; a large export is a
// job whose file only its user may download.
import { db } from "@/lib/db";
import type { SessionContext } from "@/lib/auth/context";
import { getSessionContext } from "@/lib/auth/session";
import { ForbiddenError, NotFoundError } from "@/lib/errors";
import { scopeOf } from "@/lib/data/scope";
import { enqueue } from "@/lib/jobs/queue";
import type { StrategyExportPayload } from "@/lib/jobs/names";
import { keyFromFileUrl, storage } from "@/lib/storage";
import { serveStoredFile } from "@/lib/storage/serve";
import { createStrategy, updateStrategy } from "@/lib/strategies/mutations";
import { strategyFormValues } from "@/lib/strategies/queries";
import { exportStatus, exportStrategies, EXPORT_SYNC_LIMIT, loadExportTable } from "@/lib/strategies/transfer/export";
import { runStrategyExport } from "@/lib/strategies/transfer/export-job";
import { readTransferFile, writeTransferFile, type TransferFormat } from "@/lib/strategies/transfer/file";
import { importStrategies, IMPORT_MESSAGES } from "@/lib/strategies/transfer/import";
import { importOperation } from "@/lib/strategies/transfer/rest";
import { mapFileRows } from "@/lib/strategies/transfer/rows";
import { useTestDatabase } from "../helpers/db";
import * as f from "../helpers/factories";
import { useTestStorage } from "../helpers/storage";
import { strategyInput, strategyWorld, type World } from "./strategy-world";

jest.mock("@/lib/jobs/queue", () => ({ enqueue: jest.fn(async () => "job-1") }));
jest.mock("@/lib/auth/session", () => ({ ...jest.requireActual("@/lib/auth/session"), getSessionContext: jest.fn() }));
const enqueueMock = enqueue as jest.MockedFunction<typeof enqueue>;
const sessionMock = getSessionContext as jest.MockedFunction<typeof getSessionContext>;

useTestDatabase();
useTestStorage("xfer-");

const RANGE = { from: "2026-11-01", to: "2026-11-25" };

async function fileOf(url: string): Promise<Uint8Array> {
  return storage().read(keyFromFileUrl(url)!);
}

/** The file's rows as the import reads them. */
async function rowsOf(bytes: Uint8Array) {
  return mapFileRows(await readTransferFile(bytes));
}

async function reimport(ctx: SessionContext, bytes: Uint8Array, dryRun: boolean) {
  return importStrategies(scopeOf(ctx), { ...(await rowsOf(bytes)), dryRun });
}

/** Three strategies of one campaign: a whole wizard strategy, a margin bid, one on the campaign's F-cap. */
async function threeStrategies(w: World) {
  const full = await createStrategy(w, strategyInput(w));
  const margin = await createStrategy(w, strategyInput(w, { name: "Margin one", pricingType: "MARGIN", pricingValue: "30" }));
  const capped = await createStrategy(w, strategyInput(w, { name: "=Campaign cap", campaignFcap: true }));
  return { full, margin, capped };
}

/** A CSV file's text with one cell replaced in the row of `strategyId`. */
function editCsv(bytes: Uint8Array, strategyId: number, header: string, value: string): Uint8Array {
  const lines = new TextDecoder().decode(bytes).split("\r\n");
  const columns = lines[0].replace(/^\uFEFF/, "").split(",");
  const at = columns.indexOf(header);
  const i = lines.findIndex((l) => l.startsWith(`${strategyId},`));
  const cells = lines[i].split(",");
  cells[at] = value;
  lines[i] = cells.join(",");
  return new TextEncoder().encode(lines.join("\r\n"));
}

const snapshot = async () => ({
  strategies: await db.strategy.findMany({ orderBy: { id: "asc" }, select: { id: true, version: true, name: true, pricingValue: true, pricingType: true, fcapFrequency: true } }),
  activity: await db.activityLog.count(),
});

describe.each<TransferFormat>(["csv", "xlsx"])("%s: export then re-import of the same file", (format) => {
  test("changes nothing: every row unchanged, no version bump, no activity row", async () => {
    const w = await strategyWorld();
    const s = await threeStrategies(w);
    await f.makeStrategy(w.campaign, { active: false, name: "Paused" }); // only active strategies are exported
    const answer = await exportStrategies(w.ctx, { campaignIds: [w.campaign.id], ...RANGE, format });
    expect(answer.fileDownloadUrl).toMatch(new RegExp(`^/api/files/exports/${w.licensee.id}/${w.ctx.userId}/.+\\.${format}$`));
    const bytes = await fileOf(answer.fileDownloadUrl!);
    const [header] = await readTransferFile(bytes);
    expect(header.cells.slice(0, 8)).toEqual(["Strategy ID", "Version", "Campaign ID", "Campaign", "Strategy Name (editable)", "Bid Type (editable)", "Bid Price (editable)", "Use Campaign F-Cap (editable)"]);
    expect(header.cells).toContain("Impressions");

    const before = await snapshot();
    const result = await reimport(w.ctx, bytes, false);
    expect(result).toMatchObject({ applied: true, total: 3, changed: [], errors: [], conflicts: [] });
    expect(result.unchanged.map((u) => u.strategyId).sort()).toEqual([s.full.id, s.margin.id, s.capped.id].sort());
    expect(await snapshot()).toEqual(before);
  });
});

test("the file holds exact money, the margin as its percentage, the F-cap columns; a name that looks like a formula is neutralised in CSV and read back", async () => {
  const w = await strategyWorld();
  const s = await threeStrategies(w);
  const { header, rows } = await loadExportTable(w.ctx, { campaignIds: [w.campaign.id], ...RANGE, format: "csv" });
  const byId = new Map(rows.map((r) => [r[0], r]));
  expect(byId.get(s.full.id)!.slice(4, 11)).toEqual(["Prospecting EU", "CPM", "4.20", "No", 3, 24, 10]);
  expect(byId.get(s.margin.id)!.slice(5, 7)).toEqual(["MARGIN", "30"]);
  expect(byId.get(s.capped.id)!.slice(7, 9)).toEqual(["Yes", null]);
  const csv = new TextDecoder().decode(await writeTransferFile("csv", header, rows));
  expect(csv).toContain(",'=Campaign cap,");
});

test("a read-only user's file has no cost or margin metric; a demo user's none at all", async () => {
  const w = await strategyWorld();
  await threeStrategies(w);
  const ro = await f.ctxFor((await f.makeUser("ro.x@example.com", [{ licenseeId: w.licensee.id, role: "RO" }])).id, w.licensee.id);
  const demo = await f.ctxFor((await f.makeUser("demo.x@example.com", [{ licenseeId: w.licensee.id, role: "DEMO" }])).id, w.licensee.id);
  const input = { campaignIds: [w.campaign.id], ...RANGE, format: "csv" as const };
  const rw = (await loadExportTable(w.ctx, input)).header;
  const readOnly = (await loadExportTable(ro, input)).header;
  expect(rw.some((h) => /cost|margin/i.test(h))).toBe(true);
  expect(readOnly.some((h) => /cost|margin/i.test(h))).toBe(false);
  expect(readOnly).toContain("Impressions");
  expect((await loadExportTable(demo, input)).header).toHaveLength(11);
});

test("a changed bid shows in the preview as old -> new, then applies with an audit row; the details read the new bid", async () => {
  const w = await strategyWorld();
  const s = await threeStrategies(w);
  const exported = await fileOf((await exportStrategies(w.ctx, { campaignIds: [w.campaign.id], ...RANGE, format: "csv" })).fileDownloadUrl!);
  const edited = editCsv(exported, s.full.id, "Bid Price (editable)", "5.75");
  const targetingBefore = await db.strategy.findUniqueOrThrow({ where: { id: s.full.id }, select: { targeting: true, inventory: true } });

  const preview = await reimport(w.ctx, edited, true);
  expect(preview).toMatchObject({ dryRun: true, applied: false, errors: [], conflicts: [] });
  expect(preview.changed).toEqual([{ row: expect.any(Number), strategyId: s.full.id, strategyName: "Prospecting EU", changes: [{ fieldName: "Goal", oldValue: "4.2", newValue: "5.75" }] }]);
  expect(preview.unchanged).toHaveLength(2);
  expect((await db.strategy.findUniqueOrThrow({ where: { id: s.full.id } })).pricingValue.toString()).toBe("4.2"); // dry run wrote nothing

  const applied = await reimport(w.ctx, edited, false);
  expect(applied.applied).toBe(true);
  const row = await db.strategy.findUniqueOrThrow({ where: { id: s.full.id } });
  expect([row.pricingValue.toString(), row.version]).toEqual(["5.75", s.full.version + 1]);
  const log = await db.activityLog.findFirstOrThrow({ where: { entityId: s.full.id, action: "UPDATE" }, include: { fields: true } });
  expect(log).toMatchObject({ entityType: "STRATEGY", entityName: "Prospecting EU", userId: w.ctx.userId });
  expect(log.fields.map((x) => [x.fieldName, x.oldValue, x.newValue])).toEqual([["Goal", "4.2", "5.75"]]);
  // Everything else of the strategy is as it was.
  expect([row.targeting, row.inventory, row.name, row.fcapFrequency]).toEqual([targetingBefore.targeting, targetingBefore.inventory, "Prospecting EU", 3]);
});

test("name, bid type and F-cap edits are checked by the strategy schema: each problem at its row and column, nothing written", async () => {
  const w = await strategyWorld();
  const s = await threeStrategies(w);
  let bytes = await fileOf((await exportStrategies(w.ctx, { campaignIds: [w.campaign.id], ...RANGE, format: "csv" })).fileDownloadUrl!);
  bytes = editCsv(bytes, s.full.id, "Bid Type (editable)", "BOGUS");
  bytes = editCsv(bytes, s.capped.id, "Use Campaign F-Cap (editable)", "No"); // no frequency or interval given
  bytes = editCsv(bytes, s.margin.id, "Use Campaign F-Cap (editable)", "maybe");
  const before = await snapshot();
  const result = await reimport(w.ctx, bytes, false);
  expect(result.applied).toBe(false);
  const columns = result.errors.map((e) => e.column).sort();
  expect(columns).toEqual(["Bid Type", "F-Cap Frequency", "F-Cap Interval (hours)", "Use Campaign F-Cap"]);
  expect(result.errors.every((e) => e.row >= 2 && e.row <= 4 && e.message.length > 0)).toBe(true);
  expect(await snapshot()).toEqual(before);
});

test("an invalid bid on row 7,000 of 7,500 commits nothing and names row 7,000", async () => {
  const w = await strategyWorld();
  await db.strategy.createMany({
    data: Array.from({ length: 7_499 }, (_, i) => ({
      licenseeId: w.licensee.id, advertiserId: w.advertiser.id, campaignId: w.campaign.id, name: `Bulk ${String(i).padStart(5, "0")}`,
      type: "MULTI_DEVICE" as const, startTime: new Date("2026-01-01T00:00:00Z"), pricingType: "CPM" as const, pricingValue: "1.5",
    })),
  });
  const { header, rows } = await loadExportTable(w.ctx, { campaignIds: [w.campaign.id], ...RANGE, format: "csv" });
  expect(rows).toHaveLength(7_499);
  const bid = header.indexOf("Bid Price (editable)");
  for (const r of rows) r[bid] = "2.25";
  rows[7_000 - 2][bid] = "-3"; // file row 7,000 (the header is row 1)
  const before = await snapshot();
  const result = await reimport(w.ctx, await writeTransferFile("csv", header, rows), false);
  expect(result.applied).toBe(false);
  expect(result.errors).toEqual([{ row: 7_000, column: "Bid Price", message: expect.any(String) }]);
  expect(await snapshot()).toEqual(before);
}, 120_000);

test("a strategy saved since the export is refused and listed; nothing of the file is written", async () => {
  const w = await strategyWorld();
  const s = await threeStrategies(w);
  let bytes = await fileOf((await exportStrategies(w.ctx, { campaignIds: [w.campaign.id], ...RANGE, format: "csv" })).fileDownloadUrl!);
  bytes = editCsv(bytes, s.full.id, "Bid Price (editable)", "9.99");
  bytes = editCsv(bytes, s.margin.id, "Strategy Name (editable)", "Renamed");
  await updateStrategy(w, s.margin.id, s.margin.version, { ...strategyFormValues(s.margin), name: "Saved meanwhile" });
  const before = await snapshot();
  const result = await reimport(w.ctx, bytes, false);
  expect(result).toMatchObject({ applied: false, errors: [] });
  expect(result.conflicts).toEqual([{ row: expect.any(Number), strategyId: s.margin.id, strategyName: "Saved meanwhile", exportedVersion: s.margin.version, currentVersion: s.margin.version + 1 }]);
  expect(await snapshot()).toEqual(before);
});

test("read-only and demo users are refused before anything is read; another licensee's ids are not found", async () => {
  const w = await strategyWorld();
  const s = await threeStrategies(w);
  const bytes = editCsv(await fileOf((await exportStrategies(w.ctx, { campaignIds: [w.campaign.id], ...RANGE, format: "csv" })).fileDownloadUrl!), s.full.id, "Bid Price (editable)", "7");
  for (const role of ["RO", "DEMO"] as const) {
    const user = await f.makeUser(`${role}.imp@example.com`, [{ licenseeId: w.licensee.id, role }]);
    const ctx = await f.ctxFor(user.id, w.licensee.id);
    for (const dryRun of ["true", "false"]) {
      const form = new FormData();
      form.set("file", new Blob([bytes as BlobPart]), "strategies.csv");
      await expect(importOperation(ctx, new Request(`http://x/api/v1/strategies/import?dryRun=${dryRun}`, { method: "POST", body: form }))).rejects.toBeInstanceOf(ForbiddenError);
    }
  }
  const other = await strategyWorld();
  const result = await reimport(other.ctx, bytes, false);
  expect(result.applied).toBe(false);
  expect(result.errors).toHaveLength(3);
  expect(result.errors.every((e) => e.column === "Strategy ID" && e.message === IMPORT_MESSAGES.notFound)).toBe(true);
  expect((await db.strategy.findUniqueOrThrow({ where: { id: s.full.id } })).pricingValue.toString()).toBe("4.2");
  await expect(exportStrategies(other.ctx, { campaignIds: [w.campaign.id], ...RANGE, format: "csv" })).rejects.toBeInstanceOf(NotFoundError);
});

test("the REST import reads a multipart CSV: dryRun previews, dryRun=false applies", async () => {
  const w = await strategyWorld();
  const s = await threeStrategies(w);
  const bytes = editCsv(await fileOf((await exportStrategies(w.ctx, { campaignIds: [w.campaign.id], ...RANGE, format: "csv" })).fileDownloadUrl!), s.full.id, "Strategy Name (editable)", "Renamed by file");
  const post = (dryRun: string) => {
    const form = new FormData();
    form.set("file", new Blob([bytes as BlobPart]), "strategies.csv");
    return importOperation(w.ctx, new Request(`http://x/api/v1/strategies/import?dryRun=${dryRun}`, { method: "POST", body: form }));
  };
  expect((await post("true")).changed[0].changes).toEqual([{ fieldName: "Name", oldValue: "Prospecting EU", newValue: "Renamed by file" }]);
  expect((await db.strategy.findUniqueOrThrow({ where: { id: s.full.id } })).name).toBe("Prospecting EU");
  expect(await post("false")).toMatchObject({ applied: true });
  expect((await db.strategy.findUniqueOrThrow({ where: { id: s.full.id } })).name).toBe("Renamed by file");
});

test("a large export is a job: progress, then a file only its user may download", async () => {
  const w = await strategyWorld();
  await db.strategy.createMany({
    data: Array.from({ length: EXPORT_SYNC_LIMIT + 1 }, (_, i) => ({
      licenseeId: w.licensee.id, advertiserId: w.advertiser.id, campaignId: w.campaign.id, name: `Many ${i}`,
      type: "MULTI_DEVICE" as const, startTime: new Date("2026-01-01T00:00:00Z"), pricingType: "CPM" as const, pricingValue: "1.5",
    })),
  });
  const answer = await exportStrategies(w.ctx, { campaignIds: [w.campaign.id], ...RANGE, format: "xlsx" });
  expect(answer).toMatchObject({ exportId: expect.any(String), total: EXPORT_SYNC_LIMIT + 1 });
  expect(await exportStatus(w.ctx, answer.exportId!)).toMatchObject({ state: "queued" });
  const payload = enqueueMock.mock.calls.at(-1)![1] as StrategyExportPayload;
  expect(payload).toMatchObject({ exportId: answer.exportId, licenseeId: w.licensee.id, userId: w.ctx.userId, format: "xlsx" });

  await runStrategyExport(payload);
  const status = await exportStatus(w.ctx, answer.exportId!);
  expect(status).toMatchObject({ state: "done", done: EXPORT_SYNC_LIMIT + 1, total: EXPORT_SYNC_LIMIT + 1 });
  const key = keyFromFileUrl(status.fileDownloadUrl!)!;
  expect((await rowsOf(await storage().read(key))).rows).toHaveLength(EXPORT_SYNC_LIMIT + 1);

  const download = () => serveStoredFile(new Request(`http://x${status.fileDownloadUrl}`), key.split("/"));
  sessionMock.mockResolvedValue(w.ctx);
  const own = await download();
  expect([own.status, own.headers.get("content-disposition")]).toEqual([200, expect.stringMatching(/^attachment;/)]);
  const colleague = await f.ctxFor((await f.makeUser("colleague@example.com", [{ licenseeId: w.licensee.id, role: "RW" }])).id, w.licensee.id);
  sessionMock.mockResolvedValue(colleague);
  expect((await download()).status).toBe(404);
  await expect(exportStatus(colleague, answer.exportId!)).rejects.toBeInstanceOf(NotFoundError);
}, 120_000);

test("a job whose user lost access writes the failure the dialog shows", async () => {
  const w = await strategyWorld();
  const exportId = "00000000-0000-4000-8000-000000000001";
  await db.membership.deleteMany({ where: { userId: w.ctx.userId } });
  await runStrategyExport({ exportId, licenseeId: w.licensee.id, userId: w.ctx.userId, campaignIds: [w.campaign.id], ...RANGE, format: "csv" });
  const raw = JSON.parse(new TextDecoder().decode(await storage().read(`exports/${w.licensee.id}/${w.ctx.userId}/${exportId}/status.json`)));
  expect(raw).toMatchObject({ state: "failed", message: "Error while exporting data. Please try again later." });
});
