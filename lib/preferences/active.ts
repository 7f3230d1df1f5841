// The preset that shapes every list of the current user (shell.md 2.12):
// its columns, its row limit and its timezone. Lists call getActivePreset(ctx)
// on the server and render only the columns it returns.
import "server-only";
import { tenantDb } from "../data/tenant-db";
import type { SessionContext } from "../auth/context";
import { allowedColumnIds } from "../metrics/catalogue";
import { DEFAULT_PRESET_NAME, FALLBACK_PRESET } from "./defaults";
import { visiblePresetsWhere } from "./queries";

export interface ActivePreset {
  /** 0 for the built-in fallback (no such row). */
  id: number;
  name: string;
  rowLimit: number;
  /** Metric ids in display order, already limited to what the role may see. */
  columns: string[];
  timezoneId: number;
}

const SELECT = { id: true, name: true, rowLimit: true, columns: true, timezoneId: true } as const;

/**
 * The user's selected preset (UserSettings.selectedPresetId, honoured only if
 * it is a system preset or one of the user's own), else the system preset
 * named "Default", else a built-in fallback. For read-only users the columns
 * not flagged for them are removed (shell.md 6).
 */
export async function getActivePreset(ctx: Pick<SessionContext, "userId" | "licenseeId" | "role">): Promise<ActivePreset> {
  const db = tenantDb(ctx);
  const settings = await db.userSettings.findUnique({ where: { userId: ctx.userId }, select: { selectedPresetId: true } });
  const visible = visiblePresetsWhere(ctx);
  const selected = settings?.selectedPresetId
    ? await db.preferencePreset.findFirst({ where: { AND: [{ id: settings.selectedPresetId }, visible] }, select: SELECT })
    : null;
  const preset =
    selected ??
    (await db.preferencePreset.findFirst({
      where: { name: DEFAULT_PRESET_NAME, userId: null, custom: false },
      // A licensee's own "Default" wins over the global one.
      orderBy: [{ licenseeId: { sort: "asc", nulls: "last" } }, { id: "asc" }],
      select: SELECT,
    })) ??
    FALLBACK_PRESET;
  // Unknown ids (a metric removed from the catalogue) and, for read-only users,
  // metrics not flagged for them are dropped here, so no list has to.
  return { ...preset, columns: allowedColumnIds(ctx.role, preset.columns) };
}
