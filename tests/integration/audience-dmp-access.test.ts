// The DMP access check (business.md 4, 7): read from the advertiser's
// IS_DMP_ACCESS setting; no setting (or another value) is no access; creating
// a DMP audience without access is a field error on the source that creates
// nothing; another licensee's advertiser is not found; the REST call answers the same.
import { db } from "@/lib/db";
import { dmpAccessOf } from "@/lib/audiences/dmp/access";
import { DMP_ACCESS_MESSAGES, DMP_ACCESS_SETTING } from "@/lib/audiences/dmp/messages";
import { createAudience } from "@/lib/audiences/mutations";
import { toActionError } from "@/lib/actions/server-result";
import { scopeOf } from "@/lib/data/scope";
import { useTestDatabase } from "../helpers/db";
import * as f from "../helpers/factories";

useTestDatabase();

const dmpForm = (advertiserId: number, partnerSegmentId: number) => ({
  advertiserId, name: "Auto intenders", description: "", source: "DMP", kind: "CRM", deviceIdentifier: "ADID", consentType: "BOTH",
  osTypeId: "", userExpiryDays: "30", partnerSegmentId, seedAudienceId: "", ruleGroups: [],
});
/** A segment of the licensee's partner catalogue (lib/partner-segments), for the DMP audience to pick. */
const segmentOf = async (licenseeId: number) =>
  (await db.partnerSegment.create({ data: { licenseeId, provider: "Eyeota", providerSegmentId: "auto-1", name: "Auto intenders", taxonomyPath: "Auto > Intenders", size: 5000n, cpm: "1.5" } })).id;
const grant = (licenseeId: number, advertiserId: number, value = "true") =>
  db.advertiserSetting.create({ data: { licenseeId, advertiserId, key: DMP_ACCESS_SETTING, type: "BOOLEAN", value } });

test("without the setting there is no access and a DMP audience is refused on its source; with it, it is created", async () => {
  const { licensee, ctx, advertiser } = await f.makeTenantWithAdvertiser();
  const segmentId = await segmentOf(licensee.id);
  expect(await dmpAccessOf(ctx, advertiser.id)).toEqual({ advertiserId: advertiser.id, isDmpAccess: false });
  const refused = await createAudience(scopeOf(ctx), dmpForm(advertiser.id, segmentId)).then(() => null, (e: unknown) => toActionError(e));
  expect(refused).toMatchObject({ status: 400, fieldErrors: { source: DMP_ACCESS_MESSAGES.noAccess } });
  expect(await db.audience.count({ where: { advertiserId: advertiser.id } })).toBe(0);

  await grant(licensee.id, advertiser.id);
  expect(await dmpAccessOf(ctx, advertiser.id)).toEqual({ advertiserId: advertiser.id, isDmpAccess: true });
  expect(await createAudience(scopeOf(ctx), dmpForm(advertiser.id, segmentId))).toMatchObject({ source: "DMP", partnerSegmentId: segmentId, reachEstimate: 5000 });
});

test("a setting of another value is no access; another licensee's advertiser is not found", async () => {
  const { licensee, ctx, advertiser } = await f.makeTenantWithAdvertiser();
  await grant(licensee.id, advertiser.id, "false");
  expect((await dmpAccessOf(ctx, advertiser.id)).isDmpAccess).toBe(false);
  const other = await f.makeTenantWithAdvertiser();
  await grant(other.licensee.id, other.advertiser.id);
  expect(await dmpAccessOf(ctx, other.advertiser.id).then(() => null, (e: unknown) => toActionError(e).status)).toBe(404);
});
