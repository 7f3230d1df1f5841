"use server";
// Server actions of the remote upload schedule section on a CRM audience's
// details page (logic in mutations.ts, shared with the REST API). The
// connection check and the sync request wait on the network or the job queue:
// they hold no transaction open.
import { z } from "../../validation/z";
import { defineAction, defineReadAction } from "../../actions/define-action";
import { IdSchema, VersionSchema } from "../../actions/fields";
import { checkRemoteConnection, getRemoteSchedule, requestRemoteSync, saveRemoteSchedule } from "./mutations";
import { RemoteScheduleSchema } from "./schema";

const AUDIENCE_PAGES = [{ path: "/audience", type: "layout" }] as const;
const ScheduleForm = z.intersection(z.object({ id: IdSchema, version: VersionSchema.nullable() }), RemoteScheduleSchema);

export const remoteScheduleAction = defineReadAction("audience.remoteSchedule", z.object({ id: IdSchema }), ({ ctx, input }) => getRemoteSchedule(ctx, input.id));

export const saveRemoteScheduleAction = defineAction({
  name: "audience.saveRemoteSchedule",
  access: "write",
  input: ScheduleForm,
  revalidate: [...AUDIENCE_PAGES],
  run: ({ ctx, db, input: { id, version, ...values } }) => saveRemoteSchedule({ ctx, db }, id, version, values),
});

export const checkRemoteConnectionAction = defineAction({
  name: "audience.checkRemoteConnection",
  access: "write",
  transaction: false,
  input: z.intersection(z.object({ id: IdSchema }), RemoteScheduleSchema),
  run: ({ ctx, db, input: { id, ...values } }) => checkRemoteConnection({ ctx, db }, id, values),
});

export const syncRemoteNowAction = defineAction({
  name: "audience.syncRemoteNow",
  access: "write",
  transaction: false,
  input: z.object({ id: IdSchema }),
  run: ({ ctx, db, input }) => requestRemoteSync({ ctx, db }, input.id),
});
