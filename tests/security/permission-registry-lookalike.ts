// The permission registry's entries of look-alike refresh and the conversion
// estimator (lib/audiences/lookalike/actions.ts, lib/audiences/estimator/actions.ts)
// and their REST routes, spread into PERMISSION_REGISTRY. The look-alike they
// name is found or made (LIVE, so a first refresh succeeds; later ones answer
// 409) while the arguments are built, before the matrix takes its row counts.
import { db } from "@/lib/db";
import * as f from "../helpers/factories";
import type { MatrixFixture } from "./permission-fixture";
import { json, type RegistryEntry } from "./permission-types";

async function audienceNamed(fx: MatrixFixture, name: string, data: { source: "WEBSITE" | "LOOK_ALIKE"; lookAlikeStatus?: "LIVE" }): Promise<number> {
  const found = await db.audience.findFirst({ where: { licenseeId: fx.a.licenseeId, name }, select: { id: true } });
  return (found ?? (await f.makeAudience({ id: fx.a.advertiserId, licenseeId: fx.a.licenseeId }, { name, ...data }))).id;
}
/** A live look-alike of A; the action and the route each have their own (the first refresh leaves it IN_PROCESSING). */
const lookAlikeOf = (fx: MatrixFixture, name = "Matrix look-alike") => audienceNamed(fx, name, { source: "LOOK_ALIKE", lookAlikeStatus: "LIVE" });
const estimate = async (fx: MatrixFixture) => ({
  advertiserId: fx.a.advertiserId,
  targetIds: [await audienceNamed(fx, "Matrix estimator target", { source: "WEBSITE" })],
  blockedIds: [],
  goal: "INSTALL",
});

export const LOOKALIKE_ENTRIES: Record<string, RegistryEntry> = {
  "lib/audiences/lookalike/actions.ts#rebuildLookAlikeAction": { access: "write", args: async (fx) => [{ id: await lookAlikeOf(fx), mode: "refresh" }] },
  "POST /api/v1/audiences/{id}/refresh-lookalike": {
    access: "write",
    request: async (fx) => {
      const id = await lookAlikeOf(fx, "Matrix look-alike refreshed by the API");
      return { method: "POST", path: `/api/v1/audiences/${id}/refresh-lookalike`, params: { id: String(id) }, ...json({ mode: "refresh" }) };
    },
  },
  "lib/audiences/estimator/actions.ts#estimateConversionsAction": { access: "read", args: async (fx) => [await estimate(fx)] },
  "POST /api/v1/audiences/estimate": {
    access: "read",
    request: async (fx) => ({ method: "POST", path: "/api/v1/audiences/estimate", ...json(await estimate(fx)) }),
  },
};
