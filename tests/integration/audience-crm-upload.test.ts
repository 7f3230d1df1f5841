// CRM file upload (lib/audiences/upload): a csv and a gz file of a CRM
// audience become members keyed by hashes only (no raw identifier is stored
// anywhere), the audience's totalUU counts them, the caller gets accepted,
// invalid and duplicate counts, and an activity row says what came in.
// Refused without change: a non-CRM audience, another type of file, another
// licensee's audience (404), a read-only user.
import { gzipSync } from "node:zlib";
import { zipSync } from "fflate";
import { db } from "@/lib/db";
import { userKeyOf } from "@/lib/audiences/identifiers";
import { crmUploadOperation } from "@/lib/audiences/upload/route";
import { CRM_UPLOAD_MESSAGES } from "@/lib/audiences/upload/identifiers";
import { toActionError } from "@/lib/actions/server-result";
import { useTestDatabase } from "../helpers/db";
import * as f from "../helpers/factories";

useTestDatabase();

const IDS = ["38400000-8cf0-11bd-b23e-10b96e40000d", "6D92078A-8246-4BA4-AE5B-76104861E7DC", "aaaaaaaa-bbbb-cccc-dddd-eeeeeeeeeeee"];
const CSV = `device_id,email\n${IDS[0]},x\n${IDS[1]},y\nnot-a-device\n${IDS[0].toUpperCase()}\n${IDS[2]}\n`;

async function crmWorld(role: "RW" | "RO" = "RW") {
  const { licensee, ctx } = await f.makeTenant(role);
  const advertiser = await f.makeAdvertiser(licensee.id);
  const audience = await f.makeAudience(advertiser, { source: "MOBILE", kind: "CRM", osTypeId: 4, userExpiryDays: 30 });
  return { ctx, advertiser, audience };
}

function uploadRequest(audienceId: number, name: string, bytes: Uint8Array | string, encoding = "NONE") {
  const form = new FormData();
  form.append("encoding", encoding);
  form.append("file", new Blob([typeof bytes === "string" ? bytes : Buffer.from(bytes)]), name);
  return new Request(`http://localhost/api/v1/audiences/${audienceId}/upload`, { method: "POST", body: form });
}

const upload = (ctx: Awaited<ReturnType<typeof crmWorld>>["ctx"], audienceId: number, name: string, bytes: Uint8Array | string, encoding?: string) =>
  crmUploadOperation(ctx, uploadRequest(audienceId, name, bytes, encoding), { id: String(audienceId) });

const failure = (p: Promise<unknown>) => p.then(() => { throw new Error("expected a failure"); }, (e: unknown) => toActionError(e));

test("a csv of raw device ids stores only their SHA-256 keys, counts the members and says what was accepted", async () => {
  const { ctx, audience } = await crmWorld();
  const result = await upload(ctx, audience.id, "users.csv", CSV);
  expect(result).toMatchObject({ fileName: "users.csv", accepted: 3, invalid: 1, duplicates: 1, headerSkipped: true, totalUU: 3 });

  const members = await db.audienceMember.findMany({ where: { audienceId: audience.id }, orderBy: { userKey: "asc" } });
  expect(members.map((m) => m.userKey)).toEqual(IDS.map((id) => userKeyOf(id, "ADID")).sort());
  expect(members.every((m) => m.origin === "CRM")).toBe(true);
  expect(members[0].expiresAt.getTime() - members[0].lastSeenAt.getTime()).toBe(30 * 86_400_000);
  expect((await db.audience.findUniqueOrThrow({ where: { id: audience.id } })).totalUU).toBe(BigInt(3));

  const log = await db.activityLog.findFirstOrThrow({ where: { entityId: audience.id, entityType: "APP_AUDIENCE" }, include: { fields: true } });
  expect(log.message).toBe("CRM file uploaded: 3 accepted, 1 invalid line(s), 1 duplicate(s)");
  // No raw identifier anywhere: not in members, not in the activity row.
  const stored = JSON.stringify({ members, log }, (_k, v: unknown) => (typeof v === "bigint" ? String(v) : v));
  for (const id of IDS) expect(stored.toLowerCase()).not.toContain(id.toLowerCase());
});

test("a gz file of SHA-256 hashes and a zip of MD5 hashes add to the same audience; uploading again adds nobody twice", async () => {
  const { ctx, audience } = await crmWorld();
  const hashes = IDS.map((id) => userKeyOf(id, "ADID").toUpperCase());
  expect(await upload(ctx, audience.id, "hashes.csv.gz", gzipSync(hashes.join("\n")), "SHA256")).toMatchObject({ accepted: 3, invalid: 0, totalUU: 3 });
  expect(await upload(ctx, audience.id, "again.csv", hashes.join("\n"), "SHA256")).toMatchObject({ accepted: 3, totalUU: 3 });
  const md5 = "0cc175b9c0f1b6a831c399e269772661";
  const zip = zipSync({ "list.txt": new TextEncoder().encode(`${md5}\nshort\n`) });
  expect(await upload(ctx, audience.id, "md5.zip", zip, "MD5")).toMatchObject({ accepted: 1, invalid: 1, totalUU: 4 });
  expect(await db.audienceMember.count({ where: { audienceId: audience.id, userKey: md5 } })).toBe(1);
});

test("refused without change: another file type, a non-CRM audience, another licensee's audience, a read-only user", async () => {
  const { ctx, audience, advertiser } = await crmWorld();
  expect(await failure(upload(ctx, audience.id, "users.xlsx", CSV))).toMatchObject({ status: 400, fieldErrors: { file: CRM_UPLOAD_MESSAGES.fileType } });
  expect(await failure(upload(ctx, audience.id, "users.csv", CSV, "BASE64"))).toMatchObject({ fieldErrors: { encoding: CRM_UPLOAD_MESSAGES.encoding } });
  const rules = await f.makeAudience(advertiser, { kind: "MMP_RULE" });
  expect(await failure(upload(ctx, rules.id, "users.csv", CSV))).toMatchObject({ fieldErrors: { file: CRM_UPLOAD_MESSAGES.notCrm } });
  const other = await crmWorld();
  expect(await failure(upload(ctx, other.audience.id, "users.csv", CSV))).toMatchObject({ status: 404 });
  const ro = await crmWorld("RO");
  expect(await failure(upload(ro.ctx, ro.audience.id, "users.csv", CSV))).toMatchObject({ status: 403 });
  expect(await db.audienceMember.count()).toBe(0);
});
