// Account preferences (shell.md 2.12, 4 "Preference preset", 5): the user's
// custom presets and which preset is applied. Presets are personal view
// settings, not licensee business data, so read-only users may keep their own
// (limited to the metrics their role may see). Demo users may apply presets but
// not create, edit or delete them (shell.md 6: demo "save, edit ... disabled").
// Create, edit and delete write an activity row in the session's licensee.
import type { Tx } from "../db";
import type { SessionContext } from "../auth/context";
import { registerZoneBoundaries } from "../metrics/boundaries";
import { canEditPresets } from "../auth/roles";
import { writeActivity } from "../audit/activity";
import { ConflictError, ForbiddenError, NotFoundError } from "../errors";
import { isId } from "../data/gate";
import { tenantDb, type TenantTx } from "../data/tenant-db";
import { inTransaction } from "../data/transaction";
import { ownPresetWhere, visiblePresetsWhere } from "./queries";
import { PRESET_MESSAGES, presetSchema, type PresetValues } from "./schema";

export type PresetCtx = Pick<SessionContext, "userId" | "userName" | "licenseeId" | "role">;

/** What a preset's card, form and the apply action need (never the whole row). */
export interface PresetView {
  id: number;
  name: string;
  custom: boolean;
  selected: boolean;
  rowLimit: number;
  timezoneId: number;
  columns: string[];
  version: number;
}

function requirePresetWrite(ctx: PresetCtx) {
  if (!canEditPresets(ctx.role)) throw new ForbiddenError();
}

async function takenNames(tx: TenantTx, ctx: PresetCtx, exceptId?: number): Promise<string[]> {
  const rows = await tx.preferencePreset.findMany({ where: visiblePresetsWhere(ctx), select: { id: true, name: true } });
  return rows.filter((r) => r.id !== exceptId).map((r) => r.name);
}

async function validTimezone(tx: TenantTx, id: number) {
  if (!isId(id) || !(await tx.timezone.findUnique({ where: { id }, select: { id: true } }))) {
    throw new ConflictError(PRESET_MESSAGES.timezone);
  }
}

function activityOf(row: { id: number; name: string }) {
  return { entityType: "PREFERENCE_PRESET", entityId: row.id, entityName: row.name, entityAdvertiserId: null } as const;
}

const AUDITED_FIELDS = ["name", "rowLimit", "timezoneId", "columns"] as const;

async function parseInput(tx: TenantTx, ctx: PresetCtx, input: unknown, exceptId?: number): Promise<PresetValues> {
  const values = presetSchema({ role: ctx.role, takenNames: await takenNames(tx, ctx, exceptId) }).parse(input);
  await validTimezone(tx, values.timezoneId);
  return values;
}

const TX = { maxWait: 10_000, timeout: 30_000 } as const;

/**
 * Serialises one user's preset writes (a transaction-scoped advisory lock), so
 * two saves of the same new name cannot both pass the uniqueness check: names
 * are unique across system and own presets, which no table constraint expresses.
 */
async function lockUserPresets(tx: Pick<Tx, "$queryRaw">, userId: number) {
  await tx.$queryRaw`SELECT pg_advisory_xact_lock(${PRESET_LOCK_NAMESPACE}::int, ${userId}::int)::text AS locked`;
}
const PRESET_LOCK_NAMESPACE = 71_102; // arbitrary, distinct from other advisory locks of the app

export async function createPreset(ctx: PresetCtx, input: unknown): Promise<PresetView> {
  requirePresetWrite(ctx);
  return inTransaction(async (lock) => {
    await lockUserPresets(lock, ctx.userId);
    const tx = tenantDb(ctx);
    const values = await parseInput(tx, ctx, input);
    const row = await tx.preferencePreset.create({ data: { ...values, userId: ctx.userId, licenseeId: null, custom: true } });
    await writeActivity(tx, ctx, { action: "CREATE", ...activityOf(row), message: "Preference preset created" });
    return toView(row, await selectedPresetId(tx, ctx.userId));
  }, TX);
}

export async function updatePreset(ctx: PresetCtx, id: number, expectedVersion: number, input: unknown): Promise<PresetView> {
  requirePresetWrite(ctx);
  if (!isId(id)) throw new NotFoundError("Preference");
  return inTransaction(async (lock) => {
    await lockUserPresets(lock, ctx.userId);
    const tx = tenantDb(ctx);
    const before = await tx.preferencePreset.findFirst({ where: ownPresetWhere(ctx, id) });
    if (!before) throw new NotFoundError("Preference");
    const values = await parseInput(tx, ctx, input, id);
    const { count } = await tx.preferencePreset.updateMany({
      where: { ...ownPresetWhere(ctx, id), version: expectedVersion },
      data: { ...values, version: { increment: 1 } },
    });
    if (count !== 1) throw new ConflictError();
    const after = await tx.preferencePreset.findUniqueOrThrow({ where: { id } });
    await writeActivity(tx, ctx, {
      action: "UPDATE",
      ...activityOf(after),
      message: "Preference preset updated",
      before: { ...before, columns: before.columns.join(", ") },
      after: { ...after, columns: after.columns.join(", ") },
      fields: AUDITED_FIELDS,
    });
    return toView(after, await selectedPresetId(tx, ctx.userId));
  }, TX);
}

/** shell.md 4: a selected preset cannot be deleted. */
export async function deletePreset(ctx: PresetCtx, id: number): Promise<void> {
  requirePresetWrite(ctx);
  if (!isId(id)) throw new NotFoundError("Preference");
  await inTransaction(async () => {
    const tx = tenantDb(ctx);
    const row = await tx.preferencePreset.findFirst({ where: ownPresetWhere(ctx, id) });
    if (!row) throw new NotFoundError("Preference");
    if ((await selectedPresetId(tx, ctx.userId)) === id) throw new ConflictError(PRESET_MESSAGES.deleteSelected);
    await tx.preferencePreset.delete({ where: { id } });
    await writeActivity(tx, ctx, { action: "DELETE", ...activityOf(row), message: "Preference preset deleted" });
  }, TX);
}

/**
 * Applies a system preset or one of the user's own: it becomes the selected
 * preset and its timezone the user's timezone, so every list, chart and date
 * range follows it (lists read getActivePreset). Allowed for every role.
 */
export async function applyPreset(ctx: PresetCtx, id: number): Promise<PresetView> {
  if (!isId(id)) throw new NotFoundError("Preference");
  return inTransaction(async () => {
    const tx = tenantDb(ctx);
    const row = await tx.preferencePreset.findFirst({ where: { AND: [{ id }, visiblePresetsWhere(ctx)] } });
    if (!row) throw new NotFoundError("Preference");
    const data = { selectedPresetId: row.id, timezoneId: row.timezoneId };
    await tx.userSettings.upsert({
      where: { userId: ctx.userId },
      create: { userId: ctx.userId, ...data },
      update: { ...data, version: { increment: 1 } },
    });
    // Lists in the new timezone read running totals once its boundary hours are built (lib/metrics/boundaries.ts).
    const zone = await tx.timezone.findUnique({ where: { id: row.timezoneId }, select: { ianaName: true } });
    if (zone) await registerZoneBoundaries(zone.ianaName);
    return toView(row, row.id);
  }, TX);
}

async function selectedPresetId(tx: TenantTx, userId: number): Promise<number | null> {
  const s = await tx.userSettings.findUnique({ where: { userId }, select: { selectedPresetId: true } });
  return s?.selectedPresetId ?? null;
}

export function toView(
  row: { id: number; name: string; custom: boolean; rowLimit: number; timezoneId: number; columns: string[]; version: number },
  selectedId: number | null,
): PresetView {
  return {
    id: row.id,
    name: row.name,
    custom: row.custom,
    selected: row.id === selectedId,
    rowLimit: row.rowLimit,
    timezoneId: row.timezoneId,
    columns: [...row.columns],
    version: row.version,
  };
}
