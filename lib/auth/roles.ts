// Role rules of business.md and shell.md section 6, in one place. The UI uses
// them to hide or disable controls; the data gate uses them to refuse calls.
export const ROLES = ["RO", "DEMO", "RW"] as const;
export type Role = (typeof ROLES)[number];

/** Only read-write users may create, edit, activate, deactivate, archive or upload. */
export function canWrite(role: Role): boolean {
  return role === "RW";
}

/** What a role sees of the shell. "hidden" controls are not rendered; "disabled" are rendered faded. */
export function shellVisibility(role: Role) {
  return {
    createEntries: role === "RW", // Create menu sections hidden for RO and DEMO
    notificationBell: role === "RW",
    activityLogs: role === "RW",
    generateApiKey: role === "DEMO" ? "hidden" : role === "RO" ? "disabled" : "enabled",
    analyticsTabs: role !== "DEMO",
    actionColumns: role !== "RO",
    writeControls: role === "RW" ? "enabled" : "disabled",
  } as const;
}

export function roleLabel(role: Role): string {
  return { RO: "Read only", DEMO: "Demo", RW: "Read write" }[role];
}
