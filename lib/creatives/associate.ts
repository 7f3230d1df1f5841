// "Associate strategies" (business.md 7: creativesList, strategyList,
// replaceExistingCreatives false): adds creatives or creative sets to chosen
// strategies of their advertiser whose type matches (CTV/OTT strategies only
// CTV video, Multi Device only the others: the strategy form's own rule,
// lib/strategies/references.ts). All or nothing, in one transaction: one
// activity row per strategy naming the creatives or sets added (and removed,
// when replacing), and each changed strategy's version bumped.
import "server-only";
import { z } from "../validation/z";
import type { ActionScope } from "../data/scope";
import { IdSchema } from "../actions/fields";
import { writeActivities, type BatchActivityEntry } from "../audit/activity";
import { diffItems } from "../audit/items";
import { ConflictError, NotFoundError } from "../errors";
import { withAuditedChange } from "../data/transaction";
import type { TenantTx } from "../data/tenant-db";
import { creativeTypeMatchesStrategy } from "../strategies/references";

export const ASSOCIATE_MESSAGES = {
  noStrategies: "Choose at least one strategy",
  otherAdvertiser: "Choose strategies of the same advertiser as the creatives",
  mixedAdvertisers: "The creatives must all belong to one advertiser",
  typeMismatch: (names: string[]) =>
    `These strategies do not take this creative type (CTV/OTT strategies take only CTV video, Multi Device strategies all other types): ${names.join(", ")}`,
  archivedStrategy: (name: string) => `Strategy "${name}" is archived and can no longer be changed.`,
} as const;
const M = ASSOCIATE_MESSAGES;

export const AssociateStrategiesSchema = z.object({
  kind: z.enum(["creative", "creative_set"]),
  ids: z.array(IdSchema).min(1).max(1000),
  strategyIds: z.array(IdSchema).min(1, M.noStrategies).max(1000),
  replaceExisting: z.boolean().default(false),
});
export type AssociateStrategiesInput = z.input<typeof AssociateStrategiesSchema>;

export interface AssociateResult {
  /** Strategies whose creatives (or sets) changed. */
  changed: number;
  total: number;
}

const fieldError = (path: string, message: string) => new z.ZodError([{ code: "custom", path: [path], message, input: undefined }]);

/** The creatives or sets asked for: every one the licensee's (else not found), of one advertiser. */
async function loadItems(tx: TenantTx, kind: "creative" | "creative_set", ids: number[]) {
  const where = { id: { in: ids }, isArchived: false };
  const select = { id: true, name: true, advertiserId: true, type: true } as const;
  const rows = kind === "creative" ? await tx.creative.findMany({ where, select }) : await tx.creativeSet.findMany({ where, select });
  if (rows.length !== ids.length) throw new NotFoundError(kind === "creative" ? "Creative" : "Creative set");
  const advertisers = new Set(rows.map((r) => r.advertiserId));
  if (advertisers.size !== 1) throw fieldError("ids", M.mixedAdvertisers);
  return rows;
}

/** Adds (or, with replaceExisting, sets) the creatives or sets of the chosen strategies; see the file's head. The action checks the role. */
export async function associateWithStrategies(scope: ActionScope, input: AssociateStrategiesInput): Promise<AssociateResult> {
  const { ctx } = scope;
  const { kind, ids, strategyIds, replaceExisting } = AssociateStrategiesSchema.parse(input);
  const itemIds = [...new Set(ids)];
  const wantedStrategies = [...new Set(strategyIds)];
  return withAuditedChange(scope, async (tx) => {
    const items = await loadItems(tx, kind, itemIds);
    const advertiserId = items[0].advertiserId;
    const strategies = await tx.strategy.findMany({
      where: { id: { in: wantedStrategies } },
      select: {
        id: true, name: true, type: true, advertiserId: true, isArchived: true, version: true,
        creatives: { select: { creativeId: true, creative: { select: { name: true } } } },
        creativeSets: { select: { creativeSetId: true, creativeSet: { select: { name: true } } } },
      },
      orderBy: { id: "asc" },
    });
    if (strategies.length !== wantedStrategies.length) throw new NotFoundError("Strategy");
    if (strategies.some((s) => s.advertiserId !== advertiserId)) throw fieldError("strategyIds", M.otherAdvertiser);
    const archived = strategies.find((s) => s.isArchived);
    if (archived) throw new ConflictError(M.archivedStrategy(archived.name));
    const mismatched = strategies.filter((s) => items.some((item) => !creativeTypeMatchesStrategy(s.type, item.type)));
    if (mismatched.length) throw fieldError("strategyIds", M.typeMismatch(mismatched.map((s) => s.name)));

    const names = new Map(items.map((i) => [i.id, i.name]));
    const entries: BatchActivityEntry[] = [];
    for (const s of strategies) {
      const current =
        kind === "creative"
          ? s.creatives.map((c) => ({ id: c.creativeId, name: c.creative.name }))
          : s.creativeSets.map((c) => ({ id: c.creativeSetId, name: c.creativeSet.name }));
      const currentIds = new Set(current.map((c) => c.id));
      const toAdd = itemIds.filter((id) => !currentIds.has(id));
      const toRemove = replaceExisting ? current.filter((c) => !names.has(c.id)).map((c) => c.id) : [];
      if (!toAdd.length && !toRemove.length) continue;
      if (kind === "creative") {
        if (toRemove.length) await tx.strategyCreative.deleteMany({ where: { strategyId: s.id, creativeId: { in: toRemove } } });
        if (toAdd.length) await tx.strategyCreative.createMany({ data: toAdd.map((creativeId) => ({ strategyId: s.id, creativeId })) });
      } else {
        if (toRemove.length) await tx.strategyCreativeSet.deleteMany({ where: { strategyId: s.id, creativeSetId: { in: toRemove } } });
        if (toAdd.length) await tx.strategyCreativeSet.createMany({ data: toAdd.map((creativeSetId) => ({ strategyId: s.id, creativeSetId })) });
      }
      // The strategy changed: its version moves, so an edit form opened before this save reports a conflict.
      const { count } = await tx.strategy.updateMany({ where: { id: s.id, version: s.version }, data: { version: { increment: 1 } } });
      if (count !== 1) throw new ConflictError();
      const before = current.map((c) => c.name);
      const after = [...current.filter((c) => !toRemove.includes(c.id)).map((c) => c.name), ...toAdd.map((id) => names.get(id)!)];
      const change = diffItems(kind === "creative" ? "Creatives" : "Creative Sets", before, after);
      entries.push({
        action: "UPDATE",
        entityType: "STRATEGY",
        entityId: s.id,
        entityName: s.name,
        entityAdvertiserId: s.advertiserId,
        message: kind === "creative" ? "Creatives associated with the strategy" : "Creative sets associated with the strategy",
        changes: change ? [change] : [],
      });
    }
    await writeActivities(tx, ctx, entries);
    return { changed: entries.length, total: strategies.length };
  });
}
