// The permission registry's entries of audiences (lib/audiences/actions.ts),
// the MMP postback key and endpoint (lib/audiences/postback), spread into
// PERMISSION_REGISTRY. The audience the update changes is found
// or made while the arguments are built, before the matrix takes its row counts.
import { db } from "@/lib/db";
import { POSTBACK_KEY_SETTING, postbackKeyHash } from "@/lib/audiences/postback/keys";
import * as f from "../helpers/factories";
import type { MatrixFixture } from "./permission-fixture";
import { json, type RegistryEntry } from "./permission-types";

async function audienceOf(fx: MatrixFixture): Promise<{ id: number; version: number }> {
  const name = "Matrix audience";
  const found = await db.audience.findFirst({ where: { licenseeId: fx.a.licenseeId, name }, select: { id: true, version: true } });
  return found ?? (await f.makeAudience({ id: fx.a.advertiserId, licenseeId: fx.a.licenseeId }, { name }));
}

const audienceForm = (advertiserId: number) => ({
  advertiserId, name: "Matrix audience form", description: "", source: "WEBSITE", kind: "MMP_RULE", deviceIdentifier: "ADID",
  consentType: "BOTH", osTypeId: "", userExpiryDays: "30", partnerSegmentId: "", seedAudienceId: "",
  ruleGroups: [{ rules: [{ filterId: 1, operatorId: 1, value: "/checkout", duration: "30", durationUnit: "DAY" }] }],
});

/** A postback key of A's advertiser, (re)stored while the request is built, before the matrix counts rows. */
const MATRIX_POSTBACK_KEY = "matrix-postback-key-0123456789abcdefghijklm";
async function postbackKeyOf(fx: MatrixFixture): Promise<string> {
  const value = postbackKeyHash(MATRIX_POSTBACK_KEY);
  await db.advertiserSetting.upsert({
    where: { advertiserId_key: { advertiserId: fx.a.advertiserId, key: POSTBACK_KEY_SETTING } },
    create: { licenseeId: fx.a.licenseeId, advertiserId: fx.a.advertiserId, key: POSTBACK_KEY_SETTING, type: "STRING", value },
    update: { value },
  });
  return MATRIX_POSTBACK_KEY;
}
const postbackEvent = { event: "af_purchase", device_id: "6D92078A-8246-4BA4-AE5B-76104861E7DC", os: "ios", country: "DE", value: "4.99" };

export const AUDIENCE_ENTRIES: Record<string, RegistryEntry> = {
  // Generating / rotating the advertiser's MMP postback key (advertiser SETTINGS tab): RW only.
  "lib/audiences/postback/actions.ts#rotatePostbackKeyAction": { access: "write", args: (fx) => [{ advertiserId: fx.a.advertiserId }] },
  // The same for API callers (lib/audiences/postback/rest.ts): the key's status and URL template (every role), and a new key (RW only).
  "GET /api/v1/advertisers/{id}/mmp-postback": {
    access: "read",
    request: (fx) => ({ method: "GET", path: `/api/v1/advertisers/${fx.a.advertiserId}/mmp-postback`, params: { id: String(fx.a.advertiserId) } }),
  },
  "POST /api/v1/advertisers/{id}/mmp-postback/key": {
    access: "write",
    request: (fx) => ({ method: "POST", path: `/api/v1/advertisers/${fx.a.advertiserId}/mmp-postback/key`, params: { id: String(fx.a.advertiserId) } }),
  },
  "app/api/mmp/[advertiserId]/route.ts#GET": {
    access: "public",
    reason: "the MMP postback endpoint, called server to server by advertisers' MMPs; the advertiser's postback key authenticates: stores one user event",
    writes: ["UserEvent", "RateLimit"],
    mustWrite: ["UserEvent"],
    request: async (fx) => ({
      method: "GET",
      path: `/api/mmp/${fx.a.advertiserId}?${new URLSearchParams({ key: await postbackKeyOf(fx), ...postbackEvent })}`,
      params: { advertiserId: String(fx.a.advertiserId) },
    }),
  },
  "app/api/mmp/[advertiserId]/route.ts#HEAD": {
    access: "public",
    reason: "link checkers and previews probe the postback URL with HEAD: refused (405), never stored",
    writes: [],
    request: async (fx) => ({
      method: "HEAD",
      path: `/api/mmp/${fx.a.advertiserId}?${new URLSearchParams({ key: await postbackKeyOf(fx), ...postbackEvent })}`,
      params: { advertiserId: String(fx.a.advertiserId) },
    }),
  },
  "app/api/mmp/[advertiserId]/route.ts#POST": {
    access: "public",
    reason: "the MMP postback endpoint with a JSON or form body (MMPs that POST); the postback key authenticates: stores one user event",
    writes: ["UserEvent", "RateLimit"],
    mustWrite: ["UserEvent"],
    request: async (fx) => ({
      method: "POST",
      path: `/api/mmp/${fx.a.advertiserId}`,
      params: { advertiserId: String(fx.a.advertiserId) },
      ...json({ key: await postbackKeyOf(fx), ...postbackEvent }),
    }),
  },
  "lib/audiences/actions.ts#createAudienceAction": { access: "write", args: (fx) => [audienceForm(fx.a.advertiserId)] },
  "lib/audiences/actions.ts#updateAudienceAction": {
    access: "write",
    args: async (fx) => {
      const audience = await audienceOf(fx);
      return [{ id: audience.id, version: audience.version, ...audienceForm(fx.a.advertiserId), name: "Matrix audience" }];
    },
  },
  "lib/audiences/actions.ts#audienceSeedOptionsAction": { access: "read", args: (fx) => [{ advertiserId: fx.a.advertiserId }] },
  "lib/audiences/chart/actions.ts#audienceChartAction": { access: "read", args: async (fx) => [{ audienceId: (await audienceOf(fx)).id }] },
  "POST /api/v1/audiences/{id}/chart": {
    access: "read",
    request: async (fx) => {
      const audience = await audienceOf(fx);
      return { method: "POST", path: `/api/v1/audiences/${audience.id}/chart`, params: { id: String(audience.id) }, ...json({}) };
    },
  },
};
