"use server";
// Server actions of the strategy export dialog (defineAction: session, role,
// input, result shape). The re-import runs through its route
// (POST /api/v1/strategies/import) because it carries a file: the dialog posts
// the file there, as a REST client would.
import { defineAction } from "../../actions/define-action";
import { exportStatus, exportStrategies } from "./export";
import { ExportInputSchema, ExportStatusInputSchema, type ExportAnswer, type ExportStatus } from "./schema";

/** Starts an export of the licensee's campaigns' active strategies: the file's URL, or the id of the job writing it. */
export const exportStrategiesAction = defineAction({
  name: "strategy.export",
  access: "read",
  input: ExportInputSchema,
  run: ({ ctx, input }): Promise<ExportAnswer> => exportStrategies(ctx, input),
});

/** The progress of one of the user's own exports (another user's is "not found"). */
export const exportStatusAction = defineAction({
  name: "strategy.exportStatus",
  access: "read",
  input: ExportStatusInputSchema,
  run: ({ ctx, input }): Promise<ExportStatus> => exportStatus(ctx, input.exportId),
});
