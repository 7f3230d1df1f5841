// The permission registry's entries of the creatives part (lib/creatives/actions.ts
// and the creatives' custom REST routes), spread into PERMISSION_REGISTRY.
// The records they name beyond the shared fixture (a tag set, a strategy of
// their own, an exchange) are found or made while the arguments are built,
// before the matrix takes its row counts: the fixture's strategy stays
// untouched (its update entry expects version 1).
import { db } from "@/lib/db";
import * as f from "../helpers/factories";
import type { MatrixFixture } from "./permission-fixture";
import { json, type RegistryEntry } from "./permission-types";
import { anyExchangeId, campaignStrategyOf } from "./matrix-records";

const ids = { kktuCode: "KKTU-1", person: "Alice Smith", erId: "ER-12345" };

async function tagSetOf(fx: MatrixFixture): Promise<number> {
  const name = "Matrix tag set";
  const found = await db.creativeSet.findFirst({ where: { licenseeId: fx.a.licenseeId, name }, select: { id: true } });
  return (found ?? (await f.makeCreativeSet({ id: fx.a.advertiserId, licenseeId: fx.a.licenseeId }, { name, type: "THIRD_PARTY_AD_TAGS" }))).id;
}

/** A strategy only the association entries change. */
const associateStrategyOf = (fx: MatrixFixture) => campaignStrategyOf(fx, "Matrix association strategy");


async function creativeVersion(id: number): Promise<number> {
  return (await db.creative.findUniqueOrThrow({ where: { id }, select: { version: true } })).version;
}

export const CREATIVE_ENTRIES: Record<string, RegistryEntry> = {
  "lib/creatives/actions.ts#saveCreativesAction": {
    access: "write",
    args: async (fx) => [
      {
        creativeSetId: await tagSetOf(fx),
        type: "THIRD_PARTY_AD_TAGS",
        creatives: [{ name: "Matrix tag", width: 300, height: 250, clickDestinationId: fx.a.clickDestinationId, adTag: '<script src="https://ads.example.com/t.js"></script>' }],
      },
    ],
  },
  "lib/creatives/actions.ts#updateCreativeAction": {
    access: "write",
    args: async (fx) => [{ id: fx.a.creativeId, version: await creativeVersion(fx.a.creativeId), type: "IMAGE", name: "Matrix creative edited", clickDestinationId: fx.a.clickDestinationId, ...ids }],
  },
  "lib/creatives/actions.ts#associateStrategiesAction": {
    access: "write",
    args: async (fx) => [{ kind: "creative", ids: [fx.a.creativeId], strategyIds: [await associateStrategyOf(fx)], replaceExisting: true }],
  },
  "lib/creatives/actions.ts#strategyPickerAction": {
    access: "read",
    args: (fx) => [{ kind: "creative", ids: [fx.a.creativeId], advertiserId: fx.a.advertiserId, creativeType: "IMAGE" }],
  },
  "lib/creatives/actions.ts#setCreativeReviewAction": {
    access: "write",
    args: async (fx) => [{ creativeId: fx.a.creativeId, aggregatorId: await anyExchangeId(), status: "REJECTED", reason: "Matrix rejection" }],
  },
  "POST /api/v1/creatives/associate-strategies": {
    access: "write",
    request: async (fx) => ({
      method: "POST",
      path: "/api/v1/creatives/associate-strategies",
      ...json({ creativesList: [fx.a.creativeId], strategyList: [await associateStrategyOf(fx)], replaceExistingCreatives: true }),
    }),
  },
  "PUT /api/v1/creatives/{id}/reviews/{aggregatorId}": {
    access: "write",
    request: async (fx) => {
      const aggregatorId = String(await anyExchangeId());
      return {
        method: "PUT",
        path: `/api/v1/creatives/${fx.a.creativeId}/reviews/${aggregatorId}`,
        params: { id: String(fx.a.creativeId), aggregatorId },
        ...json({ status: "APPROVED" }),
      };
    },
  },
};
