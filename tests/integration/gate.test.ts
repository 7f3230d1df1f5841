// The data gate end to end: another licensee's advertiser is "not found" for
// reads and writes, and read-only / demo users change nothing at all. Writes
// go through the server actions, as the browser sends them.
import "../helpers/action-session";
import { db } from "@/lib/db";
import { NotFoundError } from "@/lib/errors";
import { parseId } from "@/lib/data/gate";
import { scopeOf } from "@/lib/data/scope";
import type { SessionContext } from "@/lib/auth/context";
import { getAdvertiserOrThrow, listAdvertisers } from "@/lib/advertisers/queries";
import { setAdvertiserActive } from "@/lib/advertisers/mutations";
import { setAdvertiserActiveAction, updateAdvertiserAction } from "@/lib/advertisers/actions";
import { archiveAdvertiserAction } from "@/lib/entities/actions";
import { requireSessionMock } from "../helpers/session-mock";
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

/** An action's refusal: 404 (not this licensee's) or 403 (a role that may not write). */
const refused = (status: 403 | 404) => ({ ok: false, status });

/**
 * Deactivating the advertiser as `ctx` is refused with `status`; so are
 * activating and archiving it once it is inactive (made so directly), and the
 * row is left as it was. Returns that inactive row.
 */
async function expectStatusChangesRefused(ctx: SessionContext, advertiserId: number, status: 403 | 404) {
  requireSessionMock.mockResolvedValue(ctx);
  expect(await setAdvertiserActiveAction({ id: advertiserId, active: false })).toMatchObject(refused(status));
  await db.advertiser.update({ where: { id: advertiserId }, data: { active: false } });
  const inactive = await db.advertiser.findUniqueOrThrow({ where: { id: advertiserId } });
  expect(await setAdvertiserActiveAction({ id: advertiserId, active: true })).toMatchObject(refused(status));
  expect(await archiveAdvertiserAction({ id: advertiserId })).toMatchObject(refused(status));
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

    requireSessionMock.mockResolvedValue(ctxA);
    expect(await updateAdvertiserAction({ id: advertiserB.id, version: before.version, ...validAdvertiserInput() })).toMatchObject(refused(404));
    const inactive = await expectStatusChangesRefused(ctxA, advertiserB.id, 404);
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
    await expect(setAdvertiserActive(scopeOf(ctxA), bad, false)).rejects.toBeInstanceOf(NotFoundError);
  });

  test("a missing id of the own licensee is the same NotFoundError", async () => {
    const { ctxA } = await twoTenants();
    await expect(getAdvertiserOrThrow(ctxA, 999999)).rejects.toThrow("Advertiser not found");
  });

  test("an id beyond the INT4 column range is NotFoundError, not a database error", async () => {
    const { ctxA } = await twoTenants();
    await expect(getAdvertiserOrThrow(ctxA, "3000000000")).rejects.toBeInstanceOf(NotFoundError);
    await expect(setAdvertiserActive(scopeOf(ctxA), 3000000000, false)).rejects.toBeInstanceOf(NotFoundError);
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

  test("can read but every write is refused (403) and writes nothing", async () => {
    const { ctx, advertiser, campaign } = await setup();
    expect((await getAdvertiserOrThrow(ctx, advertiser.id)).id).toBe(advertiser.id);

    requireSessionMock.mockResolvedValue(ctx);
    expect(await updateAdvertiserAction({ id: advertiser.id, version: advertiser.version, ...validAdvertiserInput() })).toMatchObject(refused(403));
    // Refused before validation: invalid input gets the same answer.
    expect(await updateAdvertiserAction({ id: advertiser.id, version: advertiser.version } as never)).toMatchObject(refused(403));
    const inactive = await expectStatusChangesRefused(ctx, advertiser.id, 403);
    expect(inactive).toMatchObject({ name: advertiser.name, version: advertiser.version, isArchived: false });
    expect(await db.campaign.findUniqueOrThrow({ where: { id: campaign.id } })).toEqual(campaign);
    expect(await db.activityLog.count()).toBe(0);
  });
});
