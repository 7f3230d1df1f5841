"use server";
// Server actions of the notification bell and panel, built with defineAction
// (session, role, ids, result shape). The queries and mutations keep to the
// session user's inbox in the session's licensee (tenant client) and refuse
// roles without an inbox.
import { z } from "../validation/z";
import { defineAction, defineReadAction } from "../actions/define-action";
import { IdSchema, NoInputSchema } from "../actions/fields";
import { countUnread, listNotifications, NotificationQuerySchema } from "./queries";
import { GroupReadSchema, markAllSeen, markGroupRead, markNotificationRead } from "./mutations";

export const listNotificationsAction = defineReadAction("notifications.list", NotificationQuerySchema, ({ ctx, input }) => listNotifications(ctx, input));

export const unreadCountAction = defineReadAction("notifications.unreadCount", NoInputSchema, ({ ctx }) => countUnread(ctx));

export const markNotificationReadAction = defineAction({
  name: "notifications.markRead",
  access: "write",
  input: z.object({ id: IdSchema }),
  run: ({ ctx, input }) => markNotificationRead(ctx, input.id),
});

export const markGroupReadAction = defineAction({
  name: "notifications.markGroupRead",
  access: "write",
  input: GroupReadSchema,
  run: ({ ctx, input }) => markGroupRead(ctx, input),
});

/** No payload (shell.md 7): the session says whose notifications, in which licensee. */
export const markAllSeenAction = defineAction({
  name: "notifications.markAllSeen",
  access: "write",
  input: NoInputSchema,
  run: ({ ctx }) => markAllSeen(ctx),
});
