// The background jobs: names, payloads and queue settings. No handlers here,
// so modules that only enqueue (lib/catalog) do not import the modules the
// handlers live in.
import type { Queue } from "pg-boss";

export const JOB = {
  /** Fetch and parse one catalog feed. */
  catalogProcess: "catalog-process",
  /** Every 5 minutes: enqueue the feeds whose next run is due. */
  catalogRefreshSweep: "catalog-refresh-sweep",
  /** Every 5 minutes: generate notifications (lib/notification-events/generate.ts). */
  notificationSweep: "notification-sweep",
  /** Run one optimization rule that is marked RUNNING (lib/optimization/run.ts). */
  optimizationRuleRun: "optimization-rule-run",
  /** Every 5 minutes: start the optimization rules whose refresh is due. */
  optimizationRuleSweep: "optimization-rule-sweep",
  /** Daily: delete access log rows past their retention (lib/auth/events.ts). */
  authEventPrune: "auth-event-prune",
  /** Daily: roll pixel fires older than 6 months into daily counts, prune expired order claims (lib/pixels/rollup.ts). */
  pixelFireRollup: "pixel-fire-rollup",
  /** Every minute: build the running delivery totals of boundary hours readers registered (lib/metrics/boundaries.ts). */
  deliveryBoundaryBuild: "delivery-boundary-build",
  /** Every 10 minutes: prune the change rows every read-cache entry's snapshot already sees (lib/data/read-cache.ts), and idempotency keys past a day (lib/actions/idempotency.ts). */
  dataChangePrune: "data-change-prune",
  /** Convert one HLS playlist to an MP4 video creative (lib/creatives/convert/run.ts). */
  creativeHlsConvert: "creative-hls-convert",
  /** Every 5 minutes: fail HLS conversions left QUEUED or RUNNING by a process that died (lib/creatives/convert/sweep.ts). */
  creativeConversionSweep: "creative-conversion-sweep",
  /** Write one large strategy export file for its user (lib/strategies/transfer/export-job.ts). */
  strategyExport: "strategy-export",
  /** Run one audience's active backfill rule (lib/audiences/backfill/run.ts). */
  audienceBackfillRun: "audience-backfill-run",
  /** Every 10 minutes: queue the DAILY and WEEKLY backfill rules that are due (lib/audiences/backfill/sweep.ts). */
  audienceBackfillSweep: "audience-backfill-sweep",
  /** Daily: evaluate the rules of rule-based audiences again and recount every audience's unique users (lib/audiences/members/refresh-all.ts). */
  audienceUserCountRefresh: "audience-user-count-refresh",
  /** Compute one look-alike audience that is IN_PROCESSING (lib/audiences/lookalike/build.ts). */
  audienceLookAlikeBuild: "audience-lookalike-build",
  /** Every 5 minutes: queue the look-alikes left IN_PROCESSING (lib/audiences/lookalike/sweep.ts). */
  audienceLookAlikeSweep: "audience-lookalike-sweep",
  /** Download a CRM audience's remote file and add its users (lib/audiences/remote/sync.ts). */
  audienceRemoteSync: "audience-remote-sync",
  /** Every 5 minutes: queue the remote upload schedules whose next run has come (lib/audiences/remote/sweep.ts). */
  audienceRemoteSweep: "audience-remote-sweep",
  /** Daily: delete stored user events past their retention (lib/audiences/events/prune.ts). */
  userEventPrune: "user-event-prune",
  /** Every minute: run the report templates whose scheduled slot has come (lib/report-templates/runner.ts). */
  reportTemplateSweep: "report-template-sweep",
  /** Run one report template now ("Run now"): e-mail its recipients (lib/report-templates/runner.ts). */
  reportTemplateRun: "report-template-run",
  /** Hourly: delete stored uploads no row refers to once a day old (lib/uploads/unreferenced-files.ts). */
  storedUploadSweep: "stored-upload-sweep",
} as const;
export type JobName = (typeof JOB)[keyof typeof JOB];

export interface JobPayload {
  [JOB.reportTemplateSweep]: Record<string, never>;
  // The run reads the template under this licensee; slot: ISO instant of the request.
  [JOB.reportTemplateRun]: { templateId: number; licenseeId: number; slot: string; manual: boolean };
  [JOB.catalogProcess]: { feedId: number };
  [JOB.catalogRefreshSweep]: Record<string, never>;
  [JOB.notificationSweep]: Record<string, never>;
  [JOB.optimizationRuleRun]: { ruleId: number };
  [JOB.optimizationRuleSweep]: Record<string, never>;
  [JOB.authEventPrune]: Record<string, never>;
  [JOB.pixelFireRollup]: Record<string, never>;
  [JOB.deliveryBoundaryBuild]: Record<string, never>;
  [JOB.dataChangePrune]: Record<string, never>;
  // The row's licensee travels along so the job can use the licensee's scoped
  // client; the row must still be found under it. userName: for the activity row.
  // clickDestinationId: checked when the conversion started; absent from jobs queued before it was carried (then the set's).
  [JOB.creativeHlsConvert]: { conversionId: number; licenseeId: number; userName: string; creativeSetId: number | null; clickDestinationId?: number | null };
  [JOB.creativeConversionSweep]: Record<string, never>;
  // The job re-reads the user's membership and role (lib/jobs/member-context.ts) before reading any data.
  [JOB.strategyExport]: StrategyExportPayload;
  // The run reads the audience through this licensee's client: it must be found there.
  [JOB.audienceBackfillRun]: { audienceId: number; licenseeId: number };
  [JOB.audienceBackfillSweep]: Record<string, never>;
  [JOB.audienceUserCountRefresh]: Record<string, never>;
  // The job reads the audience through this licensee's client: it must be found there.
  [JOB.audienceLookAlikeBuild]: { licenseeId: number; audienceId: number };
  [JOB.audienceLookAlikeSweep]: Record<string, never>;
  // The schedule is read through this licensee's client: it must be found there.
  [JOB.audienceRemoteSync]: { licenseeId: number; scheduleId: number };
  [JOB.audienceRemoteSweep]: Record<string, never>;
  [JOB.userEventPrune]: Record<string, never>;
  [JOB.storedUploadSweep]: Record<string, never>;
}

export interface StrategyExportPayload {
  exportId: string;
  licenseeId: number;
  userId: number;
  campaignIds: number[];
  from: string;
  to: string;
  format: "csv" | "xlsx";
}

// `stately` = at most one queued and one running job per singletonKey: a feed
// asked to refresh while it is being parsed runs once more, never piles up.
export const QUEUES: Record<JobName, Omit<Queue, "name">> = {
  [JOB.catalogProcess]: { policy: "stately", retryLimit: 2, retryDelay: 60, expireInSeconds: 30 * 60 },
  [JOB.catalogRefreshSweep]: { policy: "stately", retryLimit: 0, expireInSeconds: 5 * 60 },
  [JOB.notificationSweep]: { policy: "stately", retryLimit: 0, expireInSeconds: 5 * 60 },
  // shell.md 9: a run may take up to 30 minutes.
  [JOB.optimizationRuleRun]: { policy: "stately", retryLimit: 2, retryDelay: 60, expireInSeconds: 30 * 60 },
  [JOB.optimizationRuleSweep]: { policy: "stately", retryLimit: 0, expireInSeconds: 5 * 60 },
  [JOB.authEventPrune]: { policy: "stately", retryLimit: 2, retryDelay: 600, expireInSeconds: 30 * 60 },
  [JOB.pixelFireRollup]: { policy: "stately", retryLimit: 1, retryDelay: 600, expireInSeconds: 60 * 60 },
  // A build reads the whole hourly rollup once per boundary hour: minutes on a large one.
  [JOB.deliveryBoundaryBuild]: { policy: "stately", retryLimit: 1, retryDelay: 60, expireInSeconds: 60 * 60 },
  // No retry: a failed conversion says why on its row, and the user starts it again.
  [JOB.dataChangePrune]: { policy: "stately", retryLimit: 0, expireInSeconds: 10 * 60 },
  [JOB.creativeHlsConvert]: { policy: "standard", retryLimit: 0, expireInSeconds: 20 * 60 },
  [JOB.creativeConversionSweep]: { policy: "stately", retryLimit: 0, expireInSeconds: 5 * 60 },
  // No retry: a failed export says so on its status, and the user starts it again.
  [JOB.strategyExport]: { policy: "standard", retryLimit: 0, expireInSeconds: 30 * 60 },
  // One per audience (singletonKey); no retry: a failed run says so on its rule, and the sweep or the user runs it again.
  [JOB.audienceBackfillRun]: { policy: "stately", retryLimit: 0, expireInSeconds: 30 * 60 },
  [JOB.audienceBackfillSweep]: { policy: "stately", retryLimit: 0, expireInSeconds: 5 * 60 },
  [JOB.audienceUserCountRefresh]: { policy: "stately", retryLimit: 1, retryDelay: 600, expireInSeconds: 60 * 60 },
  // A retry finds the look-alike still IN_PROCESSING and computes it again.
  [JOB.audienceLookAlikeBuild]: { policy: "stately", retryLimit: 2, retryDelay: 60, expireInSeconds: 30 * 60 },
  [JOB.audienceLookAlikeSweep]: { policy: "stately", retryLimit: 0, expireInSeconds: 5 * 60 },
  // No retry: a failed sync says why on the schedule and in a notification, and runs again at its next time.
  [JOB.audienceRemoteSync]: { policy: "stately", retryLimit: 0, expireInSeconds: 30 * 60 },
  [JOB.audienceRemoteSweep]: { policy: "stately", retryLimit: 0, expireInSeconds: 5 * 60 },
  // Idempotent (deletes what is past the cutoff): a retry finishes what a failed run left.
  [JOB.userEventPrune]: { policy: "stately", retryLimit: 1, retryDelay: 600, expireInSeconds: 60 * 60 },
  // No retry: a run claims its slot once (ReportRun), so a retry would only find it taken; a failed run says why in the history.
  [JOB.reportTemplateSweep]: { policy: "stately", retryLimit: 0, expireInSeconds: 10 * 60 },
  [JOB.reportTemplateRun]: { policy: "standard", retryLimit: 0, expireInSeconds: 10 * 60 },
  // Idempotent: the next hour's run deletes what a failed one left.
  [JOB.storedUploadSweep]: { policy: "stately", retryLimit: 0, expireInSeconds: 30 * 60 },
};
