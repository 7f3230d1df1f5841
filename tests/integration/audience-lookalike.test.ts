// Look-alike audiences: the model job moves a new look-alike from
// IN_PROCESSING to LIVE (members of origin LOOKALIKE, counts, activity row,
// notification) or to FAILED with its reason when the seed is too small;
// refresh and recreate; RO refused; another licensee's audience not found.
import { db } from "@/lib/db";
import { ConflictError, ForbiddenError, NotFoundError } from "@/lib/errors";
import { systemTenantDb } from "@/lib/data/tenant-db";
import { executeAction } from "@/lib/actions/define-action";
import { scopeOf } from "@/lib/data/scope";
import { enqueue } from "@/lib/jobs/queue";
import { createAudience, updateAudience } from "@/lib/audiences/mutations";
import { getAudienceOrThrow } from "@/lib/audiences/queries";
import { buildLookAlikeAudience, LOOKALIKE_MESSAGE } from "@/lib/audiences/lookalike/build";
import { LOOKALIKE_FAILURE } from "@/lib/audiences/lookalike/model";
import { runLookAlikeBuild } from "@/lib/audiences/lookalike/queue";
import { LOOKALIKE_REBUILD_MESSAGES, requestLookAlikeRebuild } from "@/lib/audiences/lookalike/refresh";
import { rebuildLookAlikeAction } from "@/lib/audiences/lookalike/actions";
import { failureOf, memberOf } from "../helpers/calls";
import { useTestDatabase } from "../helpers/db";
import * as f from "../helpers/factories";

jest.mock("@/lib/jobs/queue", () => ({ enqueue: jest.fn(async () => "job-id") }));
jest.mock("next/cache", () => ({ revalidatePath: jest.fn() }));
const enqueued = enqueue as jest.MockedFunction<typeof enqueue>;

useTestDatabase();
beforeEach(() => enqueued.mockClear());

const NOW = new Date("2026-11-20T12:00:00Z");
const hoursAgo = (h: number) => new Date(NOW.getTime() - h * 3_600_000);

/** A tenant with an advertiser, a seed audience of `seedUsers` buyers, and 20 other users (4 buyers like them, 16 browsers). */
async function world(seedUsers: number) {
  await f.makeUtcTimezone();
  const { licensee, user, ctx } = await f.makeTenant();
  const advertiser = await f.makeAdvertiser(licensee.id);
  const seed = await f.makeAudience(advertiser, { name: "Buyers", source: "MOBILE", osTypeId: 4 });
  const event = (userKey: string, name: string, hours: number, os: number, country: string) => ({
    licenseeId: licensee.id, advertiserId: advertiser.id, userKey, event: name, osTypeId: os, country, occurredAt: hoursAgo(hours),
  });
  const buyer = (key: string) => [event(key, "install", 48, 4, "IN"), event(key, "af_purchase", 24, 4, "IN"), event(key, "af_purchase", 2, 4, "IN")];
  const seedKeys = Array.from({ length: seedUsers }, (_, i) => `seed-${i}`);
  const buyers = Array.from({ length: 4 }, (_, i) => `buyer-${i}`);
  const browsers = Array.from({ length: 16 }, (_, i) => `browser-${i}`);
  await db.userEvent.createMany({
    data: [...seedKeys.flatMap(buyer), ...buyers.flatMap(buyer), ...browsers.map((k) => event(k, "page_view", 24 * 50, 3, "US"))],
  });
  await db.audienceMember.createMany({
    data: seedKeys.map((userKey) => ({ audienceId: seed.id, userKey, origin: "CRM", expiresAt: new Date(NOW.getTime() + 30 * 86_400_000) })),
  });
  const form = {
    advertiserId: advertiser.id, name: "Buyers look-alike", source: "LOOK_ALIKE", kind: "MMP_RULE", deviceIdentifier: "ADID",
    consentType: "BOTH", userExpiryDays: "30", seedAudienceId: String(seed.id), lookAlikeSize: "10",
  };
  return { licensee, user, ctx, advertiser, seed, buyers, form };
}

const build = (licenseeId: number, audienceId: number) => buildLookAlikeAudience(systemTenantDb(licenseeId), audienceId, NOW);

test("a new look-alike starts IN_PROCESSING; the job makes it LIVE with the top 10 % of the other users, counted, logged and notified", async () => {
  const w = await world(12);
  const created = await createAudience(scopeOf(w.ctx), w.form);
  expect(created).toMatchObject({ lookAlikeStatus: "IN_PROCESSING", lookAlikeSize: 10, totalUU: 0 });

  // 20 candidates, 10 %: the 2 most similar, both buyers like the seed.
  expect(await build(w.licensee.id, created.id)).toEqual({ status: "LIVE", members: 2, seedUsers: 12, candidates: 20 });
  const members = await db.audienceMember.findMany({ where: { audienceId: created.id } });
  expect(members).toHaveLength(2);
  expect(members.every((m) => m.origin === "LOOKALIKE" && w.buyers.includes(m.userKey))).toBe(true);
  const after = await getAudienceOrThrow(w.ctx, created.id);
  expect(after).toMatchObject({ lookAlikeStatus: "LIVE", lookAlikeReason: null, totalUU: 2, lookAlikeBuiltAt: NOW.toISOString(), version: 1 });

  const log = await db.activityLog.findFirstOrThrow({ where: { entityId: created.id, userId: null }, include: { fields: true } });
  expect(log).toMatchObject({ entityType: "LAL_AUDIENCE", userName: "System", message: LOOKALIKE_MESSAGE.live(2) });
  expect(log.fields.map((x) => [x.fieldName, x.oldValue, x.newValue])).toEqual([["lookAlikeStatus", "IN_PROCESSING", "LIVE"]]);
  const notes = await db.notification.findMany({ where: { userId: w.user.id, entityId: created.id } });
  expect(notes.map((n) => [n.entityType, n.content])).toEqual([["LAL_AUDIENCE", LOOKALIKE_MESSAGE.live(2)]]);

  // A second run (a retried job) finds it LIVE and writes nothing.
  expect(await build(w.licensee.id, created.id)).toEqual({ status: "SKIPPED" });
});

test("a seed with fewer than 10 users with events: FAILED with the reason, no members", async () => {
  const w = await world(9);
  const created = await createAudience(scopeOf(w.ctx), w.form);
  const reason = LOOKALIKE_FAILURE.seedTooSmall(9);
  expect(await build(w.licensee.id, created.id)).toEqual({ status: "FAILED", reason });
  expect(await getAudienceOrThrow(w.ctx, created.id)).toMatchObject({ lookAlikeStatus: "FAILED", lookAlikeReason: reason, totalUU: 0 });
  expect(await db.audienceMember.count({ where: { audienceId: created.id } })).toBe(0);
  expect(await db.activityLog.findFirst({ where: { entityId: created.id, userId: null } })).toMatchObject({ message: LOOKALIKE_MESSAGE.failed(reason) });
});

test("refresh and recreate: IN_PROCESSING again, one at a time, the job queued; recreate drops the users at once; a new size recomputes", async () => {
  const w = await world(12);
  const created = await createAudience(scopeOf(w.ctx), w.form);
  // Still computing: refused.
  expect(await failureOf(requestLookAlikeRebuild(scopeOf(w.ctx), created.id, "refresh"))).toEqual(new ConflictError(LOOKALIKE_REBUILD_MESSAGES.inProcessing));
  await build(w.licensee.id, created.id);

  expect(await executeAction(rebuildLookAlikeAction.definition, w.ctx, { id: String(created.id), mode: "refresh" })).toEqual({ id: created.id, lookAlikeStatus: "IN_PROCESSING" });
  expect(enqueued).toHaveBeenCalledWith("audience-lookalike-build", { licenseeId: w.licensee.id, audienceId: created.id }, { singletonKey: String(created.id) });
  // Refresh keeps the users until the model replaces them.
  expect(await getAudienceOrThrow(w.ctx, created.id)).toMatchObject({ lookAlikeStatus: "IN_PROCESSING", totalUU: 2 });
  expect(await build(w.licensee.id, created.id)).toMatchObject({ status: "LIVE", members: 2 });

  await requestLookAlikeRebuild(scopeOf(w.ctx), created.id, "recreate");
  expect(await getAudienceOrThrow(w.ctx, created.id)).toMatchObject({ lookAlikeStatus: "IN_PROCESSING", totalUU: 0 });
  expect(await db.audienceMember.count({ where: { audienceId: created.id } })).toBe(0);
  await build(w.licensee.id, created.id);

  // Editing the size computes it again (20 candidates × 5 % = 1).
  const live = await getAudienceOrThrow(w.ctx, created.id);
  const edited = await updateAudience(scopeOf(w.ctx), created.id, live.version, { ...w.form, lookAlikeSize: "5" });
  expect(edited).toMatchObject({ lookAlikeStatus: "IN_PROCESSING", lookAlikeSize: 5 });
  expect(await build(w.licensee.id, created.id)).toMatchObject({ status: "LIVE", members: 1 });

  // Only look-alikes are refreshed.
  expect(await failureOf(requestLookAlikeRebuild(scopeOf(w.ctx), w.seed.id, "refresh"))).toEqual(new ConflictError(LOOKALIKE_REBUILD_MESSAGES.notLookAlike));
});

test("size out of range is a field error; read-only users are refused; another licensee's look-alike is not found, nor computed by its job", async () => {
  const w = await world(12);
  const { toActionError } = await import("@/lib/actions/server-result");
  expect(toActionError(await failureOf(createAudience(scopeOf(w.ctx), { ...w.form, lookAlikeSize: "11" }))).fieldErrors).toEqual({ lookAlikeSize: "Look-alike size must be at most 10%" });
  expect(toActionError(await failureOf(createAudience(scopeOf(w.ctx), { ...w.form, lookAlikeSize: "0" }))).fieldErrors).toEqual({ lookAlikeSize: "Look-alike size must be at least 1%" });
  const created = await createAudience(scopeOf(w.ctx), w.form);
  await build(w.licensee.id, created.id);

  const ro = await memberOf(w.licensee.id, "RO");
  expect(await failureOf(executeAction(rebuildLookAlikeAction.definition, ro, { id: created.id, mode: "refresh" }))).toBeInstanceOf(ForbiddenError);
  const other = await f.makeTenant();
  expect(await failureOf(requestLookAlikeRebuild(scopeOf(other.ctx), created.id, "refresh"))).toBeInstanceOf(NotFoundError);
  expect(await getAudienceOrThrow(w.ctx, created.id)).toMatchObject({ lookAlikeStatus: "LIVE" });
  expect(enqueued).not.toHaveBeenCalled();

  // A job naming another licensee does not find the audience.
  await db.audience.update({ where: { id: created.id }, data: { lookAlikeStatus: "IN_PROCESSING" } });
  expect(await runLookAlikeBuild({ licenseeId: other.licensee.id, audienceId: created.id })).toEqual({ status: "SKIPPED" });
  expect(await getAudienceOrThrow(w.ctx, created.id)).toMatchObject({ lookAlikeStatus: "IN_PROCESSING" });
});

test("the sweep queues every look-alike left IN_PROCESSING, of every licensee, and nothing else", async () => {
  const { queuePendingLookAlikes } = await import("@/lib/audiences/lookalike/sweep");
  const a = await world(12);
  const pending = await createAudience(scopeOf(a.ctx), a.form);
  const live = await createAudience(scopeOf(a.ctx), { ...a.form, name: "Live look-alike" });
  await build(a.licensee.id, live.id);
  const archived = await createAudience(scopeOf(a.ctx), { ...a.form, name: "Archived look-alike" });
  await db.audience.update({ where: { id: archived.id }, data: { isArchived: true } });
  const other = await f.makeTenant();
  const otherAdvertiser = await f.makeAdvertiser(other.licensee.id);
  const otherPending = await f.makeAudience(otherAdvertiser, { source: "LOOK_ALIKE", lookAlikeStatus: "IN_PROCESSING" });
  const sent: Array<[number, number]> = [];
  expect(await queuePendingLookAlikes(db, async (licenseeId, audienceId) => sent.push([licenseeId, audienceId]))).toBe(2);
  expect(sent.sort()).toEqual([[a.licensee.id, pending.id], [other.licensee.id, otherPending.id]].sort());
});

test("a queue that cannot be reached does not fail a committed refresh: the look-alike stays IN_PROCESSING for the sweep", async () => {
  const w = await world(12);
  const created = await createAudience(scopeOf(w.ctx), w.form);
  await build(w.licensee.id, created.id);
  enqueued.mockRejectedValueOnce(new Error("queue down"));
  expect(await executeAction(rebuildLookAlikeAction.definition, w.ctx, { id: created.id, mode: "refresh" })).toEqual({ id: created.id, lookAlikeStatus: "IN_PROCESSING" });
  expect(enqueued).toHaveBeenCalledTimes(1);
  expect(await getAudienceOrThrow(w.ctx, created.id)).toMatchObject({ lookAlikeStatus: "IN_PROCESSING" });
});
