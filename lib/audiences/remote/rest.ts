// The REST operations of CRM audiences' remote upload schedules (business.md
// 7), through the console's own action definitions, so the roles, validation
// and messages are the same:
//   GET  /audiences/{id}/remote-schedule        the schedule or null (never its password)
//   PUT  /audiences/{id}/remote-schedule        { version, url, protocol, ... }
//   POST /audiences/{id}/remote-schedule/check  the values to try (nothing stored)
//   POST|GET /audiences/{id}/remote-schedule/sync  run it now (a job)
import "server-only";
import { executeAction } from "../../actions/define-action";
import { readJsonBody } from "../../net/read-body";
import { GetInputSchema } from "../../rest/read";
import { defineOperation } from "../../rest/operation";
import { checkRemoteConnectionAction, remoteScheduleAction, saveRemoteScheduleAction, syncRemoteNowAction } from "./actions";
import { RemoteCheckSchema, RemoteScheduleBodySchema, RemoteScheduleViewSchema, RemoteSyncSchema } from "./api-schema";

const tags = ["audiences"];
const params = GetInputSchema;
const path = "/audiences/{id}/remote-schedule";

/** Run the stored schedule now; business.md 7 names the legacy call a GET, which answers the same (a job starts: write access either way). */
const sync = (method: "POST" | "GET") =>
  defineOperation({
    method, path: `${path}/sync`, access: "write", tags, params,
    ...(method === "POST" ? { operationId: "syncAudienceRemoteSchedule" } : { operationId: "syncAudienceRemoteScheduleByGet", documented: false as const }),
    summary: "Run the stored remote upload schedule now",
    description:
      "Queues the schedule's job (once: a sync already queued is not queued twice); its outcome shows on the schedule (lastSyncAt, lastSyncStatus) and a failure is notified. " +
      "business.md 7 names the legacy call a GET: GET answers the same, with the same rules.",
    response: { description: "The sync was queued.", schema: RemoteSyncSchema },
    errors: [400, 403, 404, 409],
    handle: ({ ctx, params: { id } }) => executeAction(syncRemoteNowAction.definition, ctx, { id }),
  });

export const remoteScheduleOperations = [
  defineOperation({
    method: "GET", path, access: "read", operationId: "getAudienceRemoteSchedule", tags, params,
    summary: "A CRM audience's remote upload schedule (null when it has none)",
    response: { description: "The schedule (never its password).", schema: RemoteScheduleViewSchema.nullable() },
    errors: [404, 409],
    handle: ({ ctx, params: { id } }) => executeAction(remoteScheduleAction.definition, ctx, { id }),
  }),
  defineOperation({
    method: "PUT", path, access: "write", operationId: "saveAudienceRemoteSchedule", tags, params,
    summary: "Create or replace a CRM audience's remote upload schedule",
    description:
      "The file at protocol + url is fetched every N days or hours (default 14 days) by the job system, from public hosts only, and its users added (origin REMOTE). " +
      "A version other than the stored one (or a version for a schedule that does not exist) is a 409. The password is stored encrypted. Audited.",
    body: RemoteScheduleBodySchema,
    response: { description: "The schedule as saved.", schema: RemoteScheduleViewSchema },
    errors: [400, 403, 404, 409],
    handle: async ({ ctx, request, params: { id } }) => {
      const body = await readJsonBody(request);
      return executeAction(saveRemoteScheduleAction.definition, ctx, { ...body, id, version: body.version ?? null });
    },
  }),
  defineOperation({
    method: "POST", path: `${path}/check`, access: "write", operationId: "checkAudienceRemoteConnection", tags, params,
    summary: "Check that the remote file of the given values can be downloaded",
    description: "Downloads the file the values name (a blank password uses the stored one); stores nothing. A file that cannot be downloaded is still a 200, with `ok: false` and the reason.",
    body: RemoteScheduleBodySchema.omit({ version: true }),
    response: { description: "Whether the download worked, and why not.", schema: RemoteCheckSchema },
    errors: [400, 403, 404, 409],
    handle: async ({ ctx, request, params: { id } }) => executeAction(checkRemoteConnectionAction.definition, ctx, { ...(await readJsonBody(request)), id }),
  }),
  sync("POST"),
  sync("GET"),
];
