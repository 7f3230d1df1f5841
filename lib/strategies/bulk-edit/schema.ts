// The input of a bulk edit, shared by the form, the server actions and the
// REST API: the strategies, the changes (one per field of ./sections.ts, each
// with an action the field allows and a value of the field's kind) and, to
// apply, the versions the review was computed on. Messages land beside the
// field (path = the field's key). Pure: client-safe.
import { z } from "../../validation/z";
import { IdSchema } from "../../actions/fields";
import { PACING_TYPE_IDS } from "../options";
import { normalizeBulkEdit, type BulkEdit } from "./merge";
import { allowedActions, BULK_ACTION_LABELS, BULK_ACTIONS, BULK_FIELD_BY_KEY, BULK_FIELDS } from "./sections";

/** The most strategies one bulk edit changes (the list's largest selection is "all matching" of the status change, not this). */
export const MAX_BULK_EDIT_STRATEGIES = 2000;

export const BULK_EDIT_MESSAGES = {
  noChange: "Choose at least one change.",
  unknownField: "Unknown field",
  itemsRequired: "Choose at least one item",
  wrongItem: "Not a valid choice",
  amount: "Enter an amount (a number)",
  budget: "Enter an amount, or -1 for unlimited",
  pacingType: "Choose a pacing type",
  endTime: "Choose an end time",
  frequencyCap: "Enter a frequency (at least 1) and an interval of 1 to 168 hours",
  selectStrategies: "Select at least one strategy",
  tooMany: `At most ${MAX_BULK_EDIT_STRATEGIES} strategies can be edited at once`,
  changedSinceReview: "These strategies were changed by someone else since the review: ",
  brokenRules: "These strategies would break a rule: ",
  archived: "These strategies are archived and can no longer be changed: ",
  abTestArm: (strategy: { id: number; name: string }, experiment: string | null) =>
    `Strategy "${strategy.name}" (id ${strategy.id}) is an arm of ${experiment === null ? "an A/B experiment" : `the A/B experiment "${experiment}"`}: ` +
    "an experiment's arms are changed one at a time from its page, not in a bulk edit.",
} as const;

const M = BULK_EDIT_MESSAGES;
const AMOUNT = /^\d{1,12}(\.\d{1,6})?$/;

const FrequencyCapSchema = z.object({ frequency: z.number().int().min(1).max(1_000_000), interval: z.number().int().min(1).max(168) });

/** One change as sent (its field and action checked against the table by BulkEditChangesSchema). */
export const BulkFieldChangeSchema = z.object({
  field: z.string().max(60),
  action: z.enum(BULK_ACTIONS),
  items: z.array(z.union([z.number(), z.string().trim().min(1).max(200)])).max(10_000).optional(),
  value: z.union([z.string().trim().max(40), z.number(), FrequencyCapSchema]).nullish(),
});

function scalarMessage(kind: string, value: unknown): string | null {
  switch (kind) {
    case "money":
      return typeof value === "string" && AMOUNT.test(value) ? null : M.amount;
    case "budget":
      return typeof value === "string" && (value === "-1" || AMOUNT.test(value)) ? null : M.budget;
    case "pacingType":
      return (PACING_TYPE_IDS as readonly unknown[]).includes(value) ? null : M.pacingType;
    case "endTime":
      return typeof value === "number" && Number.isSafeInteger(value) && (value === -1 || value > 0) ? null : M.endTime;
    default:
      return FrequencyCapSchema.safeParse(value).success ? null : M.frequencyCap;
  }
}

/** The changes: every field known, each action allowed for its field, values of the field's kind; NO_CHANGE rows dropped. */
export const BulkEditChangesSchema = z
  .object({ changes: z.array(BulkFieldChangeSchema).max(BULK_FIELDS.length * 2) })
  .superRefine((edit, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: "custom", path: [path], message });
    const seen = new Set<string>();
    for (const change of normalizeBulkEdit(edit as BulkEdit).changes) {
      const field = BULK_FIELD_BY_KEY.get(change.field);
      if (!field || seen.has(change.field)) {
        issue("changes", M.unknownField);
        continue;
      }
      seen.add(field.key);
      if (!allowedActions(field).includes(change.action)) {
        issue(field.key, `${BULK_ACTION_LABELS[change.action]} is not allowed for ${field.label}`);
        continue;
      }
      if (field.kind === "scalar") {
        const message = scalarMessage(field.value, change.value);
        if (message) issue(field.key, message);
        continue;
      }
      const items = change.items ?? [];
      const needsItems = change.action === "APPEND" || change.action === "CHANGE" || (change.action === "REMOVE" && field.kind === "list");
      if (needsItems && items.length === 0) issue(field.key, M.itemsRequired);
      else if (!items.every((i) => (field.item === "id" ? typeof i === "number" && IdSchema.safeParse(i).success : typeof i === "string"))) {
        issue(field.key, M.wrongItem);
      }
    }
    if (seen.size === 0 && !ctx.value.changes.some((c) => !BULK_FIELD_BY_KEY.has(c.field))) ctx.addIssue({ code: "custom", path: [], message: M.noChange });
  })
  .transform((edit) => normalizeBulkEdit(edit as BulkEdit));

const StrategyIdsSchema = z.array(IdSchema).min(1, M.selectStrategies).max(MAX_BULK_EDIT_STRATEGIES, M.tooMany);

/** The review (dry run): which strategies, which changes. */
export const BulkEditPlanInputSchema = z.object({ ids: StrategyIdsSchema }).and(BulkEditChangesSchema);

/** Apply: as the review, with each strategy's version the review was computed on (id → version). */
export const BulkEditApplyInputSchema = z
  .object({ ids: StrategyIdsSchema, versions: z.record(z.string().regex(/^\d{1,10}$/), z.number().int().min(0)) })
  .and(BulkEditChangesSchema);

export type BulkEditPlanInput = z.input<typeof BulkEditPlanInputSchema>;
export type BulkEditApplyInput = z.input<typeof BulkEditApplyInputSchema>;
