// The grid metrics a role may put in a preset, grouped as the preference form
// shows them (shell.md 2.12: checkbox groups with select-all per group).
import type { Role } from "@/lib/auth/roles";
import {
  METRIC_GROUP_LABELS,
  getMetric,
  getSetupColumn,
  metricsForRole,
  setupColumnsForRole,
  type MetricGroup,
} from "@/lib/metrics/catalogue";

export interface ColumnGroup {
  id: MetricGroup;
  label: string;
  columns: { id: string; title: string; hover: string }[];
}

export function columnGroupsFor(role: Role): ColumnGroup[] {
  const groups = new Map<MetricGroup, ColumnGroup>();
  for (const c of [...metricsForRole(role), ...setupColumnsForRole(role)]) {
    if (!c.showSelectOption) continue;
    const g = groups.get(c.groupId) ?? { id: c.groupId, label: METRIC_GROUP_LABELS[c.groupId], columns: [] };
    g.columns.push({ id: c.id, title: c.title, hover: c.hover });
    groups.set(c.groupId, g);
  }
  return [...groups.values()];
}

export function columnTitle(id: string): string {
  return getMetric(id)?.title ?? getSetupColumn(id)?.title ?? id;
}
