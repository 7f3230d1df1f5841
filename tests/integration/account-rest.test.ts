// The REST API with API keys: same role and licensee rules as the screens.
import "../helpers/next-cache-double";
import { db } from "@/lib/db";
import { createApiKey } from "@/lib/account/api-keys";
import { scopeOf } from "@/lib/data/scope";
import { handleApiRequest } from "@/lib/api/router";
import { useTestDatabase } from "../helpers/db";
import { ctxFor, makeAdvertiser, makeTenant } from "../helpers/factories";

// Writes revalidate the console's pages (no Next.js request store in jest).

useTestDatabase();

const BASE = "http://localhost/api/v1";

/** A call of /api/v1{path}; without a path, the advertiser `init.id`. */
function call(
  path: string,
  key: string | null,
  init: { method?: string; body?: unknown; id?: number | string } = {},
) {
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (key) headers.authorization = `Bearer ${key}`;
  const request = new Request(`${BASE}${path || `/advertisers/${init.id}`}`, {
    method: init.method ?? "GET",
    headers,
    body: init.body === undefined ? undefined : typeof init.body === "string" ? init.body : JSON.stringify(init.body),
  });
  return handleApiRequest(request);
}

async function rwTenantWithKey() {
  const tenant = await makeTenant("RW");
  const advertiser = await makeAdvertiser(tenant.licensee.id, { name: "Shoes" });
  const { secret } = await createApiKey(scopeOf(tenant.ctx), { name: "test", scope: "READ_WRITE" });
  return { ...tenant, advertiser, secret };
}

test("a read-write key lists, reads and patches its licensee's advertisers", async () => {
  const { advertiser, secret, user } = await rwTenantWithKey();
  const other = await makeTenant("RW");
  await makeAdvertiser(other.licensee.id, { name: "Elsewhere" });

  const list = await call("/advertisers?sort=name-", secret);
  expect(list.status).toBe(200);
  const { respObject } = await list.json();
  expect(respObject).toMatchObject({ totalNoOfRecords: 1, data: [{ id: advertiser.id, name: "Shoes" }] });

  const one = await call(`/advertisers/${advertiser.id}`, secret, { id: advertiser.id });
  expect(one.status).toBe(200);
  expect((await one.json()).respObject).toMatchObject({ id: advertiser.id, version: 1 });

  const patched = await call(`/advertisers/${advertiser.id}`, secret, {
    method: "PATCH",
    id: advertiser.id,
    body: { version: 1, name: "Shoes & Boots" },
  });
  expect(patched.status).toBe(200);
  expect((await patched.json()).respObject).toMatchObject({ name: "Shoes & Boots", domain: advertiser.domain, version: 2 });
  const log = await db.activityLog.findFirstOrThrow({ where: { entityType: "ADVERTISER", entityId: advertiser.id } });
  expect(log.userId).toBe(user.id);
});

test("a read-only key may read but a PATCH is 403 and writes nothing", async () => {
  const { advertiser, secret, user, licensee } = await rwTenantWithKey();
  await db.membership.updateMany({ where: { userId: user.id }, data: { role: "RO" } });
  expect((await ctxFor(user.id, licensee.id)).role).toBe("RO");

  expect((await call("", secret, { id: advertiser.id })).status).toBe(200);
  const res = await call("", secret, { method: "PATCH", id: advertiser.id, body: { version: 1, name: "Hacked" } });
  expect(res.status).toBe(403);
  expect((await res.json()).error).toMatchObject({ status: 403, code: 403 });
  expect(await db.advertiser.findUniqueOrThrow({ where: { id: advertiser.id } })).toMatchObject({ name: "Shoes", version: 1 });
  expect(await db.activityLog.count({ where: { entityType: "ADVERTISER" } })).toBe(0);
});

test("another licensee's advertiser is 404 for reads and writes", async () => {
  const { secret } = await rwTenantWithKey();
  const other = await makeTenant("RW");
  const theirs = await makeAdvertiser(other.licensee.id, { name: "Theirs" });
  expect((await call("", secret, { id: theirs.id })).status).toBe(404);
  const res = await call("", secret, { method: "PATCH", id: theirs.id, body: { version: 1, name: "Mine now" } });
  expect(res.status).toBe(404);
  expect((await db.advertiser.findUniqueOrThrow({ where: { id: theirs.id } })).name).toBe("Theirs");
  expect((await call("", secret, { id: "abc" })).status).toBe(404);
});

test("a PATCH with a stale version is 409; invalid fields are 400 with field errors", async () => {
  const { advertiser, secret } = await rwTenantWithKey();
  const patch = (body: unknown) => call("", secret, { method: "PATCH", id: advertiser.id, body });
  expect((await patch({ version: 1, name: "First" })).status).toBe(200);
  expect((await patch({ version: 1, name: "Second" })).status).toBe(409);

  const invalid = await patch({ version: 2, contactEmail: "not-an-email" });
  expect(invalid.status).toBe(400);
  expect((await invalid.json()).error.fieldErrors).toEqual({ contactEmail: "Please enter a valid email" });
  expect((await patch({ name: "No version" })).status).toBe(400);
  expect((await patch({ version: 2, active: false })).status).toBe(400);
  expect((await patch("not json")).status).toBe(400);
  expect((await db.advertiser.findUniqueOrThrow({ where: { id: advertiser.id } })).name).toBe("First");
});

test("no key, an unknown key or a revoked key is 401", async () => {
  const { secret, ctx } = await rwTenantWithKey();
  expect((await call("/advertisers", "dsp_0000_nothing")).status).toBe(401);
  await db.apiKey.updateMany({ data: { revokedAt: new Date() } });
  const revoked = await call("/advertisers", secret);
  expect(revoked.status).toBe(401);
  expect(revoked.headers.get("www-authenticate")).toContain("Bearer");
  expect((await revoked.json()).error.message).toBe("Your current session has expired! Please log in again.");
  expect(ctx.role).toBe("RW");
});

test("/me gives the user info of the key's user", async () => {
  const { secret, advertiser, licensee, user } = await rwTenantWithKey();
  const res = await call("/me", secret);
  expect(res.status).toBe(200);
  expect((await res.json()).respObject).toMatchObject({
    username: user.email,
    authorities: ["ROLE_RW"],
    selectedLicensee: { id: licensee.id, name: licensee.name, currencyCode: "USD" },
    advertisers: [{ id: advertiser.id }],
  });
});
