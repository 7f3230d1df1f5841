"use server";
// The DMP access check for the audience form (the DMP source is offered only with access).
import { z } from "../../validation/z";
import { defineReadAction } from "../../actions/define-action";
import { IdSchema } from "../../actions/fields";
import { dmpAccessOf } from "./access";

export const audienceDmpAccessAction = defineReadAction("audience.dmpAccess", z.object({ advertiserId: IdSchema }), ({ ctx, input }) =>
  dmpAccessOf(ctx, input.advertiserId),
);
