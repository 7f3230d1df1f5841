// The permission registry's entries of CRM uploads, remote upload schedules
// and the DMP access check (lib/audiences/remote/actions.ts,
// lib/audiences/dmp/actions.ts and their routes), spread into
// PERMISSION_REGISTRY. The CRM audience they name is found or made, and the
// schedule's current version read, while the arguments are built.
import { db } from "@/lib/db";
import * as f from "../helpers/factories";
import type { MatrixFixture } from "./permission-fixture";
import { json, type RegistryEntry } from "./permission-types";

async function crmAudienceOf(fx: MatrixFixture): Promise<number> {
  const name = "Matrix CRM audience";
  const found = await db.audience.findFirst({ where: { licenseeId: fx.a.licenseeId, name }, select: { id: true } });
  return (found ?? (await f.makeAudience({ id: fx.a.advertiserId, licenseeId: fx.a.licenseeId }, { name, source: "MOBILE", kind: "CRM", osTypeId: 4 }))).id;
}

/** A loopback host: refused without the network (the check answers ok: false). */
const SCHEDULE = { url: "127.0.0.1:9/crm/users.csv", protocol: "SFTP", username: "crm", password: "secret", compression: "NONE", encoding: "NONE" };

async function scheduleOf(fx: MatrixFixture) {
  const id = await crmAudienceOf(fx);
  const stored = await db.audienceRemoteSchedule.findUnique({ where: { audienceId: id } });
  return { id, version: stored?.version ?? null };
}

/** The sync runs a stored schedule: one is made for it. */
async function storedScheduleOf(fx: MatrixFixture): Promise<number> {
  const id = await crmAudienceOf(fx);
  await db.audienceRemoteSchedule.upsert({ where: { audienceId: id }, create: { audienceId: id, url: SCHEDULE.url, protocol: "SFTP", username: "crm" }, update: {} });
  return id;
}

function crmFile(): FormData {
  const form = new FormData();
  form.append("encoding", "NONE");
  form.append("file", new File(["38400000-8cf0-11bd-b23e-10b96e40000d\n"], "matrix-users.csv", { type: "text/csv" }));
  return form;
}

const at = (id: number, tail = "") => ({ path: `/api/v1/audiences/${id}/remote-schedule${tail}`, params: { id: String(id) } });

export const AUDIENCE_UPLOAD_ENTRIES: Record<string, RegistryEntry> = {
  "lib/audiences/remote/actions.ts#remoteScheduleAction": { access: "read", args: async (fx) => [{ id: await crmAudienceOf(fx) }] },
  "lib/audiences/remote/actions.ts#saveRemoteScheduleAction": { access: "write", args: async (fx) => [{ ...(await scheduleOf(fx)), ...SCHEDULE }] },
  "lib/audiences/remote/actions.ts#checkRemoteConnectionAction": { access: "write", args: async (fx) => [{ id: await crmAudienceOf(fx), ...SCHEDULE }] },
  "lib/audiences/remote/actions.ts#syncRemoteNowAction": { access: "write", args: async (fx) => [{ id: await storedScheduleOf(fx) }] },
  "lib/audiences/dmp/actions.ts#audienceDmpAccessAction": { access: "read", args: (fx) => [{ advertiserId: fx.a.advertiserId }] },
  "POST /api/v1/audiences/{id}/upload": {
    access: "write",
    request: async (fx) => {
      const id = await crmAudienceOf(fx);
      return { method: "POST", path: `/api/v1/audiences/${id}/upload`, params: { id: String(id) }, body: crmFile() };
    },
  },
  "GET /api/v1/audiences/{id}/remote-schedule": { access: "read", request: async (fx) => ({ method: "GET", ...at(await crmAudienceOf(fx)) }) },
  "PUT /api/v1/audiences/{id}/remote-schedule": {
    access: "write",
    request: async (fx) => {
      const { id, version } = await scheduleOf(fx);
      return { method: "PUT", ...at(id), ...json({ ...SCHEDULE, version }) };
    },
  },
  "POST /api/v1/audiences/{id}/remote-schedule/check": {
    access: "write",
    request: async (fx) => ({ method: "POST", ...at(await crmAudienceOf(fx), "/check"), ...json(SCHEDULE) }),
  },
  "POST /api/v1/audiences/{id}/remote-schedule/sync": { access: "write", request: async (fx) => ({ method: "POST", ...at(await storedScheduleOf(fx), "/sync") }) },
  // business.md 7's legacy GET: it starts a job, so it is a write.
  "GET /api/v1/audiences/{id}/remote-schedule/sync": { access: "write", request: async (fx) => ({ method: "GET", ...at(await storedScheduleOf(fx), "/sync") }) },
  "GET /api/v1/audiences/dmp-access": {
    access: "read",
    request: (fx) => ({ method: "GET", path: `/api/v1/audiences/dmp-access?advertiserId=${fx.a.advertiserId}` }),
  },
};
