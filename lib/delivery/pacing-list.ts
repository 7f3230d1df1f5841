// The two pacing columns of the campaign and strategy lists (lifetime and
// today): the spend to date against the budget and the indicator, sortable
// by the pacing ratio in SQL (lib/delivery/pacing-load.ts idsByPacing). An
// entity's list adds them with its PacingSpec; roles that may not see the
// budgets or the spend compared get neither the columns nor their order.
import "server-only";
import type { Role } from "../auth/roles";
import type { Prisma } from "../generated/prisma/client";
import { allowedMetricIds, setupColumnsForRole } from "../metrics/catalogue";
import { formatMoney, type BaseRecord, type ColumnSpec } from "../list/columns";
import type { ListAdapter } from "../list/engine";
import type { ListFilters } from "../list/where";
import { PACING_STATUS_TEXT, type Pacing } from "./pacing";
import { idsByPacing, loadPacing, type EntityPacing, type PacingSpec, type PacingSubject, type PacingWindowKey } from "./pacing-load";

export type WithPacing = { pacing?: EntityPacing | null };

const COLUMNS: Record<PacingWindowKey, { id: string; header: string; hover: string }> = {
  lifetime: { id: "pacingLifetime", header: "Lifetime Pacing", hover: "Spend to date against the lifetime budget, and whether it is on track for the schedule" },
  daily: { id: "pacingToday", header: "Today's Pacing", hover: "Today's spend against the daily budget, and whether it is on track for the day" },
};
const SQL_ORDER_PREFIX = "pacing:";

/** "On track · $450.00 of $1,000.00"; "No budget · $12.00 spent". */
export function pacingText(p: Pacing | undefined, currencyCode: string): string {
  if (!p) return "-";
  const spent = formatMoney(p.spent, currencyCode);
  return p.budget === null ? `${PACING_STATUS_TEXT[p.status]} · ${spent} spent` : `${PACING_STATUS_TEXT[p.status]} · ${spent} of ${formatMoney(p.budget, currencyCode)}`;
}

function pacingColumn<R extends BaseRecord & WithPacing>(key: PacingWindowKey): ColumnSpec<R> {
  const c = COLUMNS[key];
  const text = (r: R) => pacingText(r.pacing?.[key], r.currencyCode ?? "USD");
  return {
    // Descending first: the most ahead of plan on top.
    column: { id: c.id, header: c.header, hover: c.hover, kind: "text", sortable: true, sortDescFirst: true, testId: `pacing-${key}` },
    sqlOrder: `${SQL_ORDER_PREFIX}${key}`,
    display: text,
    exportValue: text,
  };
}

/**
 * The list parts of pacing: the columns (for roles that may see the spend),
 * the order by either column in SQL, and the page's pacing for its cells.
 */
export function pacingListParts<R extends BaseRecord & WithPacing>(
  spec: PacingSpec,
  subjectOf: (r: R) => PacingSubject,
  idsSql: (f: ListFilters) => Prisma.Sql,
): { columns(role: Role): ColumnSpec<R>[] } & Required<Pick<ListAdapter<R>, "idsInOrder" | "enrich">> {
  return {
    // The cells show budgets: only for roles that see set-up columns (not read-only users) and the spend compared.
    columns: (role) =>
      setupColumnsForRole(role).length && allowedMetricIds(role, [spec.spendColumn]).length ? [pacingColumn<R>("lifetime"), pacingColumn<R>("daily")] : [],
    idsInOrder: (ctx, q) => {
      if (!q.key.startsWith(SQL_ORDER_PREFIX)) throw new RangeError(`unknown order ${q.key}`);
      const key = q.key.slice(SQL_ORDER_PREFIX.length) as PacingWindowKey;
      return idsByPacing(ctx, spec, { idsSql: idsSql(q.filters), key, desc: q.desc, skip: q.skip, take: q.take, iana: q.iana, now: q.now });
    },
    enrich: async (ctx, records, q) => {
      if (!q.columns.some((id) => id === COLUMNS.lifetime.id || id === COLUMNS.daily.id)) return records;
      const pacing = await loadPacing(ctx, spec, records.map(subjectOf), { iana: q.iana, now: q.now });
      return records.map((r) => ({ ...r, pacing: pacing?.get(r.id) ?? null }));
    },
  };
}
