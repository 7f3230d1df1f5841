"use server";
// Server action of the activity panel's infinite list.
import { requireSession } from "../auth/session";
import { runAction, type ActionResult } from "../data/action-result";
import { listActivity, type ActivityPage, type ActivityQuery } from "./queries";

export async function listActivityAction(query: ActivityQuery): Promise<ActionResult<ActivityPage>> {
  return runAction("listActivity", async () => listActivity(await requireSession(), query));
}
