// Reads of strategy templates for the session's licensee: one template (its
// details page, the wizard's pre-fill, the REST get) and every template for
// the wizard's picker. Deleted (archived) templates are never found; another
// licensee's id is "not found" like a missing one (the tenant-scoped client).
import "server-only";
import type { SessionContext } from "../auth/context";
import { isId } from "../actions/fields";
import { NotFoundError } from "../errors";
import { tenantDb, type TenantTx } from "../data/tenant-db";
import type { Prisma } from "../generated/prisma/client";
import { TEMPLATE_MESSAGES } from "./schema";
import { readTemplateSettings, type TemplateSettings } from "./settings";

const TEMPLATE_SELECT = {
  id: true,
  templateName: true,
  description: true,
  goal: true,
  settings: true,
  totalUsage: true,
  createdAt: true,
  version: true,
  createdBy: { select: { name: true } },
  licensee: { select: { name: true } },
} satisfies Prisma.StrategyTemplateSelect;
type TemplateRow = Prisma.StrategyTemplateGetPayload<{ select: typeof TEMPLATE_SELECT }>;

/** A template as pages and the API see it: plain values, settings read back through the strategy schema's fields. */
export interface TemplateDetails {
  id: number;
  templateName: string;
  description: string | null;
  goal: string;
  settings: TemplateSettings;
  totalUsage: number;
  createdByName: string;
  /** 'Saved From' (shell.md 3): the licensee it was saved in. */
  savedFrom: string;
  createdAt: string;
  version: number;
}

function toDetails(row: TemplateRow): TemplateDetails {
  return {
    id: row.id,
    templateName: row.templateName,
    description: row.description,
    goal: row.goal,
    settings: readTemplateSettings(row.settings),
    totalUsage: row.totalUsage,
    createdByName: row.createdBy.name,
    savedFrom: row.licensee.name,
    createdAt: row.createdAt.toISOString(),
    version: row.version,
  };
}

/** A template id from a URL or a form: anything that cannot be one is "not found". */
export function toTemplateId(id: number | string): number {
  const n = typeof id === "string" && /^\d{1,10}$/.test(id) ? Number(id) : id;
  if (!isId(n)) throw new NotFoundError(TEMPLATE_MESSAGES.notFound);
  return n;
}

export async function loadTemplate(tx: TenantTx, id: number | string): Promise<TemplateDetails> {
  const row = await tx.strategyTemplate.findFirst({ where: { id: toTemplateId(id), isArchived: false }, select: TEMPLATE_SELECT });
  if (!row) throw new NotFoundError(TEMPLATE_MESSAGES.notFound);
  return toDetails(row);
}

export const getTemplateOrThrow = (ctx: SessionContext, id: number | string) => loadTemplate(tenantDb(ctx), id);

/** A template in the wizard's picker (shell.md 2.8 'Select Strategy Templates'). */
export interface TemplatePickerItem {
  id: number;
  templateName: string;
  description: string | null;
  goal: string;
  totalUsage: number;
}

/** Every template of the licensee, newest first; the picker filters them by goal in the browser (shell.md 7). */
export async function listTemplatesForPicker(ctx: SessionContext): Promise<TemplatePickerItem[]> {
  return tenantDb(ctx).strategyTemplate.findMany({
    where: { isArchived: false },
    select: { id: true, templateName: true, description: true, goal: true, totalUsage: true },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: 1000,
  });
}
