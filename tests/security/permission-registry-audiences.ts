// The permission registry's entries of audiences (lib/audiences/actions.ts),
// spread into PERMISSION_REGISTRY. The audience the update changes is found
// or made while the arguments are built, before the matrix takes its row counts.
import { db } from "@/lib/db";
import * as f from "../helpers/factories";
import type { MatrixFixture } from "./permission-fixture";
import type { RegistryEntry } from "./permission-types";

async function audienceOf(fx: MatrixFixture): Promise<{ id: number; version: number }> {
  const name = "Matrix audience";
  const found = await db.audience.findFirst({ where: { licenseeId: fx.a.licenseeId, name }, select: { id: true, version: true } });
  return found ?? (await f.makeAudience({ id: fx.a.advertiserId, licenseeId: fx.a.licenseeId }, { name }));
}

const audienceForm = (advertiserId: number) => ({
  advertiserId, name: "Matrix audience form", description: "", source: "WEBSITE", kind: "MMP_RULE", deviceIdentifier: "ADID",
  consentType: "BOTH", osTypeId: "", userExpiryDays: "30", dmpSegment: "", seedAudienceId: "",
  ruleGroups: [{ rules: [{ filterId: 1, operatorId: 1, value: "/checkout", duration: "30", durationUnit: "DAY" }] }],
});

export const AUDIENCE_ENTRIES: Record<string, RegistryEntry> = {
  "lib/audiences/actions.ts#createAudienceAction": { access: "write", args: (fx) => [audienceForm(fx.a.advertiserId)] },
  "lib/audiences/actions.ts#updateAudienceAction": {
    access: "write",
    args: async (fx) => {
      const audience = await audienceOf(fx);
      return [{ id: audience.id, version: audience.version, ...audienceForm(fx.a.advertiserId), name: "Matrix audience" }];
    },
  },
  "lib/audiences/actions.ts#audienceSeedOptionsAction": { access: "read", args: (fx) => [{ advertiserId: fx.a.advertiserId }] },
};
