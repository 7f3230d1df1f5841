// The permission registry's entries of audience backfill (lib/audiences/backfill/actions.ts)
// and its REST routes (/api/v1/audiences/{id}/backfill, .../templates, .../validate),
// spread into PERMISSION_REGISTRY. The website audience they name is found or
// made while the arguments are built, before the matrix takes its row counts.
import { db } from "@/lib/db";
import * as f from "../helpers/factories";
import type { MatrixFixture } from "./permission-fixture";
import { json, type RegistryEntry } from "./permission-types";

async function backfillAudience(fx: MatrixFixture): Promise<number> {
  const name = "Matrix backfill audience";
  const found = await db.audience.findFirst({ where: { licenseeId: fx.a.licenseeId, name }, select: { id: true } });
  return (found ?? (await f.makeAudience({ id: fx.a.advertiserId, licenseeId: fx.a.licenseeId }, { name, source: "WEBSITE" }))).id;
}
const QUERY = { template: "VISITED_PAGE", text: "/product", minCount: "2", days: "30", schedule: "ONCE" };
const at = async (fx: MatrixFixture, suffix = "") => {
  const id = await backfillAudience(fx);
  return { id, path: `/api/v1/audiences/${id}/backfill${suffix}`, params: { id: String(id) } };
};

export const BACKFILL_ENTRIES: Record<string, RegistryEntry> = {
  "lib/audiences/backfill/actions.ts#addBackfillRuleAction": { access: "write", args: async (fx) => [{ audienceId: await backfillAudience(fx), ...QUERY }] },
  "lib/audiences/backfill/actions.ts#validateBackfillQueryAction": { access: "read", args: async (fx) => [{ audienceId: await backfillAudience(fx), ...QUERY }] },
  "lib/audiences/backfill/actions.ts#backfillStatusAction": { access: "read", args: async (fx) => [{ audienceId: await backfillAudience(fx) }] },
  "lib/audiences/backfill/actions.ts#backfillTemplatesAction": { access: "read", args: async (fx) => [{ audienceId: await backfillAudience(fx) }] },
  "GET /api/v1/audiences/{id}/backfill": {
    access: "read",
    request: async (fx) => {
      const { path, params } = await at(fx);
      return { method: "GET", path, params };
    },
  },
  "POST /api/v1/audiences/{id}/backfill": {
    access: "write",
    request: async (fx) => {
      const { path, params } = await at(fx);
      return { method: "POST", path, params, ...json(QUERY) };
    },
  },
  "POST /api/v1/audiences/{id}/backfill/templates": {
    access: "read",
    request: async (fx) => {
      const { path, params } = await at(fx, "/templates");
      return { method: "POST", path, params };
    },
  },
  "POST /api/v1/audiences/{id}/backfill/validate": {
    access: "read",
    request: async (fx) => {
      const { path, params } = await at(fx, "/validate");
      return { method: "POST", path, params, ...json(QUERY) };
    },
  },
};
