"use server";
// Server action of the activity panel's infinite list, built with defineAction.
// Only read-write users have the panel: listActivity refuses the others.
import { defineReadAction } from "../actions/define-action";
import { ActivityQuerySchema, listActivity } from "./queries";

export const listActivityAction = defineReadAction("activity.list", ActivityQuerySchema, ({ ctx, input }) => listActivity(ctx, input));
