// The permission registry's entries of creative sets (lib/creative-sets/actions.ts),
// the creative upload route (/v2/api/upload/creative) and the signed file
// route (/api/files/signed/...), spread into PERMISSION_REGISTRY. The set
// they change is found or made while the arguments are built, before the
// matrix takes its row counts.
import { db } from "@/lib/db";
import { signedFolderOf, signFolder, SIGNED_FILES_ROUTE } from "@/lib/storage/signed";
import * as f from "../helpers/factories";
import { png } from "../helpers/images";
import type { MatrixFixture } from "./permission-fixture";
import type { RegistryEntry } from "./permission-types";

const UTC = 805;
const inDays = (days: number) => Math.floor(Date.now() / 1000) + days * 86_400;

async function setOf(fx: MatrixFixture): Promise<{ id: number; version: number }> {
  const name = "Matrix creative set";
  const found = await db.creativeSet.findFirst({ where: { licenseeId: fx.a.licenseeId, name }, select: { id: true, version: true } });
  return found ?? (await f.makeCreativeSet({ id: fx.a.advertiserId, licenseeId: fx.a.licenseeId }, { name, type: "IMAGE" }));
}

const setForm = (advertiserId: number, clickDestinationId: number) => ({
  advertiserId, name: "Matrix set form", type: "IMAGE", clickDestinationId, timezoneId: UTC, dailyMediaBudget: "10",
  startTime: inDays(1), endTime: -1, scheduledTimezoneId: UTC, dcoAd: false, isPlacebo: false, sizes: ["300x250"],
});

function creativeUpload(advertiserId: number): FormData {
  const form = new FormData();
  form.append("advertiserId", String(advertiserId));
  form.append("type", "IMAGE");
  form.append("file", new File([new Uint8Array(png(300, 250))], "matrix-banner.png", { type: "image/png" }));
  return form;
}

export const CREATIVE_SET_ENTRIES: Record<string, RegistryEntry> = {
  "lib/creative-sets/actions.ts#createCreativeSetAction": { access: "write", args: (fx) => [setForm(fx.a.advertiserId, fx.a.clickDestinationId)] },
  "lib/creative-sets/actions.ts#updateCreativeSetAction": {
    access: "write",
    args: async (fx) => {
      const set = await setOf(fx);
      return [{ id: set.id, version: set.version, ...setForm(fx.a.advertiserId, fx.a.clickDestinationId), name: "Matrix creative set" }];
    },
  },
  "lib/creative-sets/actions.ts#rescheduleCreativeSetAction": {
    access: "write",
    args: async (fx) => {
      const set = await setOf(fx);
      return [{ id: set.id, version: set.version, startTime: inDays(2), endTime: -1, scheduledTimezoneId: UTC }];
    },
  },
  "lib/creative-sets/actions.ts#creativeSetAdvertiserOptionsAction": { access: "read", args: (fx) => [{ advertiserId: fx.a.advertiserId }] },
  "app/v2/api/upload/creative/route.ts#POST": {
    access: "write",
    request: (fx) => ({ method: "POST", path: "/v2/api/upload/creative", body: creativeUpload(fx.a.advertiserId), headers: { origin: "http://localhost:3000" } }),
  },
  "app/api/files/signed/[token]/[...key]/route.ts#GET": {
    access: "public",
    reason: "a signed URL (HMAC over one upload folder and an expiry, lib/storage/signed.ts) is the credential: sandboxed HTML5 previews load their own assets without the session cookie; it reads only that folder and writes nothing",
    writes: [],
    request: (fx) => {
      const token = signFolder(signedFolderOf(fx.a.imageKey), Math.floor(Date.now() / 1000) + 600);
      return { method: "GET", path: `${SIGNED_FILES_ROUTE}${token}/${fx.a.imageKey}`, params: { token, key: fx.a.imageKey.split("/") } };
    },
  },
};
