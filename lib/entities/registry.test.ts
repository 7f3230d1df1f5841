// The registry is complete and consistent, so that adding an entity is its
// folder (lib/<entity>/entity.ts) plus one registry line: every key is
// registered once, every route it declares is a console route, every activity
// type of an entity with a page maps to it, menus and modules resolve, and
// the catalog the browser gets is what component tests use.
import fs from "node:fs";
import path from "node:path";
import { EntityType } from "../generated/prisma/enums";
import { CONSOLE_ROUTES } from "../menu/route-table";
import { activityModules, allEntities, entityCatalog, entityOfActivityType, entityOfMenu, findEntity } from "./registry";
import { ENTITY_KEYS } from "../contracts/entity";

/** Activity types of things that are no registered entity: settings, rules, users, keys. They have no page of their own. */
const NOT_ENTITIES: EntityType[] = ["ADVERTISER_SETTING", "APP_SETTING", "OPTIMIZATION_RULE", "PREFERENCE_PRESET", "USER", "API_KEY", "PARTNER_SEGMENT"];

test("every entity key is registered exactly once, and nothing else is", () => {
  expect(allEntities().map((e) => e.key).sort()).toEqual([...ENTITY_KEYS].sort());
});

test("every route an entity declares is a route of the console's route table", () => {
  // Placeholders are compared by place, not name: the table's "/advertiser/details/{id}/pixel" is the pixel list's "/advertiser/details/{advertiserId}/pixel".
  const shape = (route: string) => route.split("?")[0].replace(/\{\w+\}/g, "{}");
  const table = new Set(CONSOLE_ROUTES.map(shape));
  const patterns = allEntities().flatMap((e) => Object.values(e.routes).map((pattern) => [e.key, pattern] as const));
  expect(patterns.length).toBeGreaterThan(20);
  for (const [key, pattern] of patterns) expect([key, pattern, table.has(shape(pattern))]).toEqual([key, pattern, true]);
});

test("every activity type maps to one entity, except the types that are no entity", () => {
  const owners = new Map<EntityType, string[]>();
  for (const e of allEntities()) for (const t of e.activity?.types ?? []) owners.set(t.type, [...(owners.get(t.type) ?? []), e.key]);
  for (const type of Object.values(EntityType)) {
    if (NOT_ENTITIES.includes(type)) expect([type, entityOfActivityType(type)]).toEqual([type, undefined]);
    else expect([type, owners.get(type)]).toEqual([type, [expect.any(String)]]);
  }
});

test("an activity type whose entity links its entries has the route it links to", () => {
  for (const e of allEntities()) {
    if (e.activity?.link) expect([e.key, e.routes[e.activity.link]]).toEqual([e.key, expect.stringMatching(/^\//)]);
    if (e.activity?.notificationLink) expect([e.key, e.routes.details]).toEqual([e.key, expect.stringMatching(/^\//)]);
  }
});

test("the module filter lists the spec's modules in the spec's order (shell.md 2.10)", () => {
  expect(activityModules().map((m) => m.label)).toEqual([
    "Strategy",
    "Campaign",
    "Advertiser",
    "Pixel",
    "Click destination",
    "Web audience",
    "App audience",
    "DMP audience",
    "LAL audience",
    "Creative",
    "Creative set",
  ]);
});

test("every menu name belongs to exactly one entity; an unknown name to none", () => {
  const names = allEntities().flatMap((e) => (e.lookup?.menus ?? []).map((m) => m.name));
  expect(new Set(names).size).toBe(names.length);
  for (const name of names) expect(entityOfMenu(name)?.entity.lookup).toBeDefined();
  expect(entityOfMenu("licensee")).toBeUndefined();
});

test("lists, bulk status and crumbs name only registered entities and parents that have a lookup", () => {
  for (const e of allEntities()) {
    for (const parent of [...(e.crumb?.parents ?? []), ...(e.bulkStatus?.activeParents ?? [])]) {
      expect([e.key, parent, findEntity(parent)?.lookup !== undefined]).toEqual([e.key, parent, true]);
    }
    if (e.crumb) expect([e.key, e.lookup]).toEqual([e.key, expect.anything()]);
    if (e.list?.selectable) expect([e.key, e.bulkStatus]).toEqual([e.key, expect.anything()]);
  }
});

test("the client-safe catalog carries no function and equals the copy component tests use", () => {
  const catalog = entityCatalog();
  const json = JSON.stringify(catalog);
  expect(JSON.parse(json)).toEqual(catalog); // nothing lost: no functions, no undefined-only parts
  expect(json).not.toContain("isAbTestStrategy"); // server-side filters stay on the server
  const fixture = path.join(__dirname, "../../tests/fixtures/entity-catalog.json");
  if (process.env.UPDATE_ENTITY_CATALOG) fs.writeFileSync(fixture, `${JSON.stringify(catalog, null, 2)}\n`);
  expect(JSON.parse(fs.readFileSync(fixture, "utf8"))).toEqual(catalog);
});

test("every model owned by an advertiser that can be archived is archived with its advertiser (business.md 4)", () => {
  const schemaDir = path.join(process.cwd(), "prisma/schema");
  const schema = fs.readdirSync(schemaDir).filter((f) => f.endsWith(".prisma")).map((f) => fs.readFileSync(path.join(schemaDir, f), "utf8")).join("\n");
  const archivable = [...schema.matchAll(/^model (\w+) \{([\s\S]*?)^\}/gm)]
    .filter(([, , body]) => /^\s+advertiserId\s/m.test(body) && /^\s+isArchived\s/m.test(body))
    .map(([, name]) => name.charAt(0).toLowerCase() + name.slice(1));
  expect(archivable.length).toBeGreaterThanOrEqual(8);
  const declared = allEntities().flatMap((e) => (e.archivedWithAdvertiser ? [e.archivedWithAdvertiser.model] : []));
  expect(declared.sort()).toEqual(archivable.sort());
});
