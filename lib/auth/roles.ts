// Role rules of business.md and shell.md section 6, in one place. The UI uses
// them to hide or disable controls; the data gate uses them to refuse calls.
export const ROLES = ["RO", "DEMO", "RW"] as const;
export type Role = (typeof ROLES)[number];

/** Only read-write users may create, edit, activate, deactivate, archive or upload. */
export function canWrite(role: Role): boolean {
  return role === "RW";
}

/** Demo users may apply list presets (column sets) but not create, edit or delete them. */
export function canEditPresets(role: Role): boolean {
  return role !== "DEMO";
}

/**
 * A list's row actions and bulk controls: read-write users use them, demo users
 * see them disabled, read-only users do not see them (no action column).
 */
export function listWriteControls(role: Role): "enabled" | "disabled" | "hidden" {
  return role === "RW" ? "enabled" : role === "DEMO" ? "disabled" : "hidden";
}

/** business.md 6: in demo mode the ANALYTICS and cohort tabs are hidden. */
export function canSeeAnalyticsTabs(role: Role): boolean {
  return role !== "DEMO";
}

/** Read-only users see only the metrics (and setup columns) flagged showROuser; other roles see all. */
export function canSeeMetric(role: Role, metric: { showROuser: boolean }): boolean {
  return role !== "RO" || metric.showROuser;
}

/** What a role sees of the shell. "hidden" controls are not rendered; "disabled" are rendered faded. */
export function shellVisibility(role: Role) {
  return {
    createEntries: role === "RW", // Create menu sections hidden for RO and DEMO
    notificationBell: role === "RW",
    activityLogs: role === "RW",
    generateApiKey: role === "DEMO" ? "hidden" : role === "RO" ? "disabled" : "enabled",
    analyticsTabs: canSeeAnalyticsTabs(role),
    actionColumns: role !== "RO",
    writeControls: role === "RW" ? "enabled" : "disabled",
  } as const;
}

export function roleLabel(role: Role): string {
  return { RO: "Read only", DEMO: "Demo", RW: "Read write" }[role];
}
