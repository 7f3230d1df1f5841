// Today / Yesterday / Older headings of the activity and notification panels.
// shell.md 9: the grouping uses the start of the UTC day, whatever the user's timezone.
export const DAY_GROUPS = ["Today", "Yesterday", "Older"] as const;
export type DayGroup = (typeof DAY_GROUPS)[number];

const DAY_MS = 86_400_000;

export function startOfUtcDay(d: Date): Date {
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));
}

export function dayGroupOf(at: Date, now: Date): DayGroup {
  const today = startOfUtcDay(now).getTime();
  if (at.getTime() >= today) return "Today";
  if (at.getTime() >= today - DAY_MS) return "Yesterday";
  return "Older";
}

/** The createdAt range of a group, for queries (upper bound exclusive; null = open). */
export function dayGroupRange(group: DayGroup, now: Date): { gte?: Date; lt?: Date } {
  const today = startOfUtcDay(now).getTime();
  if (group === "Today") return { gte: new Date(today) };
  if (group === "Yesterday") return { gte: new Date(today - DAY_MS), lt: new Date(today) };
  return { lt: new Date(today - DAY_MS) };
}

/** Consecutive runs of one group, in list order (lists are newest first). */
export function groupByDay<T>(items: readonly T[], groupOf: (item: T) => DayGroup): { group: DayGroup; items: T[] }[] {
  const out: { group: DayGroup; items: T[] }[] = [];
  for (const item of items) {
    const group = groupOf(item);
    const last = out[out.length - 1];
    if (last && last.group === group) last.items.push(item);
    else out.push({ group, items: [item] });
  }
  return out;
}
