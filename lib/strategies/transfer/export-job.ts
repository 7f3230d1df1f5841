// The background half of a large strategy export (./export.ts): the job acts
// as the user who asked (their membership and role read again now), writes
// its progress to the export's status as each chunk of strategies is done,
// then the file's URL, or the failure message the dialog shows.
import "server-only";
import { memberContext } from "../../jobs/member-context";
import type { StrategyExportPayload } from "../../jobs/names";
import { log } from "../../log";
import { EXPORT_FAILED } from "./columns";
import { storeExportFile, writeExportStatus } from "./export";

export async function runStrategyExport(payload: StrategyExportPayload): Promise<void> {
  const owner = { licenseeId: Number(payload.licenseeId), userId: Number(payload.userId) };
  try {
    const ctx = await memberContext(owner.userId, owner.licenseeId);
    const input = { campaignIds: payload.campaignIds.map(Number), from: payload.from, to: payload.to, format: payload.format };
    await writeExportStatus(owner, payload.exportId, { state: "running", done: 0, total: 0 });
    let total = 0;
    const url = await storeExportFile(ctx, payload.exportId, input, async (done, all) => {
      total = all;
      await writeExportStatus(owner, payload.exportId, { state: "running", done, total: all });
    });
    await writeExportStatus(owner, payload.exportId, { state: "done", done: total, total, fileDownloadUrl: url });
  } catch (err) {
    log.error("strategy export failed", { err, exportId: payload.exportId });
    await writeExportStatus(owner, payload.exportId, { state: "failed", done: 0, total: 0, message: EXPORT_FAILED });
  }
}
