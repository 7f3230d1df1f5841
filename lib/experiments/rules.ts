// The A/B experiment's limits, metrics, statuses and messages,
// shared by the schema (./schema.ts), the form, the details page and the
// REST API. Client-safe: no server imports.
import type { ExperimentMetric, ExperimentStatus } from "../generated/prisma/enums";

export type { ExperimentMetric, ExperimentStatus };

export const EXPERIMENT_NAME = { min: 1, max: 100 } as const;
export const DESCRIPTION_MAX = 500;
/** Two or more arms: a control and at least one challenger; ten at most. */
export const ARMS = { min: 2, max: 10 } as const;
/** An end of -1 is no end (the experiment runs until stopped). */
export const NO_END = -1;

/** The conversion rate the arms are compared on: successes out of trials (delivery columns of lib/metrics/rollup.ts). */
export const EXPERIMENT_METRICS: Record<ExperimentMetric, { label: string; successes: "clicks" | "installs" | "conversions"; trials: "impressions" | "clicks" }> = {
  CTR: { label: "CTR (clicks per impression)", successes: "clicks", trials: "impressions" },
  INSTALL_RATE: { label: "Install rate (installs per click)", successes: "installs", trials: "clicks" },
  CONVERSION_RATE: { label: "Conversion rate (conversions per click)", successes: "conversions", trials: "clicks" },
};
export const METRIC_VALUES = ["CTR", "INSTALL_RATE", "CONVERSION_RATE"] as const satisfies readonly ExperimentMetric[];

export const STATUS_LABELS: Record<ExperimentStatus, string> = { DRAFT: "Draft", RUNNING: "Running", PAUSED: "Paused", COMPLETED: "Completed" };
export const STATUS_VALUES = ["DRAFT", "RUNNING", "PAUSED", "COMPLETED"] as const satisfies readonly ExperimentStatus[];

/**
 * The status changes an experiment allows: start a draft, pause and resume a
 * running one, complete (stop for good) a running or paused one. A completed
 * experiment is final: its arms go back to the ordinary strategy lists.
 */
export const STATUS_TRANSITIONS: Record<ExperimentStatus, readonly ExperimentStatus[]> = {
  DRAFT: ["RUNNING"],
  RUNNING: ["PAUSED", "COMPLETED"],
  PAUSED: ["RUNNING", "COMPLETED"],
  COMPLETED: [],
};

/** The button that moves an experiment to a status, by the status it leaves from. */
export function transitionLabel(from: ExperimentStatus, to: ExperimentStatus): string {
  if (to === "RUNNING") return from === "DRAFT" ? "Start" : "Resume";
  if (to === "PAUSED") return "Pause";
  return "Stop";
}

export const EXPERIMENT_MESSAGES = {
  campaignRequired: "Campaign is required",
  nameRequired: "Name is required",
  nameTooLong: `Name must be at most ${EXPERIMENT_NAME.max} characters`,
  descriptionTooLong: `Description must be at most ${DESCRIPTION_MAX} characters`,
  metricRequired: "Choose the conversion rate to compare",
  startRequired: "Start is required",
  startInvalid: "Enter a valid start date and time",
  endInvalid: "Enter a valid end date and time",
  endBeforeStart: "End must be after the start",
  armsTooFew: `An experiment needs at least ${ARMS.min} arms`,
  armsTooMany: `An experiment has at most ${ARMS.max} arms`,
  strategyRequired: "Choose a strategy",
  strategyTwice: "Each strategy can be one arm only",
  trafficInvalid: "Traffic must be a whole percentage from 1 to 99",
  trafficSum: "The traffic split must add up to 100%",
  statusRequired: "Choose a status",
} as const;

/** Messages of the server's checks against stored rows. */
export const EXPERIMENT_CHANGE_MESSAGES = {
  staleVersion: "This experiment was changed by someone else",
  completedReadOnly: "This experiment is completed and can no longer be changed.",
  campaignArchived: "This campaign is archived: experiments on it can no longer be created or changed.",
  campaignFixed: "An experiment stays on the campaign it was created on",
  strategyOfOtherCampaign: "Choose a strategy of this campaign",
  strategyInOtherExperiment: "This strategy is already an arm of another experiment",
  armsFixedOnceStarted: "The arms' strategies cannot change once the experiment has started; the traffic split can",
  statusNotAllowed: (from: ExperimentStatus, to: ExperimentStatus) => `An experiment that is ${STATUS_LABELS[from].toLowerCase()} cannot become ${STATUS_LABELS[to].toLowerCase()}`,
} as const;
