// Data of the wizard's pages (/strategy/create, /strategy/create/{id}): the
// values it starts from, the campaign's context and picker options read at
// once for the first render, names of the geographies a saved strategy
// targets, the user's timezone and who may save. A missing, malformed or
// other licensee's strategy id renders the 404 page; a ?campaignId= that is
// not one of the licensee's open campaigns is ignored. Its own folder, above
// both the strategies and their templates: a strategy may start from one.
import "server-only";
import { notFound } from "next/navigation";
import type { SessionContext } from "../auth/context";
import { canWrite } from "../auth/roles";
import { scheduleZone } from "../campaigns/page";
import { NotFoundError } from "../errors";
import { tenantDb } from "../data/tenant-db";
import { loadStrategyContext, type StrategyContext } from "../strategies/context";
import { newStrategyFormValues } from "../strategies/form";
import { geoName } from "../strategies/geo";
import { GEO_LEVELS } from "../strategies/geo-ids";
import { loadStrategyPickerOptions } from "../strategies/picker-options";
import { getStrategyOrThrow, strategyFormValues, type StrategyDetails } from "../strategies/queries";
import { getTemplateOrThrow } from "../strategy-templates/queries";
import { templateFormValues } from "../strategy-templates/settings";
import type { Role } from "../auth/roles";
import type { ScheduleZone } from "../campaigns/schedule-zone";
import type { MenuItem } from "../menu/types";
import type { StrategyContext as StrategyContextView } from "../strategies/context-options";
import type { StrategyFormInput } from "../strategies/form";
import type { StrategyPickerOptions } from "../strategies/picker-options";

/** The chosen campaign's context and what the pickers offer for it. */
export interface CampaignData {
  context: StrategyContextView | null;
  picker: StrategyPickerOptions | null;
}

/** What the wizard's page hands the wizard for its first render. */
export interface WizardPageData {
  strategyId?: number;
  version?: number;
  initial: StrategyFormInput;
  /** Edit: the stored schedule (ISO) and type: an unchanged past start stays valid, the type cannot change. */
  saved?: { startTime: string; endTime: string | null; type: string };
  initialCampaign: MenuItem | null;
  /** Create from a strategy template (?templateId=N): its values are the initial ones, and saving counts its use. */
  template?: { id: number; templateName: string } | null;
  /** What the page read for the initial campaign (edit, or ?campaignId=). */
  campaignData: CampaignData;
  geoNames: Record<string, string>;
  zone: ScheduleZone;
  /** Whose draft this is: drafts are kept per licensee, user and strategy. */
  owner: { licenseeId: number; userId: number };
  role: Role;
  canWrite: boolean;
  readOnlyReason?: string;
}

type PageProps = WizardPageData;

const owner = (ctx: SessionContext) => ({ licenseeId: ctx.licenseeId, userId: ctx.userId });
const campaignItem = (c: StrategyContext | null) => (c ? { id: c.campaign.id, name: c.campaign.name, active: c.campaign.active } : null);

async function campaignData(ctx: SessionContext, campaignId: number, type: "MULTI_DEVICE" | "CTV_OTT") {
  const db = tenantDb(ctx);
  const [context, picker] = await Promise.all([loadStrategyContext(db, ctx.licenseeId, campaignId), loadStrategyPickerOptions(db, ctx.licenseeId, campaignId, type)]);
  return { context, picker };
}

/** /strategy/create?campaignId=N starts under that campaign when it is one of the licensee's open campaigns. */
async function presetCampaign(ctx: SessionContext, param: string | string[] | undefined, type: "MULTI_DEVICE" | "CTV_OTT" = "MULTI_DEVICE") {
  if (typeof param !== "string" || !/^\d{1,10}$/.test(param)) return null;
  try {
    const data = await campaignData(ctx, Number(param), type);
    return data.context.campaign.isArchived ? null : data;
  } catch (err) {
    if (err instanceof NotFoundError) return null;
    throw err;
  }
}

/** /strategy/create?templateId=N starts from that template of the licensee (a deleted or foreign one is ignored). */
async function presetTemplate(ctx: SessionContext, param: string | string[] | undefined) {
  if (typeof param !== "string") return null;
  try {
    return await getTemplateOrThrow(ctx, param);
  } catch (err) {
    if (err instanceof NotFoundError) return null;
    throw err;
  }
}

export async function createWizardProps(
  ctx: SessionContext,
  campaignParam: string | string[] | undefined,
  templateParam?: string | string[] | undefined,
): Promise<PageProps> {
  const template = await presetTemplate(ctx, templateParam);
  const type = template?.settings.type === "CTV_OTT" ? "CTV_OTT" : "MULTI_DEVICE";
  const [preset, zone] = await Promise.all([presetCampaign(ctx, campaignParam, type), scheduleZone(ctx)]);
  const writable = canWrite(ctx.role);
  const campaignId = preset?.context.campaign.id ?? null;
  return {
    // The template's values through the one schema's input, as if typed: the wizard's rules apply to them as usual.
    initial: template ? templateFormValues(template.settings, campaignId) : newStrategyFormValues(campaignId),
    template: template ? { id: template.id, templateName: template.templateName } : null,
    initialCampaign: campaignItem(preset?.context ?? null),
    campaignData: preset ?? { context: null, picker: null },
    geoNames: {},
    zone,
    owner: owner(ctx),
    role: ctx.role,
    canWrite: writable,
    readOnlyReason: writable ? undefined : "You do not have permission to create strategies.",
  };
}

/** The names of the geographies a strategy targets or blocks, by id. */
function geoNamesOf(strategy: StrategyDetails): Record<string, string> {
  const geo = strategy.targeting.targetGeographies;
  const names: Record<string, string> = {};
  for (const level of GEO_LEVELS) {
    for (const id of [...(geo?.[level].targetList ?? []), ...(geo?.[level].blockedList ?? [])]) names[id] = geoName(level, id) ?? id;
  }
  return names;
}

export async function editWizardProps(ctx: SessionContext, id: string): Promise<PageProps & { strategyId: number; version: number }> {
  let strategy: StrategyDetails;
  try {
    strategy = await getStrategyOrThrow(ctx, id);
  } catch (err) {
    if (err instanceof NotFoundError) notFound();
    throw err;
  }
  const [data, zone] = await Promise.all([campaignData(ctx, strategy.campaignId, strategy.type), scheduleZone(ctx)]);
  const writable = canWrite(ctx.role) && !strategy.isArchived;
  return {
    strategyId: strategy.id,
    version: strategy.version,
    initial: strategyFormValues(strategy),
    saved: { startTime: strategy.startTime, endTime: strategy.endTime, type: strategy.type },
    initialCampaign: campaignItem(data.context),
    campaignData: data,
    geoNames: geoNamesOf(strategy),
    zone,
    owner: owner(ctx),
    role: ctx.role,
    canWrite: writable,
    readOnlyReason: strategy.isArchived ? "This strategy is archived and can no longer be changed." : writable ? undefined : "You do not have permission to change strategies.",
  };
}
