// The generic REST resources (/api/v1/{resource}): lists page, sort, filter
// and search in the database and refuse parameters they do not know; a
// resource without an operation answers 405; writes run the console's own
// action definitions (validation, version check, activity rows).
import "../helpers/next-cache-double";
import { db } from "@/lib/db";
import { createApiKey } from "@/lib/account/api-keys";
import { scopeOf } from "@/lib/data/scope";
import { useTestDatabase } from "../helpers/db";
import * as f from "../helpers/factories";
import { callApi } from "../helpers/rest-api";

useTestDatabase();

async function tenantWithKey() {
  const tenant = await f.makeTenant("RW");
  const key = (await createApiKey(scopeOf(tenant.ctx), { name: "rest", scope: "READ_WRITE" })).secret;
  return { ...tenant, key };
}

type Page = { data: { id: number; name: string; active: boolean }[]; totalNoOfRecords: number; page: number; size: number };
const page = (body: unknown) => (body as { respObject: Page }).respObject;
const names = (body: unknown) => page(body).data.map((r) => r.name);

test("lists page, sort, search and filter by advertiser, campaign and status; archived rows and A/B arms are never listed", async () => {
  const { licensee, key } = await tenantWithKey();
  const shoes = await f.makeAdvertiser(licensee.id, { name: "Shoes" });
  const hats = await f.makeAdvertiser(licensee.id, { name: "Hats" });
  const shoeCampaign = await f.makeCampaign({ id: shoes.id, licenseeId: licensee.id }, { name: "Shoe campaign" });
  const hatCampaign = await f.makeCampaign({ id: hats.id, licenseeId: licensee.id }, { name: "Hat campaign" });
  await f.makeStrategy(shoeCampaign, { name: "Alpha" });
  await f.makeStrategy(shoeCampaign, { name: "Bravo", active: false });
  await f.makeStrategy(shoeCampaign, { name: "Charlie" });
  await f.makeStrategy(hatCampaign, { name: "Delta" });
  await f.makeStrategy(shoeCampaign, { name: "Archived", isArchived: true });
  await f.makeStrategy(shoeCampaign, { name: "Arm", isAbTestStrategy: true });

  const all = await callApi("GET", "/strategies", key);
  expect(all.status).toBe(200);
  expect(page(all.body)).toMatchObject({ totalNoOfRecords: 4, page: 1, size: 20 });
  expect(names(all.body)).toEqual(["Alpha", "Bravo", "Charlie", "Delta"]);

  const second = await callApi("GET", "/strategies?page=2&size=3&sort=name-", key);
  expect(page(second.body)).toMatchObject({ totalNoOfRecords: 4, page: 2, size: 3 });
  expect(names(second.body)).toEqual(["Alpha"]);
  // An unencoded "+" arrives as a space: still ascending.
  expect(names((await callApi("GET", "/strategies?size=2&sort=name+", key)).body)).toEqual(["Alpha", "Bravo"]);

  expect(names((await callApi("GET", `/strategies?campaignId=${hatCampaign.id}`, key)).body)).toEqual(["Delta"]);
  expect(names((await callApi("GET", `/strategies?advertiserId=${shoes.id}&status=active`, key)).body)).toEqual(["Alpha", "Charlie"]);
  expect(names((await callApi("GET", "/strategies?status=inactive", key)).body)).toEqual(["Bravo"]);
  expect(names((await callApi("GET", "/strategies?q=HAR", key)).body)).toEqual(["Charlie"]);
  // The older parameter names of the advertiser list still work.
  expect(names((await callApi("GET", "/advertisers?search=sho&pageSize=1", key)).body)).toEqual(["Shoes"]);
  const byId = await callApi("GET", `/advertisers?q=${hats.id}`, key);
  expect(names(byId.body)).toContain("Hats");
});

test("a list refuses unknown parameters, filters it does not have, unknown sort fields and out-of-range paging with 400", async () => {
  const { key } = await tenantWithKey();
  for (const query of ["colour=red", "campaignId=1", "sort=secret-", "size=1001", "page=0", "size=abc", "status=paused"]) {
    const answer = await callApi("GET", `/pixels?${query}`, key);
    expect([query, answer.status]).toEqual([query, 400]);
    expect((answer.body as { error: { message: string } }).error.message).not.toBe("");
  }
  const sort = await callApi("GET", "/pixels?sort=secret-", key);
  expect((sort.body as { error: { fieldErrors: Record<string, string> } }).error.fieldErrors.sort).toMatch(/^sort must be one of name, id/);
});

test("an unknown resource is 404; an operation a resource does not have is 405 (with Allow) or 404", async () => {
  const { key, licensee } = await tenantWithKey();
  const advertiser = await f.makeAdvertiser(licensee.id);
  expect((await callApi("GET", "/users", key)).status).toBe(404);
  // Catalog feeds have no create or update in the API (strategies, creatives and audiences have).
  const post = await callApi("POST", "/catalog-feeds", key, { name: "New" });
  expect(post.status).toBe(405);
  expect(post.headers.get("allow")).toBe("GET");
  const feed = await f.makeCatalogFeed({ id: advertiser.id, licenseeId: licensee.id });
  expect((await callApi("PATCH", `/catalog-feeds/${feed.id}`, key, { version: 1, name: "New" })).status).toBe(405);
  const template = await db.strategyTemplate.create({
    data: { licenseeId: licensee.id, templateName: "T", goal: "CPI", settings: {}, createdById: (await db.user.findFirstOrThrow()).id },
  });
  expect((await callApi("POST", `/strategy-templates/${template.id}/activate`, key)).status).toBe(404);
  expect(await db.catalogFeed.count({ where: { name: "New" } })).toBe(0);
});

test("a PATCH keeps the fields it does not send, refuses unknown fields and stale versions, and writes the activity row as the key's user", async () => {
  const { key, licensee, user } = await tenantWithKey();
  const advertiser = await f.makeAdvertiser(licensee.id, { mmp: null });
  const owner = { id: advertiser.id, licenseeId: licensee.id };
  const click = await f.makeClickDestination(owner, { name: "Landing", url: "https://shop.example.com/a" });

  const renamed = await callApi("PATCH", `/click-destinations/${click.id}`, key, { version: 1, name: "Landing page" });
  expect(renamed.status).toBe(200);
  expect((renamed.body as { respObject: unknown }).respObject).toMatchObject({ name: "Landing page", url: "https://shop.example.com/a", version: 2 });
  const log = await db.activityLog.findFirstOrThrow({ where: { entityType: "CLICK_DESTINATION", entityId: click.id } });
  expect(log.userId).toBe(user.id);

  const stale = await callApi("PATCH", `/click-destinations/${click.id}`, key, { version: 1, name: "Other" });
  expect(stale.status).toBe(409);
  const unknown = await callApi("PATCH", `/click-destinations/${click.id}`, key, { version: 2, advertiserId: 99 });
  expect([unknown.status, (unknown.body as { error: { fieldErrors: unknown } }).error.fieldErrors]).toEqual([400, { advertiserId: "advertiserId cannot be changed here" }]);
  const noVersion = await callApi("PATCH", `/click-destinations/${click.id}`, key, { name: "Other" });
  expect(noVersion.status).toBe(400);
  const invalid = await callApi("PATCH", `/click-destinations/${click.id}`, key, { version: 2, url: "ftp://nope" });
  expect((invalid.body as { error: { fieldErrors: unknown } }).error.fieldErrors).toEqual({ url: "Enter a valid URL starting with http:// or https://" });
  expect((await db.clickDestination.findUniqueOrThrow({ where: { id: click.id } })).name).toBe("Landing page");
});

test("create answers 201 with the new record; deactivate and activate answer the record in its new state", async () => {
  const { key, licensee } = await tenantWithKey();
  const advertiser = await f.makeAdvertiser(licensee.id, { mmp: null });
  const created = await callApi("POST", "/click-destinations", key, { advertiserId: advertiser.id, name: "New landing", url: "https://shop.example.com/new" });
  expect(created.status).toBe(201);
  const id = (created.body as { respObject: { id: number } }).respObject.id;
  expect((created.body as { respObject: unknown }).respObject).toMatchObject({ advertiserId: advertiser.id, name: "New landing", active: true, version: 1 });

  const off = await callApi("POST", `/click-destinations/${id}/deactivate`, key);
  expect([off.status, (off.body as { respObject: { active: boolean } }).respObject.active]).toEqual([200, false]);
  expect((await db.clickDestination.findUniqueOrThrow({ where: { id } })).active).toBe(false);
  const on = await callApi("POST", `/click-destinations/${id}/activate`, key);
  expect((on.body as { respObject: { active: boolean } }).respObject.active).toBe(true);

  const invalid = await callApi("POST", "/click-destinations", key, { advertiserId: advertiser.id, name: "", url: "x" });
  expect(invalid.status).toBe(400);
  expect(Object.keys((invalid.body as { error: { fieldErrors: object } }).error.fieldErrors).sort()).toEqual(["name", "url"]);
  expect((await callApi("POST", "/click-destinations", key, "[1]")).status).toBe(400);
});
