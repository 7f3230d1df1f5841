// Entry points of the lists for pages and the export route: the entity's list
// declaration from the registry on the shared engine (lib/list/engine.ts).
import "server-only";
import crypto from "node:crypto";
import type { SessionContext } from "../auth/context";
import { requireSessionOrApiKey } from "../auth/session";
import { errorResponse } from "../rest/errors";
import { NotFoundError } from "../errors";
import { buildCsv, csvFileName } from "../list/csv";
import { listExportOf, listViewOf, type ListExport } from "../list/engine";
import type { ListView, WriteControls } from "../list/types";
import type { SearchParamsInput } from "../list/url-state";
import { withSignal, withWorkKind } from "../connections/work";
import { findEntity } from "./registry";
import { fillRoute } from "../contracts/entity-routes";
import type { EntityDeclaration, EntityListDeclaration } from "../contracts/entity";

/** The entity of a list; a key without a list is "not found" (it may come from a URL). */
export function listEntity(key: string): EntityDeclaration & { list: EntityListDeclaration } {
  const e = findEntity(key);
  if (!e?.list) throw new NotFoundError();
  return e as EntityDeclaration & { list: EntityListDeclaration };
}

export interface ListLoadOptions {
  /** The advertiser of an advertiser's list (pixels, click destinations, catalog feeds), from the page's route. */
  advertiserId?: number;
  /** The campaign whose page shows the list (its strategies), checked by the page. */
  campaignId?: number;
  /** Overrides the role's write controls (an archived advertiser's lists are read-only). */
  writeControls?: WriteControls;
  now?: Date;
}

/** The list of `key` as the browser shows it for the URL's state. */
export async function loadListView(ctx: SessionContext, key: string, params: SearchParamsInput, opts: ListLoadOptions = {}): Promise<ListView> {
  const e = listEntity(key);
  const view = await listViewOf(ctx, e.list.adapter, params, {
    ...opts,
    entity: e.key,
    names: { singular: e.labels.singular, plural: e.labels.plural },
    emptyText: e.emptyText ?? "No Result Found",
    testId: e.list.testId ?? e.key,
    selectable: e.list.selectable && e.bulkStatus !== undefined,
    ...(e.detailsInNewTab ? { detailsInNewTab: true } : {}),
    href: (r) => fillRoute(e.routes.details, { id: r.id, advertiserId: r.advertiserId }),
  });
  return e.list.bulkLinks && view.selectable ? { ...view, bulkLinks: e.list.bulkLinks } : view;
}

/** Every row of the list of `key` matching the URL's state, with the columns the user sees, and the file's base name. */
export async function loadListExport(
  ctx: SessionContext,
  key: string,
  params: SearchParamsInput,
  opts: Pick<ListLoadOptions, "now"> = {},
): Promise<ListExport & { fileName: string }> {
  const e = listEntity(key);
  const adapter = e.list.adapterFor?.(params) ?? e.list.adapter;
  // Every row, not a page: the exports' statement timeout.
  return withWorkKind("exports", async () => ({ ...(await listExportOf(ctx, adapter, params, opts)), fileName: e.list.fileName }));
}

/**
 * GET /api/list/{entity}/export?<the list's URL state>: the list as CSV, with
 * the columns the user sees (a read-only user's export has no set-up column
 * or forbidden metric: the same column rules build both) and every row
 * matching the filters, in the list's order. An advertiser's list names its
 * advertiser with `advertiserId`.
 */
export function listExportResponse(request: Request, key: string): Promise<Response> {
  // Its statements are cancelled when the client goes, as the REST router's are.
  return withSignal(request.signal, () => listExport(request, key));
}

async function listExport(request: Request, key: string): Promise<Response> {
  const respId = crypto.randomUUID();
  try {
    const ctx = await requireSessionOrApiKey(request);
    const data = await loadListExport(ctx, key, new URL(request.url).searchParams);
    // The byte order mark makes spreadsheet programs read the file as UTF-8.
    return new Response(`\uFEFF${buildCsv(data.header, data.rows)}`, {
      headers: {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="${csvFileName(data.fileName, data.day)}"`,
        "Cache-Control": "no-store",
      },
    });
  } catch (err) {
    // The REST API's error envelope, 429 with Retry-After for a key over its rate limit included.
    return errorResponse(err, `GET /api/list/${key}/export`, respId);
  }
}
