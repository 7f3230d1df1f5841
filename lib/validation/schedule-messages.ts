// The messages of a start / end schedule (campaigns, strategies): one wording
// across every form.
export const SCHEDULE_MESSAGES = {
  startRequired: "Start time is required",
  startInvalid: "Enter a valid start time",
  startInPast: "Start time must be in the future",
  endRequired: "End time is required, or choose Never Ending",
  endInvalid: "Enter a valid end time",
  endInPast: "End time must be in the future",
  endBeforeStart: "End time must be after start time",
} as const;
