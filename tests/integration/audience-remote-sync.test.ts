// Remote upload schedules of CRM audiences (lib/audiences/remote): saved with
// business.md 5's rules (versioned, the password encrypted and never shown),
// synced from a real SFTP server on 127.0.0.1 (tests/fixtures/sftp-server.ts;
// loopback is allowed only by the tests-only FEED_ALLOW_PRIVATE_HOSTS, as for
// catalog feeds): a gz file of raw device ids becomes members (origin REMOTE)
// keyed by hashes only, lastSyncAt and the status are set; without the
// setting the private host is refused, recorded on the schedule and notified.
// The sweep queues each due schedule once. RO users and other licensees are refused.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { gzipSync } from "node:zlib";
import { zipSync } from "fflate";
import { db } from "@/lib/db";
import { userKeyOf } from "@/lib/audiences/identifiers";
import { checkRemoteConnectionAction, saveRemoteScheduleAction } from "@/lib/audiences/remote/actions";
import { checkRemoteConnection, getRemoteSchedule, saveRemoteSchedule } from "@/lib/audiences/remote/mutations";
import { REMOTE_MESSAGES } from "@/lib/audiences/remote/schema";
import { queueDueRemoteSyncs } from "@/lib/audiences/remote/sweep";
import { runRemoteSync, REMOTE_SYNC_NOTIFICATION } from "@/lib/audiences/remote/sync";
import { executeAction } from "@/lib/actions/define-action";
import { toActionError } from "@/lib/actions/server-result";
import { scopeOf } from "@/lib/data/scope";
import { useTestDatabase } from "../helpers/db";
import * as f from "../helpers/factories";
import { startSftpServer, type SftpServer } from "../fixtures/sftp-server";

useTestDatabase();

const USER = "crm";
const PASSWORD = "s3cret:pass/word";
const IDS = ["38400000-8cf0-11bd-b23e-10b96e40000d", "6d92078a-8246-4ba4-ae5b-76104861e7dc"];
const NOW = new Date("2026-05-01T10:00:00Z");

let sftp: SftpServer;
beforeAll(async () => {
  process.env.FEED_ALLOW_PRIVATE_HOSTS = "true";
  sftp = await startSftpServer({ username: USER, password: PASSWORD }, {
    "/crm/users.csv.gz": { bytes: gzipSync(`id\n${IDS.join("\n")}\nbad line\n`) },
  });
});
afterAll(async () => {
  delete process.env.FEED_ALLOW_PRIVATE_HOSTS;
  await sftp.close();
});

async function crmWorld(role: "RW" | "RO" = "RW") {
  const { licensee, ctx, user } = await f.makeTenant(role);
  const advertiser = await f.makeAdvertiser(licensee.id);
  const audience = await f.makeAudience(advertiser, { source: "MOBILE", kind: "CRM", osTypeId: 3 });
  return { licensee, ctx, user, audience };
}

const form = (overrides: Record<string, unknown> = {}) => ({
  url: `127.0.0.1:${sftp.port}/crm/users.csv.gz`, protocol: "SFTP", encoding: "NONE", compression: "GZIP",
  frequencyValue: "14", frequencyUnit: "DAY", username: USER, password: PASSWORD, ...overrides,
});
const failure = (p: Promise<unknown>) => p.then(() => { throw new Error("expected a failure"); }, (e: unknown) => toActionError(e));

test("a schedule is saved with the rules of business.md 5, versioned, its password never shown", async () => {
  const { ctx, audience } = await crmWorld();
  expect(await failure(saveRemoteSchedule(scopeOf(ctx), audience.id, null, form({ url: "sftp://files.example.com/a.csv" })))).toMatchObject({ fieldErrors: { url: REMOTE_MESSAGES.urlProtocol } });
  expect(await failure(saveRemoteSchedule(scopeOf(ctx), audience.id, null, form({ url: "" })))).toMatchObject({ fieldErrors: { url: REMOTE_MESSAGES.urlRequired } });
  expect(await failure(saveRemoteSchedule(scopeOf(ctx), audience.id, null, form({ compression: "RAR" })))).toMatchObject({ fieldErrors: { compression: REMOTE_MESSAGES.compression } });
  expect(await failure(saveRemoteSchedule(scopeOf(ctx), audience.id, null, form({ frequencyValue: "2x" })))).toMatchObject({ fieldErrors: { frequencyValue: REMOTE_MESSAGES.frequency } });
  const saved = await saveRemoteSchedule(scopeOf(ctx), audience.id, null, form({ frequencyValue: undefined, frequencyUnit: undefined }), NOW);
  expect(saved).toMatchObject({ frequencyValue: 14, frequencyUnit: "DAY", hasPassword: true, version: 1, nextRunAt: "2026-05-15T10:00:00.000Z" });
  expect(JSON.stringify(await getRemoteSchedule(ctx, audience.id))).not.toContain(PASSWORD);
  expect((await db.audienceRemoteSchedule.findFirstOrThrow({ where: { audienceId: audience.id } })).passwordEncrypted).not.toContain(PASSWORD);
  // A second save from the same loaded version is a conflict; a blank password keeps the stored one.
  expect((await saveRemoteSchedule(scopeOf(ctx), audience.id, 1, form({ password: "" }))).hasPassword).toBe(true);
  expect(await failure(saveRemoteSchedule(scopeOf(ctx), audience.id, 1, form()))).toMatchObject({ status: 409, formError: REMOTE_MESSAGES.staleVersion });
});

test("a sync downloads the gz file over SFTP and adds its users as hashes; lastSyncAt and the status are set; the host key is pinned", async () => {
  const { ctx, audience } = await crmWorld();
  expect(await checkRemoteConnection(scopeOf(ctx), audience.id, form())).toMatchObject({ ok: true });
  const saved = await saveRemoteSchedule(scopeOf(ctx), audience.id, null, form(), NOW);
  const schedule = await db.audienceRemoteSchedule.findFirstOrThrow({ where: { audienceId: audience.id } });
  expect(await runRemoteSync({ licenseeId: audience.licenseeId, scheduleId: schedule.id }, NOW)).toEqual({ status: "SYNCED", accepted: 2, invalid: 1, duplicates: 0, totalUU: 2 });
  expect(sftp.logins.at(-1)).toBe(`${USER}:${PASSWORD}`);

  const members = await db.audienceMember.findMany({ where: { audienceId: audience.id }, orderBy: { userKey: "asc" } });
  expect(members.map((m) => [m.userKey, m.origin])).toEqual(IDS.map((id) => [userKeyOf(id, "ADID"), "REMOTE"]).sort());
  const after = await getRemoteSchedule(ctx, audience.id);
  expect(after).toMatchObject({ lastSyncAt: NOW.toISOString(), lastSyncStatus: "Synced: 2 accepted, 1 invalid line(s), 0 duplicate(s)", hostKey: sftp.hostKeySha256, version: saved.version });
  expect(Number((await db.audience.findUniqueOrThrow({ where: { id: audience.id } })).totalUU)).toBe(2);
  const log = await db.activityLog.findFirstOrThrow({ where: { entityId: audience.id, userName: "System" } });
  expect(log.message).toBe("Remote file synced: 2 accepted, 1 invalid line(s), 0 duplicate(s)");
});

test("without the test setting the private host is refused: the schedule says so and the read-write members are notified", async () => {
  const { ctx, audience, user } = await crmWorld();
  await saveRemoteSchedule(scopeOf(ctx), audience.id, null, form(), NOW);
  const schedule = await db.audienceRemoteSchedule.findFirstOrThrow({ where: { audienceId: audience.id } });
  delete process.env.FEED_ALLOW_PRIVATE_HOSTS;
  try {
    const logins = sftp.logins.length;
    const outcome = await runRemoteSync({ licenseeId: audience.licenseeId, scheduleId: schedule.id }, NOW);
    expect(outcome).toEqual({ status: "FAILED", message: "Could not connect to the remote host" });
    expect(sftp.logins.length).toBe(logins);
    expect(await checkRemoteConnection(scopeOf(ctx), audience.id, form())).toEqual({ ok: false, message: "Could not connect to the remote host" });
  } finally {
    process.env.FEED_ALLOW_PRIVATE_HOSTS = "true";
  }
  expect(await getRemoteSchedule(ctx, audience.id)).toMatchObject({ lastSyncAt: null, lastSyncStatus: "Failed: Could not connect to the remote host" });
  const notes = await db.notification.findMany({ where: { userId: user.id } });
  expect(notes.map((n) => [n.content, n.entityId])).toEqual([[REMOTE_SYNC_NOTIFICATION("Could not connect to the remote host"), audience.id]]);
  expect(await db.audienceMember.count({ where: { audienceId: audience.id } })).toBe(0);
});

test("the sweep queues each due schedule once, even when two sweeps run", async () => {
  const { ctx, audience } = await crmWorld();
  await saveRemoteSchedule(scopeOf(ctx), audience.id, null, form({ frequencyValue: "2", frequencyUnit: "HOUR" }), NOW);
  const later = new Date(NOW.getTime() + 3 * 3_600_000);
  const sent: number[] = [];
  const send = async (_licenseeId: number, id: number) => void sent.push(id);
  const [a, b] = await Promise.all([queueDueRemoteSyncs(later, send), queueDueRemoteSyncs(later, send)]);
  expect(a.length + b.length).toBe(1);
  expect(sent).toHaveLength(1);
  expect(await queueDueRemoteSyncs(later, send)).toEqual([]);
  expect((await db.audienceRemoteSchedule.findFirstOrThrow({ where: { audienceId: audience.id } })).nextRunAt).toEqual(new Date(later.getTime() + 2 * 3_600_000));
});

test("read-only users are refused; another licensee's audience is not found; a rule-based audience has no schedule", async () => {
  const { ctx } = await crmWorld();
  const ro = await crmWorld("RO");
  expect(await failure(executeAction(saveRemoteScheduleAction.definition, ro.ctx, { id: ro.audience.id, version: null, ...form() }))).toMatchObject({ status: 403 });
  expect(await failure(executeAction(checkRemoteConnectionAction.definition, ro.ctx, { id: ro.audience.id, ...form() }))).toMatchObject({ status: 403 });
  expect(await failure(saveRemoteSchedule(scopeOf(ctx), ro.audience.id, null, form()))).toMatchObject({ status: 404 });
  expect(await failure(getRemoteSchedule(ctx, ro.audience.id))).toMatchObject({ status: 404 });
  const rules = await f.makeAudience(await f.makeAdvertiser(ctx.licenseeId), { kind: "MMP_RULE" });
  expect(await failure(saveRemoteSchedule(scopeOf(ctx), rules.id, null, form()))).toMatchObject({ status: 409, formError: REMOTE_MESSAGES.notCrm });
  expect(await db.audienceRemoteSchedule.count()).toBe(0);
});

test("over HTTP with basic credentials (sent to the link's own host) a ZIP of SHA-256 hashes is synced", async () => {
  const hashes = IDS.map((id) => userKeyOf(id, "ADID"));
  const zip = Buffer.from(zipSync({ "crm/hashes.txt": new TextEncoder().encode(hashes.join("\n")) }));
  const seen: string[] = [];
  const server = http.createServer((req, res) => {
    seen.push(req.headers.authorization ?? "");
    if (req.headers.authorization !== `Basic ${Buffer.from("crm:pw").toString("base64")}`) return void res.writeHead(401).end();
    res.writeHead(200, { "content-type": "application/zip" }).end(zip);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  try {
    const { ctx, audience } = await crmWorld();
    const port = (server.address() as AddressInfo).port;
    await saveRemoteSchedule(scopeOf(ctx), audience.id, null, form({ url: `127.0.0.1:${port}/crm.zip`, protocol: "HTTP", compression: "ZIP", encoding: "SHA256", username: "crm", password: "pw" }), NOW);
    const schedule = await db.audienceRemoteSchedule.findFirstOrThrow({ where: { audienceId: audience.id } });
    expect(await runRemoteSync({ licenseeId: audience.licenseeId, scheduleId: schedule.id }, NOW)).toMatchObject({ status: "SYNCED", accepted: 2, totalUU: 2 });
    expect(seen).toEqual([`Basic ${Buffer.from("crm:pw").toString("base64")}`]);
    expect((await db.audienceMember.findMany({ where: { audienceId: audience.id } })).map((m) => m.userKey).sort()).toEqual([...hashes].sort());
  } finally {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
});
