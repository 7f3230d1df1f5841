// Reads of preference presets. System presets (userId null, custom false) are
// visible to everyone of a licensee (global ones have licenseeId null);
// custom presets only to the user who made them, in every licensee the user
// belongs to (UserSettings, which holds the selection, is per user too).
import type { SessionContext } from "../auth/context";

/**
 * `where` for every preset the user may see, apply or clone: system presets
 * and the user's own custom ones. Read through the tenant client, which keeps
 * system presets to the global ones and the session licensee's.
 */
export function visiblePresetsWhere(ctx: Pick<SessionContext, "userId">) {
  return {
    OR: [
      { userId: null, custom: false },
      { userId: ctx.userId, custom: true },
    ],
  };
}

/** `where` for the presets the user may edit or delete: their own custom ones. */
export function ownPresetWhere(ctx: Pick<SessionContext, "userId">, id: number) {
  return { id, userId: ctx.userId, custom: true };
}

export interface TimezoneOption {
  id: number;
  name: string;
}
