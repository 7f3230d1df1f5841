"use server";
// Server actions of the notification bell and panel. Session first; the
// queries and mutations check the role and scope by user and licensee.
import { z } from "zod";
import { requireSession } from "../auth/session";
import { runAction, type ActionResult } from "../data/action-result";
import { countUnread, listNotifications, type NotificationPage, type NotificationQuery } from "./queries";
import {
  markAllSeen,
  markGroupRead,
  markNotificationRead,
  type GroupReadInput,
  type GroupReadResult,
  type MarkAllSeenResult,
  type MarkReadResult,
} from "./mutations";

export async function listNotificationsAction(query: NotificationQuery): Promise<ActionResult<NotificationPage>> {
  return runAction("listNotifications", async () => listNotifications(await requireSession(), query));
}

export async function unreadCountAction(): Promise<ActionResult<number>> {
  return runAction("unreadNotifications", async () => countUnread(await requireSession()));
}

export async function markNotificationReadAction(id: number): Promise<ActionResult<MarkReadResult>> {
  return runAction("markNotificationRead", async () => {
    const ctx = await requireSession();
    return markNotificationRead(ctx, z.number().int().parse(id));
  });
}

export async function markGroupReadAction(input: GroupReadInput): Promise<ActionResult<GroupReadResult>> {
  return runAction("markNotificationGroupRead", async () => markGroupRead(await requireSession(), input));
}

/** No payload (shell.md 7): the session says whose notifications, in which licensee. */
export async function markAllSeenAction(): Promise<ActionResult<MarkAllSeenResult>> {
  return runAction("markAllNotificationsSeen", async () => markAllSeen(await requireSession()));
}
