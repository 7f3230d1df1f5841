// Re-import of an edited export (business.md 2 "Export" ... "re-imported for
// bulk edit"): every row's editable columns merged into the stored strategy
// and the result parsed by the ONE strategy schema (../form.ts) with the
// strategy's campaign context, as the wizard's save would; then a preview
// (each change as strategy, field, old, new; unchanged rows; per-row and
// per-column errors; rows whose strategy changed since the export) or, on
// apply, all of it in one transaction: any error or stale row writes nothing.
//
// Batched for thousands of rows: strategies are read a few thousand at a
// time, each campaign's context once, the writes are one UPDATE per chunk
// (version-checked in its WHERE, so a save racing the import makes the
// counts differ and rolls everything back) and the activity rows two
// statements in all (lib/audit writeActivities), with the same readable
// fields as a wizard save (../audit.ts).
import "server-only";
import type { SessionContext } from "../../auth/context";
import { writeActivities, type BatchActivityEntry } from "../../audit/activity";
import type { ChangedField } from "../../audit/diff";
import { MONEY_SCALE, toScaled } from "../../campaigns/budget";
import { ConflictError } from "../../errors";
import type { ActionScope } from "../../data/scope";
import { LICENSEE_PARAM, type TenantTx } from "../../data/tenant-db";
import { withAuditedChange } from "../../data/transaction";
import { strategyChanges } from "../audit";
import { contextOptions, loadStrategyContext, type StrategyContext } from "../context";
import { describeStrategy, type Namers } from "../describe";
import { strategySchema, type StrategyData, type StrategyFormInput } from "../form";
import { STRATEGY_RELATIONS, strategyFormValues, toStrategyDetails, type StrategyDetails } from "../queries";
import { STRATEGY_CHANGE_MESSAGES as CHANGE } from "../rules";
import { columnOfField, EDITABLE_FIELDS, KEY_COLUMNS, type EditableField } from "./columns";
import type { ImportRow, RowError } from "./rows";
import { withBatchTime } from "../../connections/settings";

/** Transaction time an imported row adds: its checks, update and activity rows (about a bulk-edited strategy's). */
export const IMPORT_MS_PER_ROW = 100;

export const IMPORT_MESSAGES = {
  notFound: "No strategy with this id",
  conflicts: (n: number) => `${n === 1 ? "1 strategy was" : `${n.toLocaleString("en-US")} strategies were`} changed by someone else since the export: export again and redo the edits.`,
  invalid: (n: number) => `${n === 1 ? "1 problem" : `${n.toLocaleString("en-US")} problems`} in the file: nothing was changed.`,
} as const;

export interface RowChange {
  row: number;
  strategyId: number;
  strategyName: string;
  /** As the activity row records them (field label, old, new). */
  changes: ChangedField[];
}
export interface UnchangedRow {
  row: number;
  strategyId: number;
  strategyName: string;
}
/** A strategy saved since the file was exported: refused. */
export interface StaleRow extends UnchangedRow {
  exportedVersion: number;
  currentVersion: number;
}
export interface ImportPreview {
  /** Data rows read. */
  total: number;
  changed: RowChange[];
  unchanged: UnchangedRow[];
  errors: RowError[];
  conflicts: StaleRow[];
}
export interface ImportResult extends ImportPreview {
  dryRun: boolean;
  /** Written (apply only, and only when there was no error and no stale row). */
  applied: boolean;
}

/** The stored columns a re-import writes. */
interface Write {
  id: number;
  version: number;
  advertiserId: number;
  name: string;
  pricingType: string;
  pricingValue: string;
  campaignFcap: boolean;
  fcapFrequency: number | null;
  fcapInterval: number | null;
  lifetimeUserFcap: number | null;
  changes: ChangedField[];
}

const READ_CHUNK = 2_000;
const WRITE_CHUNK = 2_000;

/** The activity rows name only what changed here: none of the lists a namer would look up can differ. */
const SAME_NAMES: Namers = {
  campaign: () => "", geo: () => "", time: (iso) => iso, pixel: () => "", creative: () => "", creativeSet: () => "",
  audience: () => "", aggregator: () => "", site: () => "", app: () => "", deal: () => "",
};

async function loadStrategies(tx: TenantTx, ids: number[]): Promise<Map<number, StrategyDetails>> {
  const found = new Map<number, StrategyDetails>();
  for (let i = 0; i < ids.length; i += READ_CHUNK) {
    const rows = await tx.strategy.findMany({ where: { id: { in: ids.slice(i, i + READ_CHUNK) }, isAbTestStrategy: false }, include: STRATEGY_RELATIONS });
    for (const r of rows) found.set(r.id, toStrategyDetails(r));
  }
  return found;
}

const intText = (v: unknown) => (v === null || v === undefined || String(v).trim() === "" ? "" : String(Number(String(v).trim())));

/** The edit says what is stored already (so the row needs no parsing): compared as the schema would read it. */
function sameAsStored(field: EditableField, edit: string | boolean, stored: StrategyFormInput): boolean {
  const current = stored[field];
  if (field === "pricingValue") {
    const a = toScaled(String(edit), MONEY_SCALE);
    return a !== null && a === toScaled(String(current ?? ""), MONEY_SCALE);
  }
  if (field === "fcapFrequency" || field === "fcapInterval" || field === "lifetimeUserFcap") return intText(edit) === intText(current);
  return edit === current;
}

function storedColumns(d: StrategyDetails) {
  return {
    name: d.name, pricingType: d.pricingType, pricingValue: d.pricingValue, campaignFcap: d.campaignFcap,
    fcapFrequency: d.fcapFrequency, fcapInterval: d.fcapInterval, lifetimeUserFcap: d.lifetimeUserFcap,
  };
}

function parsedColumns(data: StrategyData) {
  return {
    name: data.name, pricingType: data.pricingType, pricingValue: data.pricingValue, campaignFcap: data.campaignFcap,
    fcapFrequency: data.fcapFrequency, fcapInterval: data.fcapInterval, lifetimeUserFcap: data.lifetimeUserFcap,
  };
}

function sameColumns(a: ReturnType<typeof storedColumns>, b: ReturnType<typeof storedColumns>): boolean {
  return (
    a.name === b.name && a.pricingType === b.pricingType && toScaled(a.pricingValue, MONEY_SCALE) === toScaled(b.pricingValue, MONEY_SCALE) &&
    a.campaignFcap === b.campaignFcap && a.fcapFrequency === b.fcapFrequency && a.fcapInterval === b.fcapInterval && a.lifetimeUserFcap === b.lifetimeUserFcap
  );
}

/** A schema issue at the column the file names it by (a rule on another field: that field's name). */
function issueColumn(path: readonly PropertyKey[]): string {
  const field = String(path[0] ?? "");
  return (EDITABLE_FIELDS as readonly string[]).includes(field) ? columnOfField(field as EditableField).header : field || "Strategy";
}

interface Plan {
  preview: ImportPreview;
  writes: Write[];
}

/** Reads and checks every row; writes nothing. */
export async function planImport(tx: TenantTx, ctx: SessionContext, rows: readonly ImportRow[], fileErrors: readonly RowError[], now = new Date()): Promise<Plan> {
  const preview: ImportPreview = { total: rows.length + new Set(fileErrors.map((e) => e.row)).size, changed: [], unchanged: [], errors: [...fileErrors], conflicts: [] };
  const writes: Write[] = [];
  const stored = await loadStrategies(tx, rows.map((r) => r.id));
  const contexts = new Map<number, StrategyContext>();
  // One schema per campaign (and SKAd case): zod compiles each schema instance on its first parse, which costs more than the parse.
  const schemas = new Map<string, ReturnType<typeof strategySchema>>();
  const schemaFor = (context: StrategyContext, skadOptimised: boolean) => {
    const options = contextOptions(context);
    // As the wizard's edit: a strategy saved SKAd optimised stays editable if the privilege was withdrawn.
    const skadAllowed = skadOptimised || options.skadAllowed;
    const key = `${context.campaign.id}:${skadAllowed}`;
    let schema = schemas.get(key);
    // No stored schedule or type: a re-import never changes them (they are the stored values), so the
    // "changed start must be in the future" and "type is fixed" rules have nothing to check.
    if (!schema) schemas.set(key, (schema = strategySchema({ mode: "edit", now, ...options, skadAllowed })));
    return schema;
  };
  const contextOf = async (campaignId: number) => {
    let c = contexts.get(campaignId);
    if (!c) contexts.set(campaignId, (c = await loadStrategyContext(tx, ctx.licenseeId, campaignId)));
    return c;
  };
  for (const r of rows) {
    const before = stored.get(r.id);
    const error = (column: string, message: string) => preview.errors.push({ row: r.row, column, message });
    if (!before) {
      error(KEY_COLUMNS.id.header, IMPORT_MESSAGES.notFound);
      continue;
    }
    const who = { row: r.row, strategyId: before.id, strategyName: before.name };
    if (before.isArchived) {
      error(KEY_COLUMNS.id.header, CHANGE.archivedReadOnly);
      continue;
    }
    if (before.version !== r.version) {
      preview.conflicts.push({ ...who, exportedVersion: r.version, currentVersion: before.version });
      continue;
    }
    const values = strategyFormValues(before);
    const edited = (Object.keys(r.edits) as EditableField[]).filter((f) => !sameAsStored(f, r.edits[f]!, values));
    if (edited.length === 0) {
      preview.unchanged.push(who);
      continue;
    }
    const context = await contextOf(before.campaignId);
    if (context.campaign.isArchived) {
      error(KEY_COLUMNS.id.header, CHANGE.campaignArchived);
      continue;
    }
    const parsed = schemaFor(context, before.skadOptimised).safeParse({ ...values, ...r.edits });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) error(issueColumn(issue.path), issue.message);
      continue;
    }
    const after = parsedColumns(parsed.data);
    if (sameColumns(storedColumns(before), after)) {
      preview.unchanged.push(who);
      continue;
    }
    const changes = strategyChanges(describeStrategy(before, SAME_NAMES), describeStrategy({ ...before, ...after }, SAME_NAMES));
    preview.changed.push({ ...who, changes });
    writes.push({ id: before.id, version: before.version, advertiserId: before.advertiserId, ...after, changes });
  }
  preview.errors.sort((a, b) => a.row - b.row);
  return { preview, writes };
}

const texts = (values: readonly (number | null)[]) => values.map((v) => (v === null ? null : String(v)));

/** One UPDATE per chunk, each row only at the version it was read at; the new names for the activity rows. */
async function writeChunk(tx: TenantTx, chunk: readonly Write[]): Promise<number> {
  return tx.$executeRaw`
    UPDATE "Strategy" AS s SET
      "name" = v."name", "pricingType" = v."pricingType"::"PricingType", "pricingValue" = v."pricingValue"::numeric,
      "campaignFcap" = v."campaignFcap", "fcapFrequency" = v."fcapFrequency", "fcapInterval" = v."fcapInterval",
      "lifetimeUserFcap" = v."lifetimeUserFcap", "version" = s."version" + 1, "updatedAt" = now()
    FROM unnest(
      ${texts(chunk.map((w) => w.id))}::text[]::int[], ${texts(chunk.map((w) => w.version))}::text[]::int[],
      ${chunk.map((w) => w.name)}::text[], ${chunk.map((w) => w.pricingType)}::text[], ${chunk.map((w) => w.pricingValue)}::text[],
      ${chunk.map((w) => String(w.campaignFcap))}::text[]::boolean[], ${texts(chunk.map((w) => w.fcapFrequency))}::text[]::int[],
      ${texts(chunk.map((w) => w.fcapInterval))}::text[]::int[], ${texts(chunk.map((w) => w.lifetimeUserFcap))}::text[]::int[]
    ) AS v("id", "version", "name", "pricingType", "pricingValue", "campaignFcap", "fcapFrequency", "fcapInterval", "lifetimeUserFcap")
    WHERE s."id" = v."id" AND s."version" = v."version" AND s."licenseeId" = ${LICENSEE_PARAM}`;
}

async function writeAll(tx: TenantTx, ctx: SessionContext, writes: readonly Write[]): Promise<void> {
  for (let i = 0; i < writes.length; i += WRITE_CHUNK) {
    const chunk = writes.slice(i, i + WRITE_CHUNK);
    const count = await writeChunk(tx, chunk);
    // Saved by someone else after this transaction read it: the whole import rolls back.
    if (count !== chunk.length) throw new ConflictError(IMPORT_MESSAGES.conflicts(chunk.length - count));
  }
  const entries: BatchActivityEntry[] = writes.map((w) => ({
    action: "UPDATE",
    entityType: "STRATEGY",
    entityId: w.id,
    entityName: w.name,
    entityAdvertiserId: w.advertiserId,
    message: "Strategy updated by import",
    changes: w.changes,
  }));
  await writeActivities(tx, ctx, entries);
}

/**
 * Checks the rows (dryRun: only that) or applies them: all or nothing, in one
 * transaction with an UPDATE activity row per changed strategy. The caller
 * (the import route) refused read-only and demo users before reading the file.
 */
export async function importStrategies(
  scope: ActionScope,
  input: { rows: readonly ImportRow[]; errors: readonly RowError[]; dryRun: boolean },
): Promise<ImportResult> {
  const { ctx } = scope;
  if (input.dryRun) {
    const { preview } = await planImport(scope.db, ctx, input.rows, input.errors);
    return { ...preview, dryRun: true, applied: false };
  }
  return withBatchTime(input.rows.length, IMPORT_MS_PER_ROW, (timeout) => withAuditedChange(
    scope,
    async (tx) => {
      const { preview, writes } = await planImport(tx, ctx, input.rows, input.errors);
      if (preview.errors.length > 0 || preview.conflicts.length > 0) return { ...preview, dryRun: false, applied: false };
      await writeAll(tx, ctx, writes);
      return { ...preview, dryRun: false, applied: true };
    },
    { timeout },
  ));
}

/** The one-line summary of a result that wrote nothing. */
export function refusalOf(result: ImportPreview): string | null {
  if (result.errors.length > 0) return IMPORT_MESSAGES.invalid(result.errors.length);
  if (result.conflicts.length > 0) return IMPORT_MESSAGES.conflicts(result.conflicts.length);
  return null;
}

