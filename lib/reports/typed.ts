// The typed reports of shell.md 2.6: fixed metrics over the engine, a few
// groupings to choose from, and what their data can and cannot say.
// Client-safe (the pages and the builder read it).
import type { DimensionId } from "./dimensions";

export type ReportKind = "advanced" | "conversion" | "video" | "inventory" | "lossbid";

export interface TypedReport {
  kind: Exclude<ReportKind, "advanced">;
  title: string;
  path: string;
  /** The groupings offered; the first is the default. */
  groupings: ReadonlyArray<{ label: string; dimensions: DimensionId[] }>;
  metrics: string[];
  /** Default sort: a metric, highest first. */
  sortBy: string;
  /** What the report cannot show, said on the page. */
  notes: string[];
}

export const TYPED_REPORTS: Record<TypedReport["kind"], TypedReport> = {
  conversion: {
    kind: "conversion",
    title: "Conversion Report",
    path: "/report/conversion",
    groupings: [
      { label: "Campaign", dimensions: ["campaign"] },
      { label: "Strategy", dimensions: ["strategy"] },
      { label: "Campaign and day", dimensions: ["campaign", "date"] },
      { label: "Creative", dimensions: ["creative"] },
    ],
    // Types (Install, Re-engagement, Conversions, Clicks) and view/click attribution as columns.
    metrics: ["clicks", "installs", "reEngagements", "conversions", "clickConversions", "viewConversions", "cvr", "ctc", "advRevenue", "erpa", "erpi"],
    sortBy: "conversions",
    notes: [
      "Conversions by pixel and time to convert (the tables below) count the pixel fires credited to an ad through its click or impression id; conversions loaded with delivery carry no pixel and show only in the table above.",
    ],
  },
  video: {
    kind: "video",
    title: "Video Creatives Report",
    path: "/report/video",
    groupings: [
      { label: "Creative", dimensions: ["creative"] },
      { label: "Creative and day", dimensions: ["creative", "date"] },
      { label: "Strategy and creative", dimensions: ["strategy", "creative"] },
    ],
    metrics: ["impressions", "videoStarts", "videoQ25", "videoQ50", "videoQ75", "videoCompletes", "videoCompletionRate", "videoSkips", "videoSkipRate", "clicks", "ctr"],
    sortBy: "videoStarts",
    notes: ["Creatives without video delivery show 0 starts (sorted last)."],
  },
  inventory: {
    kind: "inventory",
    title: "Inventory Report",
    path: "/report/inventory",
    groupings: [
      { label: "Aggregator and site / app", dimensions: ["aggregator", "inventory"] },
      { label: "Site / app", dimensions: ["inventory"] },
      { label: "Aggregator", dimensions: ["aggregator"] },
    ],
    // The blocking dialog's optimization metrics (shell.md 3, suggestion response).
    metrics: ["impressions", "clicks", "installs", "conversions", "revenue", "cost", "ctr", "ecpm", "ecpc", "ecpi", "ecpa", "iti", "ctc", "roi"],
    sortBy: "revenue",
    notes: ["To block inventory, filter the report to one strategy: its blocking dialog opens from here."],
  },
  lossbid: {
    kind: "lossbid",
    title: "Loss Bids Report",
    path: "/report/lossbid",
    groupings: [
      { label: "Aggregator", dimensions: ["aggregator"] },
      { label: "Aggregator and max bid band", dimensions: ["aggregator", "bidBand"] },
      { label: "Max bid band", dimensions: ["bidBand"] },
      { label: "Strategy", dimensions: ["strategy"] },
      { label: "Day", dimensions: ["date"] },
    ],
    metrics: ["bidsPlaced", "bidsWon", "winRate", "bidsLost", "lossBelowFloor", "lossOutbid", "lossCreativeRejected", "lossTimeout", "lossOther"],
    sortBy: "bidsPlaced",
    notes: [
      "Delivery keeps no price per bid, so bids are banded by their strategy's max bid (bid cap); strategies without a cap are 'Unknown'.",
    ],
  },
};

/** The grouping a URL's dims name, else the default (a typed report offers only its own). */
export function groupingOf(report: TypedReport, dims: readonly string[] | undefined): TypedReport["groupings"][number] {
  const key = (dims ?? []).join(",");
  return report.groupings.find((g) => g.dimensions.join(",") === key) ?? report.groupings[0];
}
