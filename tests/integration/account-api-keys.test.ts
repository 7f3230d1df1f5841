// API keys: created keys act as their user in their licensee, are stored only
// hashed, are refused once revoked; demo and read-only users cannot create them.
import { db } from "@/lib/db";
import { hashApiKey, resolveApiKey } from "@/lib/auth/api-key";
import { createApiKey, listApiKeys, revokeApiKey } from "@/lib/account/api-keys";
import { scopeOf } from "@/lib/data/scope";
import { toActionError } from "@/lib/actions/server-result";
import { ForbiddenError, NotFoundError } from "@/lib/errors";
import { useTestDatabase } from "../helpers/db";
import { makeTenant, ctxFor } from "../helpers/factories";

useTestDatabase();

const get = () => new Request("http://localhost/api/v1/me");

test("a created key resolves to its user's context in its licensee, and only its hash is stored", async () => {
  const { ctx } = await makeTenant("RW");
  const { key, secret } = await createApiKey(scopeOf(ctx), { name: "  Reporting  " });
  expect(key).toMatchObject({ name: "Reporting", revokedAt: null, lastUsedAt: null });
  expect(secret).toMatch(new RegExp(`^dsp_${key.prefix}_`));

  const row = await db.apiKey.findUniqueOrThrow({ where: { id: key.id } });
  expect(row.keyHash).toBe(hashApiKey(secret));
  expect(JSON.stringify(row)).not.toContain(secret.slice(13));

  expect(await resolveApiKey(secret, get())).toEqual(ctx);
  expect((await db.apiKey.findUniqueOrThrow({ where: { id: key.id } })).lastUsedAt).not.toBeNull();
  expect(await resolveApiKey(secret + "x", get())).toBeNull();

  const log = await db.activityLog.findFirstOrThrow({ include: { fields: true } });
  expect(log).toMatchObject({ entityType: "API_KEY", entityId: key.id, action: "CREATE", entityName: "Reporting" });
  expect(log.fields.flatMap((f) => [f.oldValue, f.newValue]).join(" ")).not.toContain(secret);
});

test("a revoked key resolves to nothing; the revocation is logged", async () => {
  const { ctx } = await makeTenant("RW");
  const { key, secret } = await createApiKey(scopeOf(ctx), { name: "CI" });
  const revoked = await revokeApiKey(scopeOf(ctx), key.id);
  expect(revoked.revokedAt).not.toBeNull();
  expect(await resolveApiKey(secret, get())).toBeNull();
  expect(await db.activityLog.count({ where: { entityType: "API_KEY", entityId: key.id, action: "DEACTIVATE" } })).toBe(1);
});

test("the list shows the user's own keys in this licensee, newest first", async () => {
  const a = await makeTenant("RW");
  const b = await makeTenant("RW");
  await createApiKey(scopeOf(a.ctx), { name: "first" });
  await createApiKey(scopeOf(a.ctx), { name: "second" });
  await createApiKey(scopeOf(b.ctx), { name: "other tenant" });
  expect((await listApiKeys(a.ctx)).map((k) => k.name)).toEqual(["second", "first"]);
  expect(Object.keys((await listApiKeys(a.ctx))[0]).sort()).toEqual(["createdAt", "expiresAt", "id", "lastUsedAt", "name", "prefix", "revokedAt", "scope", "status"]);
});

test("another user's key cannot be revoked (not found)", async () => {
  const a = await makeTenant("RW");
  const b = await makeTenant("RW");
  const { key, secret } = await createApiKey(scopeOf(a.ctx), { name: "mine" });
  await expect(revokeApiKey(scopeOf(b.ctx), key.id)).rejects.toBeInstanceOf(NotFoundError);
  expect(await resolveApiKey(secret, get())).not.toBeNull();
});

test("read-only users cannot create keys but can revoke their own; demo users have no keys at all", async () => {
  const { user, licensee, ctx } = await makeTenant("RW");
  const { key } = await createApiKey(scopeOf(ctx), { name: "kept" });
  await db.membership.updateMany({ where: { userId: user.id }, data: { role: "RO" } });
  const ro = await ctxFor(user.id, licensee.id);
  await expect(createApiKey(scopeOf(ro), { name: "new" })).rejects.toBeInstanceOf(ForbiddenError);
  expect(await listApiKeys(ro)).toHaveLength(1);
  await expect(revokeApiKey(scopeOf(ro), key.id)).resolves.toMatchObject({ id: key.id });

  const demo = await makeTenant("DEMO");
  await expect(createApiKey(scopeOf(demo.ctx), { name: "x" })).rejects.toBeInstanceOf(NotFoundError);
  await expect(listApiKeys(demo.ctx)).rejects.toBeInstanceOf(NotFoundError);
  expect(await db.apiKey.count()).toBe(1);
});

test("a key needs a name", async () => {
  const { ctx } = await makeTenant("RW");
  const error = await createApiKey(scopeOf(ctx), { name: "   " }).catch((e: unknown) => e);
  expect(toActionError(error)).toMatchObject({ status: 400, fieldErrors: { name: "Name is required" } });
  expect(await db.apiKey.count()).toBe(0);
});
