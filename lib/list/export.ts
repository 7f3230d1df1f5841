// GET /api/list/{entity}/export?<the list's URL state>: the list as CSV, with
// the columns the user sees (a read-only user's export has no set-up column
// or forbidden metric: the same column rules build both) and every row
// matching the filters, in the list's order.
import "server-only";
import crypto from "node:crypto";
import { requireSessionOrApiKey } from "../auth/session";
import { errorResponse } from "../account/rest";
import { NotFoundError } from "../data/errors";
import { buildCsv, csvFileName } from "./csv";
import { loadListExport } from "./load";
import { LIST_ENTITIES, type ListEntity } from "./types";

const isListEntity = (s: string): s is ListEntity => (LIST_ENTITIES as readonly string[]).includes(s);

export async function listExportResponse(request: Request, entity: string): Promise<Response> {
  const respId = crypto.randomUUID();
  try {
    const ctx = await requireSessionOrApiKey(request);
    if (!isListEntity(entity)) throw new NotFoundError();
    const data = await loadListExport(ctx, entity, new URL(request.url).searchParams);
    // The byte order mark makes spreadsheet programs read the file as UTF-8.
    return new Response(`\uFEFF${buildCsv(data.header, data.rows)}`, {
      headers: {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="${csvFileName(data.fileName, data.day)}"`,
        "Cache-Control": "no-store",
      },
    });
  } catch (e) {
    // The REST API's error envelope, 429 with Retry-After for a key over its rate limit included.
    return errorResponse(e, `GET /api/list/${entity}/export`, respId);
  }
}
