// The resources of the REST API (/api/v1), on top of the same queries and
// mutations as the screens, so roles, licensee scoping, validation, audit and
// optimistic concurrency are exactly those of the UI.
import { db } from "../db";
import type { SessionContext } from "../auth/context";
import { scope, requireWrite } from "../data/gate-core";
import { getAdvertiserOrThrow, listAdvertisers, type AdvertiserSortField } from "../advertisers/queries";
import { updateAdvertiser } from "../advertisers/mutations";
import { ADVERTISER_UPDATE_FIELDS, type AdvertiserUpdateField } from "../advertisers/schema";
import { validationError } from "./errors";

/** User info (shell.md 3): the role as the first authority, the licensee, the advertiser ids. */
export async function getUserInfo(ctx: SessionContext) {
  const advertisers = await db.advertiser.findMany({ where: scope(ctx), select: { id: true }, orderBy: { id: "asc" } });
  return {
    username: ctx.email,
    name: ctx.userName,
    authorities: [`ROLE_${ctx.role}`],
    selectedLicensee: { name: ctx.licenseeName, id: ctx.licenseeId, currencyCode: ctx.currencyCode },
    advertisers,
    canSwitch: ctx.canSwitch,
    canChangeSecret: ctx.canChangeSecret,
    twoFactorEnabled: ctx.twoFactorEnabled,
    forcePasswordChange: ctx.forcePasswordChange,
  };
}

const intParam = (value: string | null) => (value !== null && /^\d+$/.test(value) ? Number(value) : undefined);

/**
 * GET /api/v1/advertisers?page=1&pageSize=20&search=text&sort=name- : shell.md 7's
 * sort is a field plus "+" (ascending) or "-" (descending); an unencoded "+"
 * arrives as a space.
 */
export async function listAdvertisersFromQuery(ctx: SessionContext, url: URL) {
  const q = url.searchParams;
  const rawSort = q.get("sort");
  const field = rawSort?.replace(/[+\- ]+$/, "");
  const { rows, total } = await listAdvertisers(ctx, {
    page: intParam(q.get("page")),
    pageSize: intParam(q.get("pageSize")),
    search: q.get("search") ?? undefined,
    sort: field ? { field: field as AdvertiserSortField, direction: rawSort!.endsWith("-") ? "desc" : "asc" } : undefined,
  });
  return { data: rows, totalNoOfRecords: total };
}

export const BODY_NOT_OBJECT = "The request body must be a JSON object";

async function readJsonObject(request: Request): Promise<Record<string, unknown>> {
  const body: unknown = await request.json().catch(() => undefined);
  if (typeof body !== "object" || body === null || Array.isArray(body)) throw validationError([], BODY_NOT_OBJECT);
  return body as Record<string, unknown>;
}

const UPDATABLE: ReadonlySet<string> = new Set(ADVERTISER_UPDATE_FIELDS);

/**
 * PATCH /api/v1/advertisers/{id} with `{ version, ...fields }`: the fields
 * given replace the stored ones, the others stay; then the same validation
 * and version check as the edit form.
 */
export async function patchAdvertiser(ctx: SessionContext, id: string, request: Request) {
  requireWrite(ctx); // before anything is read: read-only and demo keys learn nothing
  const { version, ...fields } = await readJsonObject(request);
  if (typeof version !== "number" || !Number.isSafeInteger(version)) {
    throw validationError(["version"], "version is required: the version of the advertiser you last read");
  }
  const unknown = Object.keys(fields).filter((k) => !UPDATABLE.has(k));
  if (unknown.length > 0) throw validationError([unknown[0]], `${unknown[0]} cannot be changed here`);
  const current = await getAdvertiserOrThrow(ctx, id);
  const merged: Record<string, unknown> = {};
  for (const key of ADVERTISER_UPDATE_FIELDS as readonly AdvertiserUpdateField[]) {
    merged[key] = key in fields ? fields[key] : current[key];
  }
  return updateAdvertiser(ctx, id, version, merged);
}
