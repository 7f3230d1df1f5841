// The preset that shapes every list of the current user (shell.md 2.12):
// its columns, its row limit and its timezone. Lists call getActivePreset(ctx)
// on the server and render only the columns it returns.
import "server-only";
import type { SessionContext } from "../auth/context";
import { loadActivePreset, type ActivePreset } from "./active-core";

export type { ActivePreset } from "./active-core";

/**
 * The user's selected preset (UserSettings.selectedPresetId, honoured only if
 * it is a system preset or one of the user's own), else the system preset
 * named "Default", else a built-in fallback. For read-only users the columns
 * not flagged for them are removed (shell.md 6).
 */
export function getActivePreset(ctx: SessionContext): Promise<ActivePreset> {
  return loadActivePreset(ctx);
}
