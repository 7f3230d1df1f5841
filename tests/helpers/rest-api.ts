// Calls the REST API's real route handlers (app/api/v1/**) as an HTTP client
// would, and checks answers against the OpenAPI document's schemas.
import Ajv2020, { type ValidateFunction } from "ajv/dist/2020";
import addFormats from "ajv-formats";
import type { oas31 } from "zod-openapi";
import * as collection from "@/app/api/v1/[resource]/route";
import * as item from "@/app/api/v1/[resource]/[id]/route";
import * as activate from "@/app/api/v1/[resource]/[id]/activate/route";
import * as deactivate from "@/app/api/v1/[resource]/[id]/deactivate/route";
import * as me from "@/app/api/v1/me/route";
import * as skad from "@/app/api/v1/skad-target-privileges/route";
import * as delivery from "@/app/api/v1/delivery/route";
import * as associateStrategies from "@/app/api/v1/creatives/associate-strategies/route";
import * as creativeReview from "@/app/api/v1/creatives/[id]/reviews/[aggregatorId]/route";
import * as verifyVideoAdTag from "@/app/api/v1/creatives/video-ad-tag/verify/route";
import * as strategyClone from "@/app/api/v1/strategies/[id]/clone/route";
import * as strategyExport from "@/app/api/v1/strategies/export/route";
import * as strategyExportStatus from "@/app/api/v1/strategies/export/[exportId]/route";
import * as strategyImport from "@/app/api/v1/strategies/import/route";
import * as experimentStatus from "@/app/api/v1/experiments/[id]/status/route";
import * as strategySuggestions from "@/app/api/v1/strategies/[id]/targeting-suggestions/route";
import * as strategyTargeting from "@/app/api/v1/strategies/[id]/targeting/route";
import * as strategyOptimize from "@/app/api/v1/strategies/[id]/optimize/route";
import * as strategyRules from "@/app/api/v1/strategies/[id]/rules/route";
import * as strategyRuleLogs from "@/app/api/v1/strategies/[id]/rules/logs/route";
import * as strategyRule from "@/app/api/v1/strategies/[id]/rules/[ruleId]/route";
import * as ruleRun from "@/app/api/v1/rules/[id]/run/route";
import * as ruleDeactivate from "@/app/api/v1/rules/[id]/deactivate/route";
import * as neverBlockApps from "@/app/api/v1/strategies/[id]/never-block-apps/route";
import * as strategyApps from "@/app/api/v1/strategies/[id]/apps/route";
import * as validateApps from "@/app/api/v1/apps/validate/route";
import * as audienceEstimate from "@/app/api/v1/audiences/estimate/route";
import * as refreshLookAlike from "@/app/api/v1/audiences/[id]/refresh-lookalike/route";
import * as audienceBackfill from "@/app/api/v1/audiences/[id]/backfill/route";
import * as audienceBackfillTemplates from "@/app/api/v1/audiences/[id]/backfill/templates/route";
import * as audienceBackfillValidate from "@/app/api/v1/audiences/[id]/backfill/validate/route";
import * as audienceUpload from "@/app/api/v1/audiences/[id]/upload/route";
import * as audienceRemoteSchedule from "@/app/api/v1/audiences/[id]/remote-schedule/route";
import * as audienceRemoteCheck from "@/app/api/v1/audiences/[id]/remote-schedule/check/route";
import * as audienceRemoteSync from "@/app/api/v1/audiences/[id]/remote-schedule/sync/route";
import * as audienceDmpAccess from "@/app/api/v1/audiences/dmp-access/route";
import * as reports from "@/app/api/v1/reports/route";
import * as reportDownload from "@/app/api/v1/reports/download/route";
import * as reportTemplatePause from "@/app/api/v1/report-templates/[id]/pause/route";
import * as reportTemplateResume from "@/app/api/v1/report-templates/[id]/resume/route";
import * as reportTemplateRun from "@/app/api/v1/report-templates/[id]/run/route";
import * as mmpPostback from "@/app/api/v1/advertisers/[id]/mmp-postback/route";
import * as mmpPostbackKey from "@/app/api/v1/advertisers/[id]/mmp-postback/key/route";

const BASE = "http://localhost/api/v1";

type Handler = (request: Request, route: { params: Promise<Record<string, string>> }) => Promise<Response>;
type Module = Partial<Record<string, Handler>>;

/** The route module and params Next's router would pick for a path under /api/v1. */
function route(path: string): { module: Module; params: Record<string, string> } {
  const segments = new URL(path, BASE).pathname.split("/").filter(Boolean);
  if (segments.length === 1 && segments[0] === "me") return { module: me as unknown as Module, params: {} };
  if (segments.length === 1 && segments[0] === "skad-target-privileges") return { module: skad as unknown as Module, params: {} };
  if (segments.length === 1 && segments[0] === "delivery") return { module: delivery as unknown as Module, params: {} };
  if (segments.join("/") === "creatives/video-ad-tag/verify") return { module: verifyVideoAdTag as unknown as Module, params: {} };
  if (segments.join("/") === "creatives/associate-strategies") return { module: associateStrategies as unknown as Module, params: {} };
  if (segments.length === 4 && segments[0] === "creatives" && segments[2] === "reviews") return { module: creativeReview as unknown as Module, params: { id: segments[1], aggregatorId: segments[3] } };
  if (segments.join("/") === "strategies/export") return { module: strategyExport as unknown as Module, params: {} };
  if (segments.length === 3 && segments[0] === "strategies" && segments[1] === "export") return { module: strategyExportStatus as unknown as Module, params: { exportId: segments[2] } };
  if (segments.join("/") === "strategies/import") return { module: strategyImport as unknown as Module, params: {} };
  if (segments.length === 3 && segments[0] === "experiments" && segments[2] === "status") return { module: experimentStatus as unknown as Module, params: { id: segments[1] } };
  if (segments.length === 3 && segments[0] === "strategies" && segments[2] === "clone") return { module: strategyClone as unknown as Module, params: { id: segments[1] } };
  const blocking: Record<string, unknown> = { "targeting-suggestions": strategySuggestions, targeting: strategyTargeting, optimize: strategyOptimize };
  if (segments.length === 3 && segments[0] === "strategies" && Object.hasOwn(blocking, segments[2])) return { module: blocking[segments[2]] as Module, params: { id: segments[1] } };
  // The optimization rules screen.
  const strategyParts: Record<string, unknown> = { rules: strategyRules, "never-block-apps": neverBlockApps, apps: strategyApps };
  if (segments.length === 3 && segments[0] === "strategies" && Object.hasOwn(strategyParts, segments[2])) return { module: strategyParts[segments[2]] as Module, params: { id: segments[1] } };
  if (segments.length === 4 && segments[0] === "strategies" && segments.join("/").endsWith("rules/logs")) return { module: strategyRuleLogs as unknown as Module, params: { id: segments[1] } };
  if (segments.length === 4 && segments[0] === "strategies" && segments[2] === "rules") return { module: strategyRule as unknown as Module, params: { id: segments[1], ruleId: segments[3] } };
  if (segments.length === 3 && segments[0] === "rules") return { module: (segments[2] === "run" ? ruleRun : ruleDeactivate) as unknown as Module, params: { id: segments[1] } };
  if (segments.join("/") === "apps/validate") return { module: validateApps as unknown as Module, params: {} };
  if (segments.join("/") === "audiences/estimate") return { module: audienceEstimate as unknown as Module, params: {} };
  if (segments.length === 3 && segments[0] === "audiences" && segments[2] === "backfill") return { module: audienceBackfill as unknown as Module, params: { id: segments[1] } };
  if (segments.length === 4 && segments[0] === "audiences" && segments[2] === "backfill") {
    const backfillPart = segments[3] === "templates" ? audienceBackfillTemplates : segments[3] === "validate" ? audienceBackfillValidate : null;
    if (backfillPart) return { module: backfillPart as unknown as Module, params: { id: segments[1] } };
  }
  if (segments.length === 3 && segments[0] === "audiences" && segments[2] === "refresh-lookalike") return { module: refreshLookAlike as unknown as Module, params: { id: segments[1] } };
  // CRM uploads, remote upload schedules and the DMP access check.
  if (segments.join("/") === "audiences/dmp-access") return { module: audienceDmpAccess as unknown as Module, params: {} };
  if (segments.length === 3 && segments[0] === "audiences" && segments[2] === "upload") return { module: audienceUpload as unknown as Module, params: { id: segments[1] } };
  if (segments.length === 3 && segments[0] === "audiences" && segments[2] === "remote-schedule") return { module: audienceRemoteSchedule as unknown as Module, params: { id: segments[1] } };
  if (segments.length === 4 && segments[0] === "audiences" && segments[2] === "remote-schedule") {
    return { module: (segments[3] === "check" ? audienceRemoteCheck : audienceRemoteSync) as unknown as Module, params: { id: segments[1] } };
  }
  if (segments.join("/") === "reports") return { module: reports as unknown as Module, params: {} };
  if (segments.join("/") === "reports/download") return { module: reportDownload as unknown as Module, params: {} };
  // A report template's Pause, Resume and Run now; its other operations are the resource's.
  const templateParts: Record<string, unknown> = { pause: reportTemplatePause, resume: reportTemplateResume, run: reportTemplateRun };
  if (segments.length === 3 && segments[0] === "report-templates" && Object.hasOwn(templateParts, segments[2])) return { module: templateParts[segments[2]] as Module, params: { id: segments[1] } };
  // The advertiser's MMP postback key; the advertiser's other operations are the resource's.
  if (segments.length === 3 && segments[0] === "advertisers" && segments[2] === "mmp-postback") return { module: mmpPostback as unknown as Module, params: { id: segments[1] } };
  if (segments.length === 4 && segments[0] === "advertisers" && segments.slice(2).join("/") === "mmp-postback/key") return { module: mmpPostbackKey as unknown as Module, params: { id: segments[1] } };
  const [resource, id, verb] = segments;
  if (segments.length === 1) return { module: collection as unknown as Module, params: { resource } };
  if (segments.length === 2) return { module: item as unknown as Module, params: { resource, id } };
  if (segments.length === 3 && (verb === "activate" || verb === "deactivate")) {
    return { module: (verb === "activate" ? activate : deactivate) as unknown as Module, params: { resource, id } };
  }
  throw new Error(`no route for ${path}`);
}

export interface ApiAnswer {
  status: number;
  headers: Headers;
  body: unknown;
}

/** One request to /api/v1{path} with a bearer key (or none), the body as JSON (or text of `contentType`). */
export async function callApi(method: string, path: string, key: string | null, body?: unknown, contentType = "application/json"): Promise<ApiAnswer> {
  const { module, params } = route(path);
  const handler = module[method.toUpperCase()];
  if (!handler) return { status: 405, headers: new Headers(), body: null };
  const headers: Record<string, string> = { "content-type": contentType };
  if (key) headers.authorization = `Bearer ${key}`;
  const request = new Request(`${BASE}${path}`, {
    method: method.toUpperCase(),
    headers,
    body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
  });
  const response = await handler(request, { params: Promise.resolve(params) });
  return { status: response.status, headers: response.headers, body: await response.json().catch(() => null) };
}

/** The document's path template an actual path answers to ("/advertisers/12" → "/advertisers/{id}"). */
export function templateOf(document: oas31.OpenAPIObject, path: string): string {
  const parts = new URL(path, BASE).pathname.split("/");
  const match = Object.keys(document.paths ?? {}).find((template) => {
    const t = template.split("/");
    return t.length === parts.length && t.every((p, i) => p.startsWith("{") || p === parts[i]);
  });
  if (!match) throw new Error(`${path} is not in the document`);
  return match;
}

/**
 * Checks an answer against the document: the status must be one the
 * operation documents, and the body must match that response's schema.
 * Returns the problems found (none: an empty list).
 */
export function documentedAnswerProblems(document: oas31.OpenAPIObject, method: string, path: string, answer: ApiAnswer): string[] {
  const template = templateOf(document, path);
  const operation = (document.paths![template] as oas31.PathItemObject)[method.toLowerCase() as "get"] as oas31.OperationObject | undefined;
  if (!operation) return [`${method} ${template} is not in the document`];
  const response = operation.responses?.[String(answer.status)] as oas31.ResponseObject | undefined;
  if (!response) return [`${method} ${template} answered ${answer.status}, which it does not document`];
  const schema = response.content?.["application/json"]?.schema;
  if (!schema) return answer.body === null ? [] : [`${method} ${template} ${answer.status} documents no body`];
  const validate = compiled(`${method} ${template} ${answer.status}`, () => ajv().compile({ ...schema, components: document.components }));
  return validate(answer.body) ? [] : (validate.errors ?? []).map((e) => `${method} ${path} ${answer.status}: ${e.instancePath} ${e.message}`);
}

const validators = new Map<string, ValidateFunction>();
function compiled(key: string, compile: () => ValidateFunction): ValidateFunction {
  let validate = validators.get(key);
  if (!validate) validators.set(key, (validate = compile()));
  return validate;
}

let instance: Ajv2020 | undefined;
function ajv(): Ajv2020 {
  if (!instance) {
    // OpenAPI 3.1 schemas are JSON Schema 2020-12; `example` and the like are annotations.
    instance = new Ajv2020({ strict: false, allErrors: true });
    addFormats(instance);
  }
  return instance;
}
