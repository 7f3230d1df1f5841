// Implementation of getActivePreset (active.ts re-exports it behind
// "server-only"; tests import this file directly).
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

export async function loadActivePreset(ctx: Pick<SessionContext, "userId" | "licenseeId" | "role">): Promise<ActivePreset> {
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
