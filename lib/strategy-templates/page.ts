// Data of /strategy/templates-details/{id}: the template's own fields and its
// settings drawn with the strategy review's sections (lib/strategies/review.ts)
// where they apply. The settings are read through the one strategy schema
// (under a placeholder campaign that is never shown) and described as the
// details page describes a strategy; rows of what a template does not carry
// (campaign, name, schedule, the advertiser's records) are left out. Rows that
// depend on a campaign's facts (SKAd, objective) show as the values say.
import "server-only";
import { cache } from "react";
import { notFound } from "next/navigation";
import type { SessionContext } from "../auth/context";
import { canWrite } from "../auth/roles";
import { NotFoundError } from "../errors";
import { tenantDb } from "../data/tenant-db";
import { formatTimestamp } from "../format";
import { strategySchema, visibilityFactsOf } from "../strategies/form";
import { describeStrategy } from "../strategies/describe";
import { buildStrategyReview, loadNamers, type ReviewSection } from "../strategies/review";
import { strategyVisibility } from "../strategies/visibility";
import { requireConsoleSession } from "../auth/request";
import { getUserTimeSettings } from "../user-settings/queries";
import { goalLabel } from "./list";
import { getTemplateOrThrow, type TemplateDetails } from "./queries";
import { TEMPLATE_EXCLUDED_FIELDS, templateFormValues } from "./settings";

/** Row keys of the review that a template never carries (./settings.ts). */
const NOT_CARRIED = new Set<string>(["campaign", "pixels", "creatives", "creativeSets", ...TEMPLATE_EXCLUDED_FIELDS]);
const carried = (key: string) => !NOT_CARRIED.has(key.split(".")[0]);

export interface TemplateDetailsPage {
  template: Omit<TemplateDetails, "settings"> & { goalLabel: string; createdAtText: string };
  /** The settings in the strategy review's sections (empty when they no longer parse). */
  sections: ReviewSection[];
  canWrite: boolean;
  /** 'Use template' opens the wizard: users who may create strategies. */
  canUse: boolean;
  /** Demo users get no template links or controls at all (shell.md 6). */
  demo: boolean;
}

/** Settings → the review's sections; a template whose settings no longer pass the schema shows none. */
async function sectionsOf(ctx: SessionContext, template: TemplateDetails, iana: string): Promise<ReviewSection[]> {
  const now = new Date();
  const values = { ...templateFormValues(template.settings, 1), name: template.templateName, startTime: -1, endTime: -1 };
  const parsed = strategySchema({ mode: "edit", now }).safeParse(values);
  if (!parsed.success) return [];
  const data = { ...parsed.data, startTime: now.toISOString() };
  const namers = await loadNamers(tenantDb(ctx), data, "", (iso) => formatTimestamp(iso, iana));
  const visibility = strategyVisibility({ ...visibilityFactsOf(values, {}), role: ctx.role });
  return buildStrategyReview(describeStrategy(data, namers), visibility)
    .map((section) => ({ ...section, rows: section.rows.filter((row) => carried(row.key)) }))
    .filter((section) => section.rows.length > 0);
}

export async function loadTemplateDetailsPage(ctx: SessionContext, id: string | number): Promise<TemplateDetailsPage> {
  const { settings, ...template } = await getTemplateOrThrow(ctx, id);
  const { iana } = await getUserTimeSettings(ctx);
  return {
    template: { ...template, goalLabel: goalLabel(template.goal), createdAtText: formatTimestamp(template.createdAt, iana) },
    sections: await sectionsOf(ctx, { ...template, settings }, iana),
    canWrite: canWrite(ctx.role),
    canUse: canWrite(ctx.role),
    demo: ctx.role === "DEMO",
  };
}

/** The page's data for the signed-in user; the 404 page for an id they may not read. */
export const templateForPage = cache(async (id: string): Promise<TemplateDetailsPage> => {
  const ctx = await requireConsoleSession();
  try {
    return await loadTemplateDetailsPage(ctx, id);
  } catch (err) {
    if (err instanceof NotFoundError) notFound();
    throw err;
  }
});
