// The REST operations of CRM audiences' remote upload schedules (business.md
// 7): through the console's own action definitions, so the roles, validation
// and messages are the same.
//   GET  /api/v1/audiences/{id}/remote-schedule        → the schedule or null
//   PUT  /api/v1/audiences/{id}/remote-schedule        { version, url, protocol, ... }
//   POST /api/v1/audiences/{id}/remote-schedule/check  the values to try (nothing stored)
//   POST|GET /api/v1/audiences/{id}/remote-schedule/sync  run it now (a job)
import "server-only";
import type { SessionContext } from "../../auth/context";
import { executeAction } from "../../actions/define-action";
import { checkRemoteConnectionAction, remoteScheduleAction, saveRemoteScheduleAction, syncRemoteNowAction } from "./actions";

type Body = Record<string, unknown>;

export const getRemoteScheduleOperation = (ctx: SessionContext, id: string) => executeAction(remoteScheduleAction.definition, ctx, { id });

export const saveRemoteScheduleOperation = (ctx: SessionContext, id: string, body: Body) =>
  executeAction(saveRemoteScheduleAction.definition, ctx, { ...body, id, version: body.version ?? null });

export const checkRemoteConnectionOperation = (ctx: SessionContext, id: string, body: Body) =>
  executeAction(checkRemoteConnectionAction.definition, ctx, { ...body, id });

export const syncRemoteNowOperation = (ctx: SessionContext, id: string) => executeAction(syncRemoteNowAction.definition, ctx, { id });
