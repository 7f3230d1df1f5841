// Pacing of campaigns and strategies for their details pages and list rows,
// and the order of a list by pacing in SQL: one module for every entity,
// each giving its PacingSpec (which budgets, schedule, pacing type and
// spend column; lib/campaigns/pacing.ts, lib/strategies/pacing.ts). The
// formula is ./pacing.ts.
//
// Two windows per entity: the lifetime budget over the whole schedule
// against all its spend so far, and the daily budget over the reader's today
// (cut at their local midnight, the part of today the entity runs) against
// today's spend. An entity whose schedule has ended has no day to pace.
import "server-only";
import type { SessionContext } from "../auth/context";
import { allowedMetricIds } from "../metrics/catalogue";
import { boundaryInstant } from "../metrics/boundaries";
import { spendByEntity, spendSql, type SpendColumn, type SumWindow } from "../metrics/query";
import { LICENSEE_PARAM, tenantDb } from "../data/tenant-db";
import { Prisma } from "../generated/prisma/client";
import { localMidnight, todayIn } from "../user-settings/date-range";
import { Decimal } from "../generated/prisma/internal/prismaNamespaceBrowser";
import { pace, pacingRatio, type Pacing, type PacingMode, type PacingWindow } from "./pacing";
import { pacingRatioSql } from "./pacing-sql";

/** What an entity paces, read from its row. */
export interface PacingSubject {
  id: number;
  startTime: Date;
  endTime: Date | null;
  /** Decimal text; null: unlimited. */
  lifetimeBudget: string | null;
  dailyBudget: string | null;
  lifetimeMode: PacingMode;
  dailyMode: PacingMode;
}

export interface PacingSpec {
  level: "campaign" | "strategy";
  /** The spend the budgets limit. */
  spendColumn: SpendColumn;
  /** The same fields as SQL over the entity's table aliased `e` (for the order by pacing). */
  sql: { table: Prisma.Sql; start: Prisma.Sql; end: Prisma.Sql; lifetimeBudget: Prisma.Sql; dailyBudget: Prisma.Sql; lifetimeAsap: Prisma.Sql; dailyAsap: Prisma.Sql };
}

export interface EntityPacing {
  lifetime: Pacing;
  daily: Pacing;
}

export type PacingWindowKey = keyof EntityPacing;

interface Today {
  start: Date;
  end: Date;
}

function todayOf(iana: string, now: Date): Today {
  const day = todayIn(iana, now);
  return { start: localMidnight(day, iana), end: localMidnight(day, iana, 1) };
}

const HOUR_MS = 3_600_000;

/**
 * The sum windows of spend so far: everything before the reader's today
 * (running totals at its local midnight: one row per entity) and today's
 * hour buckets that started before now (a delivered hour still to come does
 * not count yet).
 */
function spendWindows(today: Today, now: Date): { before: SumWindow; today: SumWindow } {
  const start = boundaryInstant(today.start);
  return { before: { start: null, end: start }, today: { start, end: new Date(Math.ceil(now.getTime() / HOUR_MS) * HOUR_MS), hoursOnly: true } };
}

/** The two pacing windows of an entity (pure: what the details page, the list cell and the SQL order all follow). */
export function pacingWindows(s: PacingSubject, spent: Record<PacingWindowKey, string>, today: Today): Record<PacingWindowKey, PacingWindow> {
  return {
    lifetime: { budget: s.lifetimeBudget, spent: spent.lifetime, start: s.startTime, end: s.endTime, mode: s.lifetimeMode },
    // Today's window is the part of today the entity runs: from its start if that is later, to its end if earlier.
    daily: {
      budget: s.dailyBudget,
      spent: spent.daily,
      start: s.startTime > today.start ? s.startTime : today.start,
      end: s.endTime && s.endTime < today.end ? s.endTime : today.end,
      mode: s.dailyMode,
    },
  };
}

export function entityPacing(s: PacingSubject, spent: Record<PacingWindowKey, string>, today: Today, now: Date): EntityPacing {
  const w = pacingWindows(s, spent, today);
  const daily = pace(w.daily, now);
  // An entity that has ended has no day to pace: its lifetime window tells how it ended.
  return { lifetime: pace(w.lifetime, now), daily: s.endTime && now >= s.endTime ? { ...daily, status: "ENDED" } : daily };
}

/** The ratio a list sorts a pacing column by (JS twin of the SQL order; null: not paced, sorts last). */
export function pacingSortValue(s: PacingSubject, spent: Record<PacingWindowKey, string>, today: Today, now: Date, key: PacingWindowKey): number | null {
  if (key === "daily" && s.endTime && now >= s.endTime) return null;
  const ratio = pacingRatio(pacingWindows(s, spent, today)[key], now);
  return ratio === null ? null : ratio.toNumber();
}

/** Pacing of each subject for the reader's timezone; null for a role that may not see the spend column. */
export async function loadPacing(
  ctx: SessionContext,
  spec: PacingSpec,
  subjects: PacingSubject[],
  opts: { iana: string; now?: Date },
): Promise<Map<number, EntityPacing> | null> {
  if (allowedMetricIds(ctx.role, [spec.spendColumn]).length === 0) return null;
  const now = opts.now ?? new Date();
  const today = todayOf(opts.iana, now);
  const windows = spendWindows(today, now);
  const ids = subjects.map((s) => s.id);
  const [before, todays] = await Promise.all(
    (["before", "today"] as const).map((key) => spendByEntity(ctx, { level: spec.level, ids, column: spec.spendColumn, window: windows[key] })),
  );
  return new Map(
    subjects.map((s) => {
      const daily = todays.get(s.id) ?? "0";
      const lifetime = new Decimal(before.get(s.id) ?? "0").add(daily).toString();
      return [s.id, entityPacing(s, { lifetime, daily }, today, now)];
    }),
  );
}

/** One entity's pacing (its details page); null for a role that may not see the spend compared. */
export async function loadOnePacing(ctx: SessionContext, spec: PacingSpec, subject: PacingSubject, iana: string, now?: Date): Promise<EntityPacing | null> {
  return (await loadPacing(ctx, spec, [subject], { iana, now }))?.get(subject.id) ?? null;
}

/** Stored amounts (Decimal or text) as the decimal text pacing takes; null stays null (unlimited). */
export const amountText = (d: { toString(): string } | string | null): string | null => (d === null ? null : d.toString());

/**
 * One page of the entities `idsSql` selects, ordered by a pacing window's
 * ratio (spent / expected) in SQL with LIMIT: the most ahead of plan first
 * when descending, entities not paced (no budget, not started, ended today)
 * last either way, ties by id.
 */
export async function idsByPacing(
  ctx: SessionContext,
  spec: PacingSpec,
  q: { idsSql: Prisma.Sql; key: PacingWindowKey; desc: boolean; skip: number; take: number; iana: string; now?: Date },
): Promise<number[]> {
  if (allowedMetricIds(ctx.role, [spec.spendColumn]).length === 0) throw new RangeError("pacing: the role may not see the spend it compares");
  const now = q.now ?? new Date();
  const today = todayOf(q.iana, now);
  const windows = spendWindows(today, now);
  const filter = { level: spec.level, idsSql: q.idsSql };
  const [before, todays] = await Promise.all([spendSql(spec.level, spec.spendColumn, windows.before, filter), spendSql(spec.level, spec.spendColumn, windows.today, filter)]);
  const f = spec.sql;
  const window =
    q.key === "lifetime"
      ? { budget: f.lifetimeBudget, start: f.start, end: f.end, asap: f.lifetimeAsap }
      : {
          budget: f.dailyBudget,
          start: Prisma.sql`GREATEST(${f.start}, ${today.start}::timestamptz)`,
          end: Prisma.sql`LEAST(coalesce(${f.end}, ${today.end}::timestamptz), ${today.end}::timestamptz)`,
          asap: f.dailyAsap,
        };
  const spent = q.key === "lifetime" ? Prisma.sql`(coalesce(b."spent", 0) + coalesce(t."spent", 0))` : Prisma.sql`coalesce(t."spent", 0)`;
  const ratio = pacingRatioSql({ ...window, spent }, now);
  const order = q.key === "daily" ? Prisma.sql`CASE WHEN ${f.end} IS NOT NULL AND ${f.end} <= ${now}::timestamptz THEN NULL ELSE ${ratio} END` : ratio;
  const rows = await tenantDb(ctx).$queryRaw<Array<{ id: number }>>`
    SELECT e.id FROM ${f.table} e
    LEFT JOIN ${before} b ON b."key" = e.id
    LEFT JOIN ${todays} t ON t."key" = e.id
    WHERE e."licenseeId" = ${LICENSEE_PARAM} AND e.id IN (${q.idsSql})
    ORDER BY ${order} ${Prisma.raw(q.desc ? "DESC" : "ASC")} NULLS LAST, e.id ASC
    LIMIT ${q.take} OFFSET ${q.skip}`;
  return rows.map((r) => Number(r.id));
}
