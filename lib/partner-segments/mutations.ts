// Loading the partner segment catalogue: a batch of rows (JSON or CSV) is
// checked as a whole, every row's fields and no two rows with the same
// provider and provider segment id; one bad row refuses the batch with the
// row and field of each problem, and nothing is written. A valid batch is
// upserted on (provider, provider segment id), so loading a file again
// updates and never doubles; each created or changed segment gets its
// activity row in the same transaction. Takes the action's scope: the action
// checked the role (RW) before the rows were read.
import "server-only";
import { rowsRefusal, type RowIssue } from "../validation/batch-rows";
import type { ActionScope } from "../data/scope";
import type { TenantTx } from "../data/tenant-db";
import { Prisma } from "../generated/prisma/client";
import { writeActivities, type BatchActivityEntry } from "../audit/activity";
import { diffFields } from "../audit/diff";
import { withAuditedChange } from "../data/transaction";
import { SEGMENT_SELECT } from "./queries";
import { PARTNER_SEGMENT_MESSAGES as M, PartnerSegmentRowSchema, type PartnerSegmentLoadResult, type PartnerSegmentRow } from "./schema";

/** Problems listed in one refusal (the first ones in row order); the count of all is in the message. */
const MAX_LISTED_PROBLEMS = 100;
const AUDITED_FIELDS = ["provider", "providerSegmentId", "name", "taxonomyPath", "size", "cpm", "active"] as const;

type Issue = RowIssue;

const keyOf = (r: { provider: string; providerSegmentId: string }) => `${r.provider}\u0000${r.providerSegmentId}`;

/** Each row against the schema and the rows before it. */
function parseRows(rows: unknown[]): { parsed: PartnerSegmentRow[]; issues: Issue[] } {
  const issues: Issue[] = [];
  const parsed: PartnerSegmentRow[] = [];
  const seen = new Map<string, number>();
  rows.forEach((raw, i) => {
    if (Object.prototype.toString.call(raw) !== "[object Object]") {
      issues.push({ row: i, field: "row", message: M.rowObject });
      return;
    }
    const result = PartnerSegmentRowSchema.safeParse(raw);
    if (!result.success) {
      for (const issue of result.error.issues) issues.push({ row: i, field: issue.path.map(String).join(".") || "row", message: issue.message });
      return;
    }
    const first = seen.get(keyOf(result.data));
    if (first !== undefined) issues.push({ row: i, field: "providerSegmentId", message: `${M.duplicate} (row ${first + 1})` });
    else seen.set(keyOf(result.data), i);
    parsed.push(result.data);
  });
  return { parsed, issues };
}

const refusal = (issues: Issue[], rowCount: number) => rowsRefusal(issues, rowCount, MAX_LISTED_PROBLEMS);

/** A segment's values as the activity log compares them (amounts in one spelling: 1.50 is 1.5). */
const audited = (s: { provider: string; providerSegmentId: string; name: string; taxonomyPath: string; size: bigint | string; cpm: Prisma.Decimal | string; active: boolean }) => ({
  provider: s.provider,
  providerSegmentId: s.providerSegmentId,
  name: s.name,
  taxonomyPath: s.taxonomyPath,
  size: String(s.size),
  cpm: new Prisma.Decimal(s.cpm).toFixed(),
  active: s.active,
});

const columns = (r: PartnerSegmentRow) => ({ name: r.name, taxonomyPath: r.taxonomyPath, size: BigInt(r.size), cpm: new Prisma.Decimal(r.cpm), active: r.active });

const entry = (action: "CREATE" | "UPDATE", id: number, name: string, changes: BatchActivityEntry["changes"]): BatchActivityEntry => ({
  action,
  entityType: "PARTNER_SEGMENT",
  entityId: id,
  entityName: name,
  message: action === "CREATE" ? "Partner segment loaded" : "Partner segment updated",
  changes,
});

/** The stored segments of the batch's keys, by key (another licensee's are never read). */
async function storedSegments(tx: TenantTx, rows: PartnerSegmentRow[]) {
  const stored = await tx.partnerSegment.findMany({
    // A superset (every provider by every id), narrowed by key below: two IN lists instead of an OR per row.
    where: { provider: { in: [...new Set(rows.map((r) => r.provider))] }, providerSegmentId: { in: [...new Set(rows.map((r) => r.providerSegmentId))] } },
    select: SEGMENT_SELECT,
  });
  const wanted = new Set(rows.map(keyOf));
  return new Map(stored.filter((s) => wanted.has(keyOf(s))).map((s) => [keyOf(s), s]));
}

/** Validates the rows and upserts them for the caller's licensee; throws the refusal (400) when any row is bad. */
export async function loadPartnerSegments(scope: ActionScope, rows: unknown[]): Promise<PartnerSegmentLoadResult> {
  const { parsed, issues } = parseRows(rows);
  if (issues.length) throw refusal(issues, rows.length);
  return withAuditedChange(
    scope,
    async (tx) => {
      const stored = await storedSegments(tx, parsed);
      const fresh = parsed.filter((r) => !stored.has(keyOf(r)));
      const created = fresh.length
        ? await tx.partnerSegment.createManyAndReturn({
            data: fresh.map((r) => ({ provider: r.provider, providerSegmentId: r.providerSegmentId, ...columns(r) })),
            select: SEGMENT_SELECT,
          })
        : [];
      const entries = created.map((s) => entry("CREATE", s.id, s.name, diffFields(null, audited(s), AUDITED_FIELDS)));
      for (const r of parsed) {
        const before = stored.get(keyOf(r));
        if (!before) continue;
        const changes = diffFields(audited(before), audited(r), AUDITED_FIELDS);
        if (changes.length === 0) continue;
        await tx.partnerSegment.update({ where: { id: before.id }, data: columns(r) });
        entries.push(entry("UPDATE", before.id, r.name, changes));
      }
      await writeActivities(tx, scope.ctx, entries);
      const updated = entries.length - created.length;
      return { rows: parsed.length, created: created.length, updated, unchanged: parsed.length - created.length - updated };
    },
    { timeout: 60_000 },
  );
}
