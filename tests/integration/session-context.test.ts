// loadSessionContext trusts nothing in the token but ids and the session
// version: user state, membership and role are read from the database.
import { db } from "@/lib/db";
import { loadSessionContext } from "@/lib/auth/context";
import { UnauthenticatedError } from "@/lib/errors";
import { useTestDatabase } from "../helpers/db";
import { ctxFor, makeLicensee, makeUser } from "../helpers/factories";

useTestDatabase();

async function setup() {
  const a = await makeLicensee("Licensee A", "a");
  const b = await makeLicensee("Licensee B", "b");
  const user = await makeUser("jane@a.com", [{ licenseeId: a.id, role: "RW", canSwitch: true }]);
  return { a, b, user, claims: { userId: user.id, licenseeId: a.id, sessionVersion: user.sessionVersion } };
}

test("a valid session gets the user, licensee and membership from the database", async () => {
  const { a, user, claims } = await setup();
  expect(await loadSessionContext(claims)).toEqual({
    userId: user.id,
    userName: "jane",
    email: "jane@a.com",
    licenseeId: a.id,
    licenseeName: "Licensee A",
    currencyCode: "USD",
    role: "RW",
    canSwitch: true,
    canChangeSecret: true,
    twoFactorEnabled: false,
    forcePasswordChange: false,
  });
});

test("a bumped sessionVersion (password change, sign-out everywhere) is refused", async () => {
  const { user, claims } = await setup();
  await db.user.update({ where: { id: user.id }, data: { sessionVersion: { increment: 1 } } });
  await expect(loadSessionContext(claims)).rejects.toBeInstanceOf(UnauthenticatedError);
  // A fresh token with the new version is accepted.
  await expect(loadSessionContext({ ...claims, sessionVersion: claims.sessionVersion + 1 })).resolves.toMatchObject({
    userId: user.id,
  });
});

test("a disabled user is refused", async () => {
  const { user, claims } = await setup();
  await db.user.update({ where: { id: user.id }, data: { disabled: true } });
  await expect(loadSessionContext(claims)).rejects.toBeInstanceOf(UnauthenticatedError);
});

test("a licensee the user is not a member of is refused", async () => {
  const { b, claims } = await setup();
  await expect(loadSessionContext({ ...claims, licenseeId: b.id })).rejects.toBeInstanceOf(UnauthenticatedError);
});

test("a removed membership is refused at once", async () => {
  const { a, user, claims } = await setup();
  await db.membership.delete({ where: { userId_licenseeId: { userId: user.id, licenseeId: a.id } } });
  await expect(loadSessionContext(claims)).rejects.toBeInstanceOf(UnauthenticatedError);
});

test("missing or malformed claims and unknown users are refused", async () => {
  const { claims } = await setup();
  await expect(loadSessionContext(null)).rejects.toBeInstanceOf(UnauthenticatedError);
  await expect(loadSessionContext(undefined)).rejects.toBeInstanceOf(UnauthenticatedError);
  await expect(loadSessionContext({ ...claims, userId: Number.NaN })).rejects.toBeInstanceOf(UnauthenticatedError);
  await expect(loadSessionContext({ ...claims, userId: 999999 })).rejects.toBeInstanceOf(UnauthenticatedError);
});

test("the role comes from the membership in the database: a role change applies to the next context", async () => {
  const { a, user } = await setup();
  expect((await ctxFor(user.id, a.id)).role).toBe("RW");
  await db.membership.update({ where: { userId_licenseeId: { userId: user.id, licenseeId: a.id } }, data: { role: "RO" } });
  expect((await ctxFor(user.id, a.id)).role).toBe("RO");
  await db.membership.update({ where: { userId_licenseeId: { userId: user.id, licenseeId: a.id } }, data: { role: "DEMO" } });
  expect((await ctxFor(user.id, a.id)).role).toBe("DEMO");
});

test("a user of two licensees gets each licensee's own role", async () => {
  const { a, b } = await setup();
  const multi = await makeUser("multi@a.com", [
    { licenseeId: a.id, role: "RO" },
    { licenseeId: b.id, role: "RW" },
  ]);
  expect(await ctxFor(multi.id, a.id)).toMatchObject({ licenseeId: a.id, licenseeName: "Licensee A", role: "RO" });
  expect(await ctxFor(multi.id, b.id)).toMatchObject({ licenseeId: b.id, licenseeName: "Licensee B", role: "RW" });
});
