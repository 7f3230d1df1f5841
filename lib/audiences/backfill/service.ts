// The backfill calls of business.md 7 for one audience, for a session: add
// (and so activate) a backfill rule, the query templates, validate a query
// (15 s timeout), and the audience's backfill status. Shared by the server
// actions and the REST API; the run itself is run.ts (a background job).
//
// Only one rule is active per audience: adding one deactivates the others.
// The run is queued once the rule is committed (the action's `after`, which
// the REST API runs too).
import "server-only";
import type { SessionContext } from "../../auth/context";
import type { ActionScope } from "../../data/scope";
import type { Prisma } from "../../generated/prisma/client";
import type { EntityType } from "../../generated/prisma/enums";
import { writeActivity } from "../../audit/activity";
import { ConflictError } from "../../errors";
import { orNotFound } from "../../data/gate";
import { withAuditedChange } from "../../data/transaction";
import { tenantDb, type TenantTx } from "../../data/tenant-db";
import { SOURCE_ACTIVITY_TYPES } from "../labels";
import { toAudienceId } from "../queries";
import { AUDIENCE_MESSAGES } from "../schema";
import { backfillUsersSql, countSql } from "./compile";
import {
  BACKFILL_MESSAGES as M,
  backfillRuleSchema,
  parseStoredQuery,
  querySentence,
  serializeQuery,
  templatesFor,
  SCHEDULE_LABELS,
  type BackfillQuery,
  type BackfillScheduleValue,
} from "./query";
import { withTimeout } from "../../timeout";

/** business.md 9: the backfill query verify timeout. */
export const VALIDATE_TIMEOUT_MS = 15_000;

const AUDIENCE_SELECT = {
  id: true, name: true, advertiserId: true, licenseeId: true, source: true, kind: true, deviceIdentifier: true, osTypeId: true, isArchived: true,
  totalUU: true, dailyUU: true, backfilledUU: true,
} as const;

async function audienceOf(db: Pick<TenantTx, "audience">, id: number | string) {
  return orNotFound(await db.audience.findUnique({ where: { id: toAudienceId(id) }, select: AUDIENCE_SELECT }), "Audience");
}
type AudienceRow = Awaited<ReturnType<typeof audienceOf>>;
const scopeOf = (a: AudienceRow) => ({ advertiserId: a.advertiserId, deviceIdentifier: a.deviceIdentifier, osTypeId: a.source === "MOBILE" ? a.osTypeId : null });

export interface BackfillRuleView {
  id: number;
  query: BackfillQuery | null;
  sentence: string;
  schedule: BackfillScheduleValue;
  scheduleLabel: string;
  targetedEvents: string[];
  excludedEvents: string[];
  active: boolean;
  runStatus: "QUEUED" | "RUNNING" | "SUCCEEDED" | "FAILED";
  lastRunAt: string | null;
  lastRunUsers: number | null;
  lastRunError: string | null;
  nextRunAt: string | null;
  createdAt: string;
}

export interface BackfillStatus {
  audienceId: number;
  backfilledUU: number;
  totalUU: number;
  dailyUU: number;
  /** The active rule, else the latest one; null when the audience was never backfilled. */
  rule: BackfillRuleView | null;
}

type RuleRow = Prisma.AudienceBackfillRuleGetPayload<object>;

function ruleView(row: RuleRow, audience: AudienceRow): BackfillRuleView {
  const query = parseStoredQuery(row.query, audience);
  return {
    id: row.id,
    query,
    sentence: query ? querySentence(query, row.targetedEvents, row.excludedEvents) : row.query,
    schedule: row.schedule,
    scheduleLabel: SCHEDULE_LABELS[row.schedule],
    targetedEvents: row.targetedEvents,
    excludedEvents: row.excludedEvents,
    active: row.active,
    runStatus: row.runStatus as BackfillRuleView["runStatus"],
    lastRunAt: row.lastRunAt?.toISOString() ?? null,
    lastRunUsers: row.lastRunUsers,
    lastRunError: row.lastRunError,
    nextRunAt: row.nextRunAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

async function statusOf(db: Pick<TenantTx, "audience" | "audienceBackfillRule">, audience: AudienceRow): Promise<BackfillStatus> {
  const row = await db.audienceBackfillRule.findFirst({ where: { audienceId: audience.id }, orderBy: [{ active: "desc" }, { id: "desc" }] });
  const fresh = await audienceOf(db, audience.id);
  return {
    audienceId: audience.id,
    backfilledUU: Number(fresh.backfilledUU),
    totalUU: Number(fresh.totalUU),
    dailyUU: Number(fresh.dailyUU),
    rule: row ? ruleView(row, audience) : null,
  };
}

/** The audience's backfill: counters and its active (else latest) rule with its last run. */
export async function getBackfillStatus(ctx: SessionContext, audienceId: number | string): Promise<BackfillStatus> {
  const db = tenantDb(ctx);
  return statusOf(db, await audienceOf(db, audienceId));
}

/** business.md 7 "backfill query templates": those the audience's source may use, with their parameters. */
export async function getBackfillTemplates(ctx: SessionContext, audienceId: number | string) {
  const audience = await audienceOf(tenantDb(ctx), audienceId);
  return {
    audienceId: audience.id,
    ipBackfill: audience.kind === "IP_BACKFILL",
    templates: templatesFor(audience.source, audience.kind).map((t) => ({ id: t.id, label: t.label, params: [...t.params] })),
    schedules: Object.entries(SCHEDULE_LABELS).map(([id, label]) => ({ id, label })),
  };
}

/**
 * business.md 7 "add or activate backfill rule": the new rule becomes the
 * audience's only active one (QUEUED until its run), with an activity row.
 * Field errors as the dialog shows them; nothing changes then. The action
 * (./actions.ts) checks the role before the input is read.
 */
export async function addBackfillRule(scope: ActionScope, audienceId: number | string, input: unknown): Promise<BackfillStatus> {
  return withAuditedChange(scope, async (tx) => {
    const audience = await audienceOf(tx, audienceId);
    if (audience.isArchived) throw new ConflictError(AUDIENCE_MESSAGES.archivedReadOnly);
    const data = backfillRuleSchema(audience).parse(input);
    const previous = await tx.audienceBackfillRule.findFirst({ where: { audienceId: audience.id, active: true }, orderBy: { id: "desc" } });
    await tx.audienceBackfillRule.updateMany({ where: { audienceId: audience.id, active: true }, data: { active: false, version: { increment: 1 } } });
    await tx.audienceBackfillRule.create({
      data: {
        audienceId: audience.id,
        query: serializeQuery(data.query),
        schedule: data.schedule,
        targetedEvents: data.targetedEvents,
        excludedEvents: data.excludedEvents,
        active: true,
        runStatus: "QUEUED",
      },
    });
    const describe = (r: { query: BackfillQuery; schedule: BackfillScheduleValue; targetedEvents: string[]; excludedEvents: string[] }) =>
      `${querySentence(r.query, r.targetedEvents, r.excludedEvents)} (${SCHEDULE_LABELS[r.schedule].toLowerCase()})`;
    const previousQuery = previous && parseStoredQuery(previous.query, audience);
    await writeActivity(tx, scope.ctx, {
      action: "UPDATE",
      entityType: SOURCE_ACTIVITY_TYPES[audience.source] as EntityType,
      entityId: audience.id,
      entityName: audience.name,
      entityAdvertiserId: audience.advertiserId,
      message: "Backfill rule added",
      changes: [
        {
          fieldName: "backfillRule",
          oldValue: previous ? (previousQuery ? describe({ ...previous, query: previousQuery }) : previous.query) : null,
          newValue: describe(data),
        },
      ],
    });
    return statusOf(tx, audience);
  });
}

export type ValidationOutcome = { status: "VERIFIED"; users: number; message: string } | { status: "TIMEOUT"; message: string };

export interface ValidateOptions {
  /** Default VALIDATE_TIMEOUT_MS (business.md 9: 15 s). */
  timeoutMs?: number;
  /** How the users are counted (tests give a slow one). */
  count?: (users: Prisma.Sql) => Promise<number>;
}

/**
 * business.md 7 "validate backfill query": checks the query (field errors)
 * and counts the users it selects now. Within the timeout: 'Query verified
 * successfully' with the count; otherwise 'Timeout, you can still submit the
 * query' (the query is valid, only slow). Changes nothing.
 */
export async function validateBackfillQuery(ctx: SessionContext, audienceId: number | string, input: unknown, options: ValidateOptions = {}): Promise<ValidationOutcome> {
  const db = tenantDb(ctx);
  const audience = await audienceOf(db, audienceId);
  const data = backfillRuleSchema(audience).parse(input);
  const users = await backfillUsersSql(db, audience.id, scopeOf(audience), data, new Date());
  const count =
    options.count ??
    (async (sql: Prisma.Sql) => {
      const [row] = await db.$queryRaw<{ users: number }[]>(countSql(sql));
      return Number(row?.users ?? 0);
    });
  const counting = count(users);
  const result = await withTimeout(counting, options.timeoutMs ?? VALIDATE_TIMEOUT_MS);
  if (result === "timeout") {
    counting.catch(() => {}); // still running; its late failure is of no interest
    return { status: "TIMEOUT", message: M.timeout };
  }
  return { status: "VERIFIED", users: result, message: M.verified };
}
