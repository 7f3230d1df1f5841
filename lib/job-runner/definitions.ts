// What each job does and when recurring ones run. Handlers are plain async
// functions of their payload, so tests call them directly.
import { processFeed, refreshDueFeeds } from "../catalog/process";
import { runNotificationSweep } from "../notification-events/generate";
import { runOptimizationRule } from "../optimization/run";
import { runDueRules } from "../optimization/sweep";
import { pruneAuthEvents } from "../auth/events";
import { rollupOldFires } from "../pixels/rollup";
import { buildPendingBoundaries } from "../metrics/boundaries";
import { pruneDataChanges } from "../data/read-cache";
import { pruneIdempotentRequests } from "../actions/idempotency";
import { runHlsConversion } from "../creatives/convert/run";
import { failStaleConversions } from "../creatives/convert/sweep";
import { runStrategyExport } from "../strategies/transfer/export-job";
import { runAudienceBackfillJob } from "../audiences/backfill/jobs";
import { runBackfillSweep } from "../audiences/backfill/sweep";
import { refreshAllAudienceUserCounts } from "../audiences/members/refresh-all";
import { runLookAlikeBuild } from "../audiences/lookalike/queue";
import { queuePendingLookAlikes } from "../audiences/lookalike/sweep";
import { runRemoteSync } from "../audiences/remote/sync";
import { queueDueRemoteSyncs } from "../audiences/remote/sweep";
import { pruneUserEvents } from "../audiences/events/prune";
import { runDueReportTemplates, runTemplateSlot } from "../report-templates/runner";
import { sweepUnreferencedUploads } from "../uploads/unreferenced-files";
import { db } from "../db";
import { withStatementTimeout } from "../connections/work";
import { JOB, type JobName, type JobPayload } from "../jobs/names";

export interface JobDefinition<N extends JobName = JobName> {
  name: N;
  /** Cron (UTC) for recurring jobs; pg-boss sends each slot once across all containers. */
  cron?: string;
  run(data: JobPayload[N]): Promise<unknown>;
}

function define<N extends JobName>(definition: JobDefinition<N>): JobDefinition {
  return definition as unknown as JobDefinition;
}

export const JOB_DEFINITIONS: JobDefinition[] = [
  define({ name: JOB.catalogProcess, run: (data) => processFeed(Number(data.feedId)) }),
  define({ name: JOB.catalogRefreshSweep, cron: "*/5 * * * *", run: () => refreshDueFeeds(new Date()) }),
  define({ name: JOB.notificationSweep, cron: "*/5 * * * *", run: () => runNotificationSweep(new Date(), db) }),
  define({ name: JOB.optimizationRuleRun, run: (data) => runOptimizationRule(Number(data.ruleId)) }),
  define({ name: JOB.optimizationRuleSweep, cron: "*/5 * * * *", run: () => runDueRules(new Date()) }),
  define({ name: JOB.authEventPrune, cron: "47 3 * * *", run: () => pruneAuthEvents(new Date()) }),
  define({ name: JOB.pixelFireRollup, cron: "17 3 * * *", run: () => rollupOldFires(new Date()) }),
  // Its build runs in a transaction of up to 30 minutes (lib/metrics/boundaries.ts), one long statement: past the jobs' statement limit.
  define({ name: JOB.deliveryBoundaryBuild, cron: "* * * * *", run: () => withStatementTimeout(30 * 60_000, () => buildPendingBoundaries()) }),
  define({ name: JOB.dataChangePrune, cron: "*/10 * * * *", run: async () => [await pruneDataChanges(), await pruneIdempotentRequests(new Date(), db)] }),
  define({ name: JOB.creativeHlsConvert, run: (data) => runHlsConversion(data) }),
  define({ name: JOB.creativeConversionSweep, cron: "*/5 * * * *", run: () => failStaleConversions(new Date(), db) }),
  define({ name: JOB.strategyExport, run: (data) => runStrategyExport(data) }),
  define({ name: JOB.audienceBackfillRun, run: (data) => runAudienceBackfillJob(data) }),
  define({ name: JOB.audienceBackfillSweep, cron: "*/10 * * * *", run: () => runBackfillSweep(new Date()) }),
  define({ name: JOB.audienceUserCountRefresh, cron: "23 0 * * *", run: () => refreshAllAudienceUserCounts(new Date()) }),
  define({ name: JOB.audienceLookAlikeBuild, run: (data) => runLookAlikeBuild(data) }),
  define({ name: JOB.audienceLookAlikeSweep, cron: "*/5 * * * *", run: () => queuePendingLookAlikes(db) }),
  define({ name: JOB.audienceRemoteSync, run: (data) => runRemoteSync(data) }),
  define({ name: JOB.audienceRemoteSweep, cron: "*/5 * * * *", run: () => queueDueRemoteSyncs(new Date()) }),
  define({ name: JOB.userEventPrune, cron: "37 3 * * *", run: () => pruneUserEvents(new Date()) }),
  define({ name: JOB.reportTemplateSweep, cron: "* * * * *", run: () => runDueReportTemplates(new Date()) }),
  define({ name: JOB.reportTemplateRun, run: (data) => runTemplateSlot({ ...data, slot: new Date(data.slot) }) }),
  define({ name: JOB.storedUploadSweep, cron: "41 * * * *", run: () => sweepUnreferencedUploads(new Date(), db) }),
];
