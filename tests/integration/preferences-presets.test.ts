// Account preferences (shell.md 2.12, 4, 5, 6): custom presets of a user,
// uniqueness against system presets, the selected one cannot be deleted,
// applying a preset changes what getActivePreset returns.
import { db } from "@/lib/db";
import { ConflictError, ForbiddenError, NotFoundError } from "@/lib/errors";
import { getActivePreset } from "@/lib/preferences/active";
import { FALLBACK_PRESET } from "@/lib/preferences/defaults";
import { loadPreferences } from "@/lib/preferences/list";
import { applyPreset, createPreset, deletePreset, updatePreset } from "@/lib/preferences/mutations";
import { useTestDatabase } from "../helpers/db";
import { ctxFor, makeTenant, makeUser } from "../helpers/factories";

useTestDatabase();

async function seedSystem() {
  await db.timezone.createMany({
    data: [
      { id: 805, name: "(GMT+00:00) UTC", ianaName: "UTC" },
      { id: 814, name: "(GMT+05:30) Asia/Kolkata", ianaName: "Asia/Kolkata" },
    ],
  });
  const def = await db.preferencePreset.create({
    data: { name: "Default", custom: false, userId: null, rowLimit: 20, columns: ["impressions", "clicks", "cost", "margin"] },
  });
  const perf = await db.preferencePreset.create({
    data: { name: "Performance", custom: false, userId: null, rowLimit: 50, timezoneId: 814, columns: ["installs", "ecpi", "roi"] },
  });
  return { def, perf };
}

const input = (over: Record<string, unknown> = {}) => ({ name: "My view", rowLimit: 100, timezoneId: 814, columns: ["ctr", "revenue"], ...over });

test("create, list, edit and delete an own preset; each change is in the activity log", async () => {
  await seedSystem();
  const { ctx } = await makeTenant("RW");
  const created = await createPreset(ctx, input());
  expect(created).toMatchObject({ name: "My view", custom: true, selected: false, rowLimit: 100, timezoneId: 814, columns: ["ctr", "revenue"] });

  const listed = await loadPreferences(ctx);
  expect(listed.presets.map((p) => [p.name, p.custom])).toEqual([
    ["Default", false],
    ["Performance", false],
    ["My view", true],
  ]);
  expect(listed.canEdit).toBe(true);
  expect(listed.timezones.map((t) => t.id)).toEqual([805, 814]);

  const edited = await updatePreset(ctx, created.id, created.version, input({ name: "My view", rowLimit: 10 }));
  expect(edited).toMatchObject({ name: "My view", rowLimit: 10, version: created.version + 1 });
  await expect(updatePreset(ctx, created.id, created.version, input())).rejects.toBeInstanceOf(ConflictError);

  await deletePreset(ctx, created.id);
  expect(await db.preferencePreset.count({ where: { custom: true } })).toBe(0);
  const logs = await db.activityLog.findMany({ orderBy: { id: "asc" }, include: { fields: true } });
  expect(logs.map((l) => [l.action, l.entityType, l.entityName])).toEqual([
    ["CREATE", "PREFERENCE_PRESET", "My view"],
    ["UPDATE", "PREFERENCE_PRESET", "My view"],
    ["DELETE", "PREFERENCE_PRESET", "My view"],
  ]);
  expect(logs[1].fields.map((f) => [f.fieldName, f.oldValue, f.newValue])).toEqual([["rowLimit", "100", "10"]]);
});

test("names are unique across system and own presets; the edited preset's own name is allowed", async () => {
  await seedSystem();
  const { ctx } = await makeTenant("RW");
  await expect(createPreset(ctx, input({ name: "default" }))).rejects.toMatchObject({
    issues: [expect.objectContaining({ path: ["name"], message: "Preference with name default already exists" })],
  });
  const mine = await createPreset(ctx, input({ name: "Mine" }));
  await expect(createPreset(ctx, input({ name: "Mine" }))).rejects.toMatchObject({
    issues: [expect.objectContaining({ message: "Preference with name Mine already exists" })],
  });
  await expect(updatePreset(ctx, mine.id, mine.version, input({ name: "Performance" }))).rejects.toMatchObject({
    issues: [expect.objectContaining({ message: "Preference with name Performance already exists" })],
  });
  await expect(updatePreset(ctx, mine.id, mine.version, input({ name: "Mine", rowLimit: 500 }))).resolves.toMatchObject({ rowLimit: 500 });
  // Another user's preset names do not count, and their presets are not visible.
  const other = await makeTenant("RW");
  await expect(createPreset(other.ctx, input({ name: "Mine" }))).resolves.toMatchObject({ name: "Mine" });
  expect((await loadPreferences(ctx)).presets.filter((p) => p.custom)).toHaveLength(1);
});

test("validation: no metric, unknown timezone, name length", async () => {
  await seedSystem();
  const { ctx } = await makeTenant("RW");
  await expect(createPreset(ctx, input({ columns: [] }))).rejects.toMatchObject({
    issues: [expect.objectContaining({ message: "Please select atleast 1 Grid metric" })],
  });
  await expect(createPreset(ctx, input({ name: "abc" }))).rejects.toThrow();
  await expect(createPreset(ctx, input({ timezoneId: 999 }))).rejects.toBeInstanceOf(ConflictError);
});

test("a system preset or another user's preset cannot be edited or deleted", async () => {
  const { def } = await seedSystem();
  const { ctx } = await makeTenant("RW");
  const other = await makeTenant("RW");
  const theirs = await createPreset(other.ctx, input({ name: "Theirs" }));
  await expect(updatePreset(ctx, def.id, def.version, input())).rejects.toBeInstanceOf(NotFoundError);
  await expect(deletePreset(ctx, def.id)).rejects.toBeInstanceOf(NotFoundError);
  await expect(deletePreset(ctx, theirs.id)).rejects.toBeInstanceOf(NotFoundError);
  await expect(applyPreset(ctx, theirs.id)).rejects.toBeInstanceOf(NotFoundError);
  expect(await db.preferencePreset.count()).toBe(3);
});

test("the selected preset cannot be deleted", async () => {
  await seedSystem();
  const { ctx } = await makeTenant("RW");
  const mine = await createPreset(ctx, input());
  await applyPreset(ctx, mine.id);
  await expect(deletePreset(ctx, mine.id)).rejects.toThrow("You can't delete a preference that is selected");
  expect(await db.preferencePreset.count({ where: { id: mine.id } })).toBe(1);
});

test("applying a preset changes getActivePreset (columns, row limit) and the user's timezone", async () => {
  const { perf } = await seedSystem();
  const { user, ctx } = await makeTenant("RW");
  // No selection yet: the system "Default".
  expect(await getActivePreset(ctx)).toMatchObject({ name: "Default", rowLimit: 20, columns: ["impressions", "clicks", "cost", "margin"], timezoneId: 805 });

  const applied = await applyPreset(ctx, perf.id);
  expect(applied.selected).toBe(true);
  expect(await getActivePreset(ctx)).toEqual({ id: perf.id, name: "Performance", rowLimit: 50, columns: ["installs", "ecpi", "roi"], timezoneId: 814 });
  expect(await db.userSettings.findUniqueOrThrow({ where: { userId: user.id } })).toMatchObject({ selectedPresetId: perf.id, timezoneId: 814 });

  const mine = await createPreset(ctx, input({ columns: ["revenue", "ctr"] }));
  await applyPreset(ctx, mine.id);
  expect(await getActivePreset(ctx)).toMatchObject({ name: "My view", rowLimit: 100, columns: ["revenue", "ctr"] });
  expect((await loadPreferences(ctx)).presets.filter((p) => p.selected).map((p) => p.name)).toEqual(["My view"]);
});

test("a selection pointing at someone else's preset is ignored; without any preset the built-in fallback", async () => {
  const { ctx } = await makeTenant("RW");
  expect(await getActivePreset(ctx)).toEqual({ ...FALLBACK_PRESET, columns: [...FALLBACK_PRESET.columns] });
  await seedSystem();
  const other = await makeTenant("RW");
  const theirs = await createPreset(other.ctx, input({ name: "Theirs" }));
  await db.userSettings.create({ data: { userId: ctx.userId, selectedPresetId: theirs.id } });
  expect((await getActivePreset(ctx)).name).toBe("Default");
});

test("read-only users: forbidden metrics are dropped from the active preset and refused on save", async () => {
  await seedSystem();
  const { ctx } = await makeTenant("RO");
  expect((await getActivePreset(ctx)).columns).toEqual(["impressions", "clicks"]);
  expect((await loadPreferences(ctx)).presets[0].columns).toEqual(["impressions", "clicks"]);
  await expect(createPreset(ctx, input({ columns: ["ctr", "cost"] }))).rejects.toMatchObject({
    issues: [expect.objectContaining({ path: ["columns"] })],
  });
  await expect(createPreset(ctx, input({ columns: ["ctr"] }))).resolves.toMatchObject({ columns: ["ctr"] });
});

test("demo users may apply presets but not create, edit or delete them", async () => {
  const { perf } = await seedSystem();
  const { licensee, ctx } = await makeTenant("DEMO");
  await expect(createPreset(ctx, input())).rejects.toBeInstanceOf(ForbiddenError);
  await expect(applyPreset(ctx, perf.id)).resolves.toMatchObject({ selected: true });
  expect((await getActivePreset(ctx)).name).toBe("Performance");
  expect((await loadPreferences(ctx)).canEdit).toBe(false);
  // A preset the user made earlier under another role stays but cannot be changed as demo.
  const rw = await makeUser("was-rw@example.com", [{ licenseeId: licensee.id, role: "RW" }]);
  const own = await createPreset(await ctxFor(rw.id, licensee.id), input({ name: "Before" }));
  await db.membership.updateMany({ where: { userId: rw.id }, data: { role: "DEMO" } });
  const demoCtx = await ctxFor(rw.id, licensee.id);
  await expect(updatePreset(demoCtx, own.id, own.version, input({ name: "Before" }))).rejects.toBeInstanceOf(ForbiddenError);
  await expect(deletePreset(demoCtx, own.id)).rejects.toBeInstanceOf(ForbiddenError);
});
