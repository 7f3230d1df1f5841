// Reads of preference presets. System presets (userId null, custom false) are
// visible to everyone of a licensee (global ones have licenseeId null);
// custom presets only to the user who made them, in every licensee the user
// belongs to (UserSettings, which holds the selection, is per user too).
import type { SessionContext } from "../auth/context";

/** `where` for every preset the user may see, apply or clone. */
export function visiblePresetsWhere(ctx: Pick<SessionContext, "userId" | "licenseeId">) {
  return {
    OR: [
      { userId: null, custom: false, OR: [{ licenseeId: null }, { licenseeId: ctx.licenseeId }] },
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
