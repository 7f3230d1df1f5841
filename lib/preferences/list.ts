// What the Account Preferences dialog loads (shell.md 2.12, 7 "Preferences"):
// every preset the user may see, with the selected one marked, and the
// options of the form.
import { referenceDb, tenantDb } from "../data/tenant-db";
import type { SessionContext } from "../auth/context";
import { allowedColumnIds } from "../metrics/catalogue";
import { ROW_LIMITS } from "./defaults";
import { canEditPresets } from "../auth/roles";
import { toView, type PresetView } from "./mutations";
import { visiblePresetsWhere, type TimezoneOption } from "./queries";

export interface PreferencesData {
  /** System presets first, then the user's own, each by name. */
  presets: PresetView[];
  rowLimits: number[];
  timezones: TimezoneOption[];
  /** False for demo users: New, Edit, Clone's save and Delete are disabled. */
  canEdit: boolean;
}

export async function loadPreferences(ctx: Pick<SessionContext, "userId" | "licenseeId" | "role">): Promise<PreferencesData> {
  const db = tenantDb(ctx);
  const [rows, settings, timezones] = await Promise.all([
    db.preferencePreset.findMany({ where: visiblePresetsWhere(ctx), orderBy: [{ custom: "asc" }, { name: "asc" }, { id: "asc" }] }),
    db.userSettings.findUnique({ where: { userId: ctx.userId }, select: { selectedPresetId: true } }),
    referenceDb().timezone.findMany({ orderBy: { id: "asc" }, select: { id: true, name: true } }),
  ]);
  const selected = settings?.selectedPresetId ?? null;
  return {
    // Cards list only what the role may see (a system preset's cost column is not shown to RO users).
    presets: rows.map((r) => ({ ...toView(r, selected), columns: allowedColumnIds(ctx.role, r.columns) })),
    rowLimits: [...ROW_LIMITS],
    timezones,
    canEdit: canEditPresets(ctx.role),
  };
}
