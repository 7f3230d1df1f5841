// The records every documented REST operation is tried on (tests/integration/
// openapi.test.ts): one licensee's advertiser, campaign, strategy and the rest,
// and for each operation of the document the call that exercises it.
import fs from "node:fs";
import path from "node:path";
import { db } from "@/lib/db";
import { createApiKey } from "@/lib/account/api-keys";
import { scopeOf } from "@/lib/data/scope";
import * as f from "./factories";
import { callApi } from "./rest-api";
import { writeExportStatus } from "@/lib/strategies/transfer/export";

// Writes revalidate the console's pages (no Next.js request store in jest);
// calls without a key read the session cookie of the browser they run as.

// ───────────── a licensee's records ─────────────

/** Records that status changes use start inactive: activating, then deactivating, changes each. */
export const INACTIVE = { active: false };

/** The parameter the advertisers' MMP (AppsFlyer) requires of a click destination. */
export const PID = [{ key: "pid", value: "dsp" }];

/** A draft A/B experiment on the campaign with two arms (new strategies of the campaign, marked as A/B test strategies). */
export async function makeExperiment(campaign: { id: number; licenseeId: number; advertiserId: number }, name: string): Promise<number> {
  const arms = [(await f.makeStrategy(campaign, { isAbTestStrategy: true })).id, (await f.makeStrategy(campaign, { isAbTestStrategy: true })).id];
  const experiment = await db.experiment.create({
    data: {
      licenseeId: campaign.licenseeId, advertiserId: campaign.advertiserId, campaignId: campaign.id, name, startTime: new Date("2030-02-01T00:00:00Z"),
      arms: { create: arms.map((strategyId) => ({ strategyId, trafficPercent: 50 })) },
    },
  });
  return experiment.id;
}

/** A scheduled report template of the licensee, saved by `userId`. */
export async function makeReportTemplate(licenseeId: number, userId: number, name: string): Promise<number> {
  const template = await db.reportTemplate.create({
    data: {
      licenseeId, createdById: userId, name, reportType: "advanced", definition: REPORT_DEFINITION,
      frequency: "DAILY", timeOfDay: "09:00", timezone: "UTC", recipients: ["ops@example.com"], nextRunAt: new Date(Date.UTC(2030, 0, 1, 9)),
    },
  });
  return template.id;
}

export const REPORT_DEFINITION = { dimensions: ["campaign"], metrics: ["impressions"], from: "2026-11-01", to: "2026-11-07", timezoneId: 805 };

export async function seedLicensee(label: string) {
  await db.timezone.createMany({ data: [{ id: 805, name: "(GMT+00:00) UTC", ianaName: "UTC" }], skipDuplicates: true });
  const { licensee, user, ctx } = await f.makeTenant("RW", label);
  // Report templates are mailed to ops@example.com: a domain this licensee's operators allow.
  await db.licensee.update({ where: { id: licensee.id }, data: { reportRecipientDomains: ["example.com"] } });
  const owner = await f.makeAdvertiser(licensee.id, { name: `Main ${label}` });
  const statusOwner = await f.makeAdvertiser(licensee.id, { name: `Status ${label}`, active: false });
  const o = { id: owner.id, licenseeId: licensee.id };
  // The campaign form requires a pixel of the campaign's advertiser, so a PATCH of the campaign keeps a valid one.
  const campaignPixel = await f.makePixel(o);
  const campaign = await f.makeCampaign(o, { pixelId: campaignPixel.id });
  const statusCampaign = await f.makeCampaign(o, { active: false });
  const template = await db.strategyTemplate.create({
    data: { licenseeId: licensee.id, templateName: `Template ${label}`, goal: "CPI", settings: {}, createdById: user.id },
  });
  // The template DELETE removes (reads and edits keep the other one).
  const doomedTemplate = await db.strategyTemplate.create({
    data: { licenseeId: licensee.id, templateName: `Doomed template ${label}`, goal: "CPM", settings: {}, createdById: user.id },
  });
  /** Per resource path: the record reads and edits use, and the one status changes use. */
  const records: Record<string, { id: number; statusId: number }> = {
    advertisers: { id: owner.id, statusId: statusOwner.id },
    pixels: { id: (await f.makePixel(o)).id, statusId: (await f.makePixel(o, INACTIVE)).id },
    "click-destinations": { id: (await f.makeClickDestination(o, { mmpParams: PID })).id, statusId: (await f.makeClickDestination(o, INACTIVE)).id },
    "catalog-feeds": { id: (await f.makeCatalogFeed(o)).id, statusId: (await f.makeCatalogFeed(o)).id },
    campaigns: { id: campaign.id, statusId: statusCampaign.id },
    strategies: { id: (await f.makeStrategy(campaign)).id, statusId: (await f.makeStrategy(campaign, INACTIVE)).id },
    "strategy-templates": { id: template.id, statusId: doomedTemplate.id },
    // An image creative carries its ad-marking identifiers: a PATCH of its name keeps them valid.
    creatives: { id: (await f.makeCreative(o, { kktuCode: "KKTU-1", person: "Alice Smith", erId: "ER-12345" })).id, statusId: (await f.makeCreative(o)).id },
    // The set form requires a start: a PATCH of its name keeps the stored one.
    "creative-sets": { id: (await f.makeCreativeSet(o, { startTime: new Date("2026-01-01T00:00:00Z") })).id, statusId: (await f.makeCreativeSet(o, { active: true })).id },
    // A CRM audience holds no rules: a PATCH of its name is valid as it stands.
    audiences: { id: (await f.makeAudience(o, { kind: "CRM" })).id, statusId: (await f.makeAudience(o)).id },
    // A live look-alike: the refresh sets it IN_PROCESSING.
    lookalikes: { id: (await f.makeAudience(o, { source: "LOOK_ALIKE", lookAlikeStatus: "LIVE" })).id, statusId: 0 },
    // Two experiments on the campaign, each with two arms of its own (a strategy is an arm of one experiment at a time).
    experiments: { id: await makeExperiment(campaign, `Experiment ${label}`), statusId: await makeExperiment(campaign, `Status experiment ${label}`) },
    // Two templates: reads and the PATCH use the first, the DELETE removes the second.
    "report-templates": { id: await makeReportTemplate(licensee.id, user.id, `Report ${label}`), statusId: await makeReportTemplate(licensee.id, user.id, `Doomed report ${label}`) },
  };
  // Free strategies of the campaign: the arms of the experiment the API creates.
  const freeArmIds = [(await f.makeStrategy(campaign, { name: `Free arm A ${label}` })).id, (await f.makeStrategy(campaign, { name: `Free arm B ${label}` })).id];
  // Creatives are created into a set; a tag set needs no stored file.
  const tagSetId = (await f.makeCreativeSet(o, { type: "THIRD_PARTY_AD_TAGS" })).id;
  // New sets and creatives need a click destination (business.md 5): one no other call changes or archives.
  const clickDestinationId = (await f.makeClickDestination(o, { mmpParams: PID })).id;
  const readWrite = (await createApiKey(scopeOf(ctx), { name: "rw", scope: "READ_WRITE" })).secret;
  const readOnly = (await createApiKey(scopeOf(ctx), { name: "ro", scope: "READ_ONLY" })).secret;
  return { licenseeId: licensee.id, userId: user.id, advertiserId: owner.id, pixelId: campaignPixel.id, tagSetId, clickDestinationId, freeArmIds, records, keys: { readWrite, readOnly } };
}
export type Seeded = Awaited<ReturnType<typeof seedLicensee>>;

/** Valid create bodies (the console form's values); a resource that gains a create operation needs one here. */
export const CREATE_BODIES: Record<string, (s: Seeded) => Record<string, unknown>> = {
  creatives: (s) => ({
    creativeSetId: s.tagSetId,
    type: "THIRD_PARTY_AD_TAGS",
    name: "Created creative",
    width: 300,
    height: 250,
    clickDestinationId: s.clickDestinationId,
    adTag: '<script src="https://ads.example.com/t.js"></script>',
  }),
  advertisers: () => f.validAdvertiserInput({ name: "Created by the API" }),
  pixels: (s) => ({
    advertiserId: s.advertiserId,
    name: "Created pixel",
    type: "CLICK_CONV",
    viewWindowDays: "45",
    clickWindowDays: "45",
    countMode: "EVERY",
    userFcap: "",
    fcapValue: "10",
    fcapUnit: "MINUTE",
  }),
  campaigns: (s) => ({
    advertiserId: s.advertiserId,
    name: "Created campaign",
    objective: "WEBSITE",
    pixelId: s.pixelId,
    startTime: -1,
    endTime: -1,
    pricingType: "CPM",
    pricingValue: "2.5",
    dailyBudget: "1234.56",
  }),
  strategies: (s) => ({
    campaignId: s.records.campaigns.id,
    name: "Created strategy",
    type: "MULTI_DEVICE",
    startTime: -1,
    endTime: -1,
    pricingType: "CPM",
    pricingValue: "2.5",
    pacingTypeId: 6,
  }),
  audiences: (s) => ({
    advertiserId: s.advertiserId,
    name: "Created audience",
    source: "WEBSITE",
    kind: "MMP_RULE",
    deviceIdentifier: "ADID",
    consentType: "BOTH",
    userExpiryDays: "30",
    ruleGroups: [{ rules: [{ filterId: 1, operatorId: 1, value: "/product", duration: 30, durationUnit: "DAY" }] }],
  }),
  "creative-sets": (s) => ({
    advertiserId: s.advertiserId,
    name: "Created set",
    type: "IMAGE",
    clickDestinationId: s.clickDestinationId,
    timezoneId: 805,
    startTime: -1,
    endTime: -1,
    scheduledTimezoneId: 805,
    sizes: ["300x250"],
  }),
  experiments: (s) => ({
    campaignId: s.records.campaigns.id,
    name: "Created experiment",
    metric: "CTR",
    startTime: "2030-02-01T00:00:00Z",
    endTime: -1,
    arms: s.freeArmIds.map((strategyId) => ({ strategyId, trafficPercent: 50 })),
  }),
  "report-templates": () => ({
    name: "Created report template",
    reportType: "advanced",
    definition: REPORT_DEFINITION,
    schedule: { frequency: "WEEKLY", dayOfWeek: 1, timeOfDay: "08:00", recipients: ["ops@example.com"], fileFormat: "XLSX" },
  }),
  // A template is created from a strategy of the licensee.
  "strategy-templates": (s) => ({ strategyId: s.records.strategies.id, templateName: "Created template", description: "Saved by the API" }),
  "click-destinations": (s) => ({
    advertiserId: s.advertiserId,
    name: "Created click",
    url: "https://app.appsflyer.com/com.created?pid=dsp",
    mmpParams: [{ key: "pid", value: "dsp" }],
  }),
};

export const INLINE_VAST = fs.readFileSync(path.join(__dirname, "../fixtures/creatives/vast/vast4-inline.xml"), "utf8");

export interface Call {
  method: string;
  path: string;
  body?: unknown;
  kind: string;
  /** A body that is not JSON (the CRM upload's multipart form). */
  contentType?: string;
}

/** A multipart form of one small CSV of device ids, as a browser sends it. */
export const CRM_BOUNDARY = "----crm-upload-test";
export const CRM_UPLOAD =
  `--${CRM_BOUNDARY}\r\nContent-Disposition: form-data; name="encoding"\r\n\r\nNONE\r\n` +
  `--${CRM_BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="users.csv"\r\nContent-Type: text/csv\r\n\r\n` +
  `38400000-8cf0-11bd-b23e-10b96e40000d\n6d92078a-8246-4ba4-ae5b-76104861e7dc\n\r\n--${CRM_BOUNDARY}--\r\n`;
/** The remote schedule's values: a loopback host, refused (or, with the tests-only setting, answering nothing) without the network. */
export const REMOTE_SCHEDULE = { url: "127.0.0.1:9/crm/users.csv", protocol: "SFTP", username: "crm", password: "secret", compression: "NONE", encoding: "NONE" };

/** The call that exercises one documented operation on the seeded records. */
export async function callFor(op: { method: string; template: string; id: string }, s: Seeded, key: string): Promise<Call> {
  const resource = op.template.split("/")[1];
  const record = s.records[resource];
  const kind = op.template.endsWith("/activate") ? "activate" : op.template.endsWith("/deactivate") ? "deactivate" : op.method === "get" ? (op.template.includes("{id}") ? "get" : "list") : op.method === "post" ? "create" : op.method === "delete" ? "delete" : "update";
  if (resource === "me") return { method: "GET", path: "/me", kind: "me" };
  // An experiment's status update: the status experiment, started at its current version.
  if (op.template === "/experiments/{id}/status") {
    const experiment = await db.experiment.findUniqueOrThrow({ where: { id: s.records.experiments.statusId } });
    return { method: "POST", path: `/experiments/${experiment.id}/status`, body: { status: "RUNNING", version: experiment.version }, kind: "experimentStatus" };
  }
  // A report template's Pause, Resume and Run now on the template reads use, at its current version.
  if (op.template === "/report-templates/{id}/pause" || op.template === "/report-templates/{id}/resume") {
    const template = await db.reportTemplate.findUniqueOrThrow({ where: { id: s.records["report-templates"].id } });
    return { method: "POST", path: op.template.replace("{id}", String(template.id)), body: { version: template.version }, kind: "templatePause" };
  }
  if (op.template === "/report-templates/{id}/run") return { method: "POST", path: `/report-templates/${s.records["report-templates"].id}/run`, kind: "templateRun" };
  // The advertiser's MMP postback key: its status, and a key generated (shown once).
  if (op.template === "/advertisers/{id}/mmp-postback") return { method: "GET", path: `/advertisers/${s.records.advertisers.id}/mmp-postback`, kind: "postbackStatus" };
  if (op.template === "/advertisers/{id}/mmp-postback/key") return { method: "POST", path: `/advertisers/${s.records.advertisers.id}/mmp-postback/key`, kind: "postbackKey" };
  // Inline VAST XML: verified without the network, nothing stored; a POST, so read-only keys are refused it.
  if (op.template === "/creatives/video-ad-tag/verify") return { method: "POST", path: op.template, body: { tag: INLINE_VAST }, kind: "verify" };
  // The creatives' custom operations on the seeded creative and strategy (and an exchange of the dictionary).
  if (op.template === "/creatives/associate-strategies") {
    return { method: "POST", path: op.template, body: { creativesList: [s.records.creatives.id], strategyList: [s.records.strategies.id] }, kind: "associate" };
  }
  if (op.template === "/creatives/{id}/reviews/{aggregatorId}") {
    const exchange = (await db.aggregator.findFirst()) ?? (await db.aggregator.create({ data: { name: "Exchange for the API test" } }));
    return { method: "PUT", path: `/creatives/${s.records.creatives.id}/reviews/${exchange.id}`, body: { status: "REJECTED", reason: "Flashing content" }, kind: "review" };
  }
  // Strategy export and re-import (a dry run: the seeded strategy is renamed by the update call).
  if (op.template === "/strategies/export") {
    return { method: "POST", path: op.template, body: { campaignIds: [s.records.campaigns.id], startTimestamp: 1_793_491_200, endTimestamp: 1_795_564_800 }, kind: "export" };
  }
  if (op.template === "/strategies/export/{exportId}") {
    const exportId = "00000000-0000-4000-8000-0000000000ab";
    await writeExportStatus({ licenseeId: s.licenseeId, userId: s.userId }, exportId, { state: "running", done: 1, total: 2 });
    return { method: "GET", path: `/strategies/export/${exportId}`, kind: "exportStatus" };
  }
  if (op.template === "/strategies/import") {
    const strategy = await db.strategy.findUniqueOrThrow({ where: { id: s.records.strategies.id } });
    return { method: "POST", path: "/strategies/import?dryRun=true", body: { rows: [{ id: strategy.id, version: strategy.version, pricingValue: "7.5" }] }, kind: "import" };
  }
  // The clone of the seeded strategy into its own campaign.
  if (op.template === "/strategies/{id}/clone") {
    const body = { name: "Cloned by the API", campaignId: s.records.campaigns.id, copyCreatives: true, copyCreativeSets: true };
    return { method: "POST", path: `/strategies/${s.records.strategies.id}/clone`, body, kind: "clone" };
  }
  // The blocking dialog: its reads on the seeded strategy; optimize on a strategy started 40 days ago (eligible, business.md 4).
  if (op.template === "/strategies/{id}/targeting-suggestions" || op.template === "/strategies/{id}/targeting") {
    return { method: "GET", path: `${op.template.replace("{id}", String(s.records.strategies.id))}?entity=aggregator`, kind: "blocking" };
  }
  if (op.template === "/strategies/{id}/optimize") {
    const seeded = await db.strategy.findUniqueOrThrow({ where: { id: s.records.strategies.id } });
    const name = "Optimized by the API";
    const strategy =
      (await db.strategy.findFirst({ where: { licenseeId: s.licenseeId, name } })) ??
      (await f.makeStrategy({ id: seeded.campaignId, licenseeId: s.licenseeId, advertiserId: seeded.advertiserId }, { name, startTime: new Date(Date.now() - 40 * 86_400_000) }));
    const exchange = (await db.aggregator.findFirst()) ?? (await db.aggregator.create({ data: { name: "Exchange for the API test" } }));
    return { method: "POST", path: `/strategies/${strategy.id}/optimize`, body: { aggregatorIds: [exchange.id] }, kind: "optimize" };
  }
  // The optimization rules screen on the seeded strategy: each write gets a rule of its own.
  const ruleBody = { spend: "10", convType: "INSTALL", convs: 2, durationDays: 7 };
  const strategyId = s.records.strategies.id;
  const newRule = () => db.optimizationRule.create({ data: { licenseeId: s.licenseeId, strategyId, spend: "10", convs: 2, durationDays: 7 } });
  if (op.template === "/strategies/{id}/rules" || op.template === "/strategies/{id}/rules/logs" || op.template === "/strategies/{id}/never-block-apps") {
    const at = op.template.replace("{id}", String(strategyId));
    if (op.method === "get") return { method: "GET", path: at, kind: "rules" };
    const app = await db.inventoryApp.upsert({ where: { platform_packageName: { platform: "ANDROID", packageName: "com.api.test" } }, create: { name: "API App", packageName: "com.api.test", platform: "ANDROID" }, update: {} });
    return { method: "POST", path: at, body: op.template.endsWith("rules") ? ruleBody : { appIds: [app.id] }, kind: "rules" };
  }
  if (op.template === "/strategies/{id}/rules/{ruleId}") {
    const rule = await newRule();
    return { method: "POST", path: `/strategies/${strategyId}/rules/${rule.id}`, body: { ...ruleBody, convs: 3, version: rule.version }, kind: "rules" };
  }
  if (op.template === "/rules/{id}/run" || op.template === "/rules/{id}/deactivate") {
    const rule = await newRule();
    return { method: "POST", path: op.template.replace("{id}", String(rule.id)), body: op.template.endsWith("deactivate") ? { unblockApps: true } : undefined, kind: "rules" };
  }
  if (op.template === "/strategies/{id}/apps") return { method: "GET", path: `/strategies/${strategyId}/apps?search=api`, kind: "rules" };
  // The look-alike refresh and the conversion estimator on the seeded audiences.
  if (op.template === "/audiences/{id}/refresh-lookalike") return { method: "POST", path: `/audiences/${s.records.lookalikes.id}/refresh-lookalike`, body: { mode: "refresh" }, kind: "refreshLookAlike" };
  // Backfill of the seeded website audience: its status, templates, a query checked and a rule added (its run queued).
  const backfillQuery = { template: "VISITED_PAGE", text: "/product", minCount: 2, days: 30, schedule: "ONCE" };
  if (op.template === "/audiences/{id}/backfill") {
    const at = `/audiences/${s.records.audiences.id}/backfill`;
    return op.method === "get" ? { method: "GET", path: at, kind: "backfill" } : { method: "POST", path: at, body: backfillQuery, kind: "backfill" };
  }
  if (op.template === "/audiences/{id}/backfill/templates") return { method: "POST", path: `/audiences/${s.records.audiences.id}/backfill/templates`, kind: "backfill" };
  if (op.template === "/audiences/{id}/backfill/validate") return { method: "POST", path: `/audiences/${s.records.audiences.id}/backfill/validate`, body: backfillQuery, kind: "backfill" };
  if (op.template === "/audiences/estimate") return { method: "POST", path: op.template, body: { advertiserId: s.advertiserId, targetIds: [s.records.audiences.id], goal: "INSTALL" }, kind: "estimate" };
  // The seeded advertiser's product categories (a read sent as POST, business.md 7): another licensee's advertiser is not found.
  if (op.template === "/dictionaries/{kind}") {
    return { method: "POST", path: "/dictionaries/product_category?page=0&size=1000&sort=label+", body: { searchRequest: { filters: [{ column: "advertiserId", value: s.advertiserId }] } }, kind: "dictionary" };
  }
  // The users chart of the seeded audience over a week (a read sent as POST, business.md 7).
  if (op.template === "/audiences/{id}/chart") return { method: "POST", path: `/audiences/${s.records.audiences.id}/chart`, body: { from: "2030-01-01", to: "2030-01-07" }, kind: "chart" };
  // CRM uploads and remote upload schedules on the seeded CRM audience; the DMP access check of the seeded advertiser.
  const crm = s.records.audiences.id;
  if (op.template === "/audiences/{id}/upload") return { method: "POST", path: `/audiences/${crm}/upload`, body: CRM_UPLOAD, contentType: `multipart/form-data; boundary=${CRM_BOUNDARY}`, kind: "crmUpload" };
  if (op.template === "/audiences/{id}/remote-schedule") {
    if (op.method === "get") return { method: "GET", path: `/audiences/${crm}/remote-schedule`, kind: "remote" };
    const stored = await db.audienceRemoteSchedule.findUnique({ where: { audienceId: crm } });
    return { method: "PUT", path: `/audiences/${crm}/remote-schedule`, body: { ...REMOTE_SCHEDULE, version: stored?.version ?? null }, kind: "remote" };
  }
  if (op.template === "/audiences/{id}/remote-schedule/check") return { method: "POST", path: `/audiences/${crm}/remote-schedule/check`, body: REMOTE_SCHEDULE, kind: "remote" };
  if (op.template === "/audiences/{id}/remote-schedule/sync") {
    // A schedule to run (the PUT may come later in the document's order).
    await db.audienceRemoteSchedule.upsert({ where: { audienceId: crm }, create: { audienceId: crm, url: REMOTE_SCHEDULE.url, protocol: "SFTP", username: "crm" }, update: {} });
    return { method: "POST", path: `/audiences/${crm}/remote-schedule/sync`, kind: "remote" };
  }
  if (op.template === "/audiences/dmp-access") return { method: "GET", path: `/audiences/dmp-access?advertiserId=${s.advertiserId}`, kind: "remote" };
  // Names no record of the licensee (apps are a dictionary): like the tag verification.
  if (op.template === "/apps/validate") return { method: "POST", path: op.template, body: { sites: ["com.api.test", "no.such.app"] }, kind: "verify" };
  // Reports name no record: a definition over the licensee's delivery, and its file.
  if (op.template === "/reports") return { method: "POST", path: op.template, body: { dimensions: ["campaign"], metrics: ["impressions"], from: "2030-01-01", to: "2030-01-07" }, kind: "report" };
  if (op.template === "/reports/download") return { method: "GET", path: "/reports/download?format=csv&dims=campaign&metrics=impressions&from=2030-01-01&to=2030-01-07", kind: "report" };
  // A read of the caller's own licensee, sent as POST (shell.md 7): read-only keys are refused it like any POST.
  if (resource === "skad-target-privileges") return { method: "POST", path: "/skad-target-privileges", body: {}, kind: "skad" };
  // The partner segment catalogue: one segment loaded (upserted, so a repeat changes nothing), and a search of it.
  if (resource === "partner-segments") {
    if (op.method === "get") return { method: "GET", path: "/partner-segments?q=auto&page=1&size=10", kind: "partnerSegments" };
    return { method: "POST", path: "/partner-segments", body: [{ provider: "Eyeota", providerSegmentId: "api-1", name: "SUV", taxonomyPath: "Auto > Intenders > SUV", size: 1000, cpm: "0.5" }], kind: "partnerSegments" };
  }
  if (resource === "delivery") {
    // One hour of the seeded strategy with a creative of its advertiser.
    const row = { hour: new Date(Math.floor(Date.now() / 3_600_000) * 3_600_000 - 86_400_000).toISOString(), strategyId: s.records.strategies.id, creativeId: s.records.creatives.id, impressions: 10 };
    return { method: "POST", path: "/delivery", body: { rows: [row] }, kind: "delivery" };
  }
  if (!record) throw new Error(`no seeded record for ${resource}: add one to seedLicensee`);
  switch (kind) {
    case "list":
      return { method: "GET", path: `/${resource}`, kind };
    case "get":
      return { method: "GET", path: `/${resource}/${record.id}`, kind };
    case "create": {
      const body = CREATE_BODIES[resource];
      if (!body) throw new Error(`${op.id}: give it a valid body in CREATE_BODIES`);
      return { method: "POST", path: `/${resource}`, body: body(s), kind };
    }
    case "delete":
      return { method: "DELETE", path: `/${resource}/${record.statusId}`, kind };
    case "update": {
      const current = await callApi("GET", `/${resource}/${record.id}`, key);
      const version = (current.body as { respObject?: { version?: number } })?.respObject?.version ?? 1;
      return { method: "PATCH", path: `/${resource}/${record.id}`, body: { version, name: `Renamed ${resource}` }, kind };
    }
    default:
      return { method: "POST", path: `/${resource}/${record.statusId}/${kind}`, kind };
  }
}

