// The data gate end to end: another licensee's advertiser is "not found" for
// reads and writes, and read-only / demo users change nothing at all.
import { db } from "@/lib/db";
import { NotFoundError, ForbiddenError } from "@/lib/errors";
import { parseId } from "@/lib/data/gate";
import type { SessionContext } from "@/lib/auth/context";
import { getAdvertiserOrThrow, listAdvertisers } from "@/lib/advertisers/queries";
import { archiveAdvertiser, setAdvertiserActive, updateAdvertiser } from "@/lib/advertisers/mutations";
import { useTestDatabase } from "../helpers/db";
import { ctxFor, makeAdvertiser, makeCampaign, makeLicensee, makeUser, validAdvertiserInput } from "../helpers/factories";

useTestDatabase();

async function twoTenants() {
  const a = await makeLicensee("Licensee A", "a");
  const b = await makeLicensee("Licensee B", "b");
  const userA = await makeUser("rw@a.com", [{ licenseeId: a.id, role: "RW" }]);
  const ctxA = await ctxFor(userA.id, a.id);
  const advertiserA = await makeAdvertiser(a.id, { name: "Mine" });
  const advertiserB = await makeAdvertiser(b.id, { name: "Theirs" });
  return { a, b, ctxA, advertiserA, advertiserB };
}

/**
 * Deactivating the advertiser from `ctx` is refused with `refusal`; so are
 * activating and archiving it once it is inactive (made so directly), and the
 * row is left as it was. Returns that inactive row.
 */
async function expectStatusChangesRefused(ctx: SessionContext, advertiserId: number, refusal: typeof NotFoundError | typeof ForbiddenError) {
  await expect(setAdvertiserActive(ctx, advertiserId, false)).rejects.toBeInstanceOf(refusal);
  await db.advertiser.update({ where: { id: advertiserId }, data: { active: false } });
  const inactive = await db.advertiser.findUniqueOrThrow({ where: { id: advertiserId } });
  await expect(setAdvertiserActive(ctx, advertiserId, true)).rejects.toBeInstanceOf(refusal);
  await expect(archiveAdvertiser(ctx, advertiserId)).rejects.toBeInstanceOf(refusal);
  expect(await db.advertiser.findUniqueOrThrow({ where: { id: advertiserId } })).toEqual(inactive);
  return inactive;
}

describe("licensee isolation", () => {
  test("a user of licensee A gets NotFoundError for licensee B's advertiser", async () => {
    const { ctxA, advertiserA, advertiserB } = await twoTenants();
    await expect(getAdvertiserOrThrow(ctxA, advertiserB.id)).rejects.toBeInstanceOf(NotFoundError);
    await expect(getAdvertiserOrThrow(ctxA, String(advertiserB.id))).rejects.toBeInstanceOf(NotFoundError);
    expect((await getAdvertiserOrThrow(ctxA, advertiserA.id)).name).toBe("Mine");
  });

  test("updating, (de)activating or archiving B's advertiser from A is NotFoundError and changes nothing", async () => {
    const { ctxA, advertiserB } = await twoTenants();
    const campaignB = await makeCampaign(advertiserB);
    const before = await db.advertiser.findUniqueOrThrow({ where: { id: advertiserB.id } });

    await expect(updateAdvertiser(ctxA, advertiserB.id, before.version, validAdvertiserInput())).rejects.toBeInstanceOf(
      NotFoundError,
    );
    const inactive = await expectStatusChangesRefused(ctxA, advertiserB.id, NotFoundError);
    expect(inactive).toMatchObject({ name: before.name, domain: before.domain, version: before.version });
    expect(await db.campaign.findUniqueOrThrow({ where: { id: campaignB.id } })).toEqual(campaignB);
    expect(await db.activityLog.count()).toBe(0);
  });

  test("lists show only the session's licensee", async () => {
    const { ctxA, advertiserA } = await twoTenants();
    const { rows, total } = await listAdvertisers(ctxA);
    expect(total).toBe(1);
    expect(rows.map((r) => r.id)).toEqual([advertiserA.id]);
  });

  test.each(["abc", "-1", "0", "1.5", "", "12abc"])("the id %p is NotFoundError", async (bad) => {
    const { ctxA } = await twoTenants();
    expect(() => parseId(bad)).toThrow(NotFoundError);
    await expect(getAdvertiserOrThrow(ctxA, bad)).rejects.toBeInstanceOf(NotFoundError);
    await expect(setAdvertiserActive(ctxA, bad, false)).rejects.toBeInstanceOf(NotFoundError);
  });

  test("a missing id of the own licensee is the same NotFoundError", async () => {
    const { ctxA } = await twoTenants();
    await expect(getAdvertiserOrThrow(ctxA, 999999)).rejects.toThrow("Advertiser not found");
  });

  test("an id beyond the INT4 column range is NotFoundError, not a database error", async () => {
    const { ctxA } = await twoTenants();
    await expect(getAdvertiserOrThrow(ctxA, "3000000000")).rejects.toBeInstanceOf(NotFoundError);
    await expect(setAdvertiserActive(ctxA, 3000000000, false)).rejects.toBeInstanceOf(NotFoundError);
  });
});

describe.each(["RO", "DEMO"] as const)("a %s user", (role) => {
  async function setup() {
    const licensee = await makeLicensee("Licensee", "l");
    const user = await makeUser(`${role}@l.com`, [{ licenseeId: licensee.id, role }]);
    const ctx = await ctxFor(user.id, licensee.id);
    const advertiser = await makeAdvertiser(licensee.id);
    const campaign = await makeCampaign(advertiser);
    return { ctx, advertiser, campaign };
  }

  test("can read but every write is ForbiddenError and writes nothing", async () => {
    const { ctx, advertiser, campaign } = await setup();
    expect((await getAdvertiserOrThrow(ctx, advertiser.id)).id).toBe(advertiser.id);

    await expect(updateAdvertiser(ctx, advertiser.id, advertiser.version, validAdvertiserInput())).rejects.toBeInstanceOf(
      ForbiddenError,
    );
    // Refused before validation: invalid input gets the same answer.
    await expect(updateAdvertiser(ctx, advertiser.id, advertiser.version, {})).rejects.toBeInstanceOf(ForbiddenError);
    const inactive = await expectStatusChangesRefused(ctx, advertiser.id, ForbiddenError);
    expect(inactive).toMatchObject({ name: advertiser.name, version: advertiser.version, isArchived: false });
    expect(await db.campaign.findUniqueOrThrow({ where: { id: campaign.id } })).toEqual(campaign);
    expect(await db.activityLog.count()).toBe(0);
  });
});
