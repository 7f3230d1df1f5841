// The metrics a report offers: the catalogue of shell.md 3 (lib/metrics/
// catalogue.ts) plus the delivery counters the catalogue has no entry for
// (bid outcomes and loss reasons, video quartiles), which the typed reports
// need. Their formulas live with the others in lib/metrics/formulas.ts.
// Client-safe. The server filters every request by role with
// allowedReportMetricIds, the same rule lists use (canSeeMetric).
import { canSeeMetric, type Role } from "../auth/roles";
import { allowedIds, METRIC_GROUP_LABELS, METRICS, type MetricDefinition, type MetricGroup, type MetricType } from "../metrics/catalogue";

export type ReportMetricGroup = MetricGroup | "bidding" | "video";

export interface ReportMetric extends Omit<MetricDefinition, "groupId"> {
  groupId: ReportMetricGroup;
}

export const REPORT_METRIC_GROUP_LABELS: Record<ReportMetricGroup, string> = {
  ...METRIC_GROUP_LABELS,
  bidding: "Bidding",
  video: "Video",
};

type Extra = [id: string, title: string, hover: string, type: MetricType];

const extra = (groupId: ReportMetricGroup, defs: Extra[]): ReportMetric[] =>
  defs.map(([id, title, hover, type]) => ({ id, title, hover, groupId, type, showROuser: true, showSelectOption: true, preselected: false }));

export const REPORT_METRICS: readonly ReportMetric[] = Object.freeze([
  ...METRICS,
  ...extra("bidding", [
    ["bidsWon", "Bids Won", "Bids that won the auction.", "number"],
    ["winRate", "Win Rate", "Bids won / bids placed x 100.", "percentage"],
    ["bidsLost", "Bids Lost", "Bids lost for any reason.", "number"],
    ["lossBelowFloor", "Lost: Below Floor", "Bids under the exchange's floor price.", "number"],
    ["lossOutbid", "Lost: Outbid", "Bids beaten by a higher bid.", "number"],
    ["lossCreativeRejected", "Lost: Creative Rejected", "Bids whose creative the exchange rejected.", "number"],
    ["lossTimeout", "Lost: Timeout", "Bids that arrived too late.", "number"],
    ["lossOther", "Lost: Other", "Bids lost for another reason.", "number"],
  ]),
  ...extra("video", [
    ["videoStarts", "Video Starts", "Video plays started.", "number"],
    ["videoQ25", "Video 25%", "Plays that reached the first quartile.", "number"],
    ["videoQ50", "Video 50%", "Plays that reached the midpoint.", "number"],
    ["videoQ75", "Video 75%", "Plays that reached the third quartile.", "number"],
    ["videoCompletes", "Video 100%", "Plays watched to the end.", "number"],
    ["videoCompletionRate", "Completion Rate", "Video 100% / video starts x 100.", "percentage"],
    ["videoSkips", "Video Skips", "Plays the viewer skipped.", "number"],
    ["videoSkipRate", "Skip Rate", "Video skips / video starts x 100.", "percentage"],
  ]),
]);

const BY_ID = new Map(REPORT_METRICS.map((m) => [m.id, m]));

export function getReportMetric(id: string): ReportMetric | undefined {
  return BY_ID.get(id);
}

export function isReportMetricId(id: string): boolean {
  return BY_ID.has(id);
}

/** The metrics a role may pick, in catalogue order. */
export function reportMetricsForRole(role: Role): ReportMetric[] {
  return REPORT_METRICS.filter((m) => canSeeMetric(role, m));
}

/** The requested ids a role may receive, in request order, without unknown ids or duplicates (the server's RO filter). */
export function allowedReportMetricIds(role: Role, requested: readonly string[]): string[] {
  return allowedIds(role, requested, (id) => BY_ID.get(id));
}

/** The role's metrics grouped for a picker, groups in catalogue order. */
export function groupedReportMetrics(role: Role): Array<{ groupId: ReportMetricGroup; label: string; metrics: ReportMetric[] }> {
  const groups = new Map<ReportMetricGroup, ReportMetric[]>();
  for (const m of reportMetricsForRole(role)) groups.set(m.groupId, [...(groups.get(m.groupId) ?? []), m]);
  return [...groups].map(([groupId, metrics]) => ({ groupId, label: REPORT_METRIC_GROUP_LABELS[groupId], metrics }));
}
