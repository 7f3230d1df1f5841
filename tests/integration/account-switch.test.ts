// Licensee switching: only with the switch option, only into licensees the
// user belongs to, with that licensee's role; and how a session takes the new claims.
import { db } from "@/lib/db";
import { issueLoginTicket } from "@/lib/auth/tickets";
import { listSwitchableLicensees, switchLicensee } from "@/lib/account/switch-licensee";
import { applySessionUpdate } from "@/lib/auth/session-update";
import { ForbiddenError, NotFoundError } from "@/lib/errors";
import { useTestDatabase } from "../helpers/db";
import { ctxFor, makeLicensee, makeUser } from "../helpers/factories";

useTestDatabase();

async function setup() {
  const zeta = await makeLicensee("Zeta Media", "zeta");
  const alpha = await makeLicensee("alpha Agency", "alpha");
  const other = await makeLicensee("Other", "other");
  const user = await makeUser("multi@zeta.com", [
    { licenseeId: zeta.id, role: "RW", canSwitch: true },
    { licenseeId: alpha.id, role: "RO", canSwitch: true },
  ]);
  return { zeta, alpha, other, user, ctx: await ctxFor(user.id, zeta.id) };
}

test("the licensees to choose from are the user's own, sorted by name, the current one marked", async () => {
  const { zeta, alpha, ctx } = await setup();
  expect(await listSwitchableLicensees(ctx)).toEqual([
    { id: alpha.id, name: "alpha Agency", current: false },
    { id: zeta.id, name: "Zeta Media", current: true },
  ]);
});

test("switching into a member licensee gives claims for it, with that licensee's role", async () => {
  const { alpha, user, ctx } = await setup();
  const { claims, context } = await switchLicensee(ctx, alpha.id);
  expect(claims).toEqual({ userId: user.id, licenseeId: alpha.id, sessionVersion: user.sessionVersion });
  expect(context).toMatchObject({ licenseeId: alpha.id, licenseeName: "alpha Agency", role: "RO" });
});

test("a licensee the user is not a member of is refused, and nothing changes", async () => {
  const { other, user, ctx } = await setup();
  const before = await db.user.findUniqueOrThrow({ where: { id: user.id }, include: { memberships: true } });
  await expect(switchLicensee(ctx, other.id)).rejects.toBeInstanceOf(NotFoundError);
  for (const bad of [999999, "abc", -1, null, 1.5]) {
    await expect(switchLicensee(ctx, bad)).rejects.toBeInstanceOf(NotFoundError);
  }
  expect(await db.user.findUniqueOrThrow({ where: { id: user.id }, include: { memberships: true } })).toEqual(before);
});

test("without the switch option of the current membership, switching and listing are refused", async () => {
  const { zeta, alpha } = await setup();
  const single = await makeUser("single@zeta.com", [
    { licenseeId: zeta.id, role: "RW", canSwitch: false },
    { licenseeId: alpha.id, role: "RW", canSwitch: true },
  ]);
  const ctx = await ctxFor(single.id, zeta.id);
  await expect(switchLicensee(ctx, alpha.id)).rejects.toBeInstanceOf(ForbiddenError);
  await expect(listSwitchableLicensees(ctx)).rejects.toBeInstanceOf(ForbiddenError);
});

describe("applySessionUpdate (the jwt callback's update step)", () => {
  test("a ticket our server issued for the token's user replaces licensee and session version, once", async () => {
    const { zeta, alpha, user } = await setup();
    const token = { sub: String(user.id), claims: { userId: user.id, licenseeId: zeta.id, sessionVersion: 1 } };
    await db.user.update({ where: { id: user.id }, data: { sessionVersion: 2 } });
    const ticket = await issueLoginTicket(user.id, alpha.id);
    const updated = await applySessionUpdate(token, { reissueTicket: ticket });
    expect(updated).toEqual({ ...token, claims: { userId: user.id, licenseeId: alpha.id, sessionVersion: 2 } });
    // Spent: replaying it changes nothing.
    expect(await applySessionUpdate(token, { reissueTicket: ticket })).toBe(token);
  });

  test("claims sent by a browser, garbage, or another user's ticket change nothing", async () => {
    const { zeta, alpha, user } = await setup();
    const token = { claims: { userId: user.id, licenseeId: zeta.id, sessionVersion: 1 } };
    const forged = { claims: { userId: user.id + 1, licenseeId: alpha.id, sessionVersion: 1 } };
    expect(await applySessionUpdate(token, forged)).toBe(token);
    expect(await applySessionUpdate(token, { reissueTicket: "x".repeat(43) })).toBe(token);
    expect(await applySessionUpdate(token, null)).toBe(token);
    const stranger = await makeUser("stranger@alpha.com", [{ licenseeId: alpha.id, role: "RW" }]);
    expect(await applySessionUpdate(token, { reissueTicket: await issueLoginTicket(stranger.id, alpha.id) })).toBe(token);
    expect(await applySessionUpdate({}, { reissueTicket: await issueLoginTicket(user.id, alpha.id) })).toEqual({});
  });
});
