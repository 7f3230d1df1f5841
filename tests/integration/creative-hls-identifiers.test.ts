// A converted playlist is a VIDEO creative, a type that needs the ad-marking
// identifiers: the conversion asks for them (the creative forms' rules and
// messages, beside each field, before anything is written or queued) and the
// job writes them onto the creative, so the creative passes its own update
// (a PATCH with only its version saves it and changes nothing). A creative
// converted before they were asked for has none (nor a click destination,
// from a job queued before one was carried): the creative list marks it and
// its update names the fields until someone adds them.
import "../helpers/next-cache-double";
import { db } from "@/lib/db";
import { updateResource } from "@/lib/api/execute";
import { restResource } from "@/lib/api/resources";
import type { SessionContext } from "@/lib/auth/context";
import { toActionError } from "@/lib/actions/server-result";
import { startHlsConversionAction } from "@/lib/creatives/convert/actions";
import { runHlsConversion } from "@/lib/creatives/convert/run";
import { loadCreativeListView } from "@/lib/creatives/list";
import { useTestDatabase } from "../helpers/db";
import { useTestStorage } from "../helpers/storage";
import * as f from "../helpers/factories";
import { AD_MARKING, enqueueMock, tenant, useHlsHarness } from "../helpers/hls-conversion";

jest.mock("@/lib/auth/session", () => ({ requireSession: jest.fn() }));
jest.mock("@/lib/jobs/queue", () => ({ enqueue: jest.fn() }));

useTestDatabase();
useTestStorage("creative-hls-identifiers-");
const hls = useHlsHarness();

const MISSING = {
  kktuCode: "KKTU code must be more than 4 characters",
  person: "Person must be more than 4 characters",
  erId: "ER id must be more than 4 characters",
};

/** PATCH /api/v1/creatives/{id} as the route runs it: the answered view, or the refusal's status and field messages. */
async function patchCreative(ctx: SessionContext, id: number, body: Record<string, unknown>) {
  const request = new Request(`http://localhost/api/v1/creatives/${id}`, { method: "PATCH", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  try {
    return { ok: true as const, view: await updateResource(restResource("creatives")!, ctx, String(id), request) };
  } catch (e) {
    const failure = toActionError(e);
    return { ok: false as const, status: failure.status, fieldErrors: failure.fieldErrors };
  }
}

/** The Type cell of each row of the advertiser's creative list. */
async function listedTypes(ctx: SessionContext) {
  const view = await loadCreativeListView(ctx, {});
  return view.rows.map((r) => r.cells.type);
}

test("missing or short identifiers are refused beside their fields, with the links' messages, before anything is written or queued", async () => {
  const { advertiser } = await tenant();
  const link = `${hls.base}/playlist.m3u8`;
  expect(await startHlsConversionAction({ advertiserId: advertiser.id, videoUrls: [link] })).toMatchObject({ ok: false, status: 400, fieldErrors: MISSING });
  expect(await startHlsConversionAction({ advertiserId: advertiser.id, videoUrls: [link], ...AD_MARKING, person: "  Ann  " })).toMatchObject({
    ok: false,
    status: 400,
    fieldErrors: { person: MISSING.person },
  });
  const both = await startHlsConversionAction({ advertiserId: advertiser.id, videoUrls: ["ftp://x/a.m3u8"], kktuCode: "", person: "", erId: "" });
  expect(both).toMatchObject({ ok: false, status: 400, fieldErrors: { "videoUrls.0": "Enter an http:// or https:// link", ...MISSING } });
  expect(await db.mediaConversion.count()).toBe(0);
  expect(enqueueMock).not.toHaveBeenCalled();
});

test("the converted creative carries the identifiers as typed (trimmed) and a PATCH with only its version saves it unchanged", async () => {
  const { advertiser, ctx } = await tenant();
  const typed = { kktuCode: ` ${AD_MARKING.kktuCode} `, person: AD_MARKING.person, erId: `${AD_MARKING.erId}\t` };
  const { id: clickDestinationId } = await f.makeClickDestination(advertiser);
  expect(await startHlsConversionAction({ advertiserId: advertiser.id, videoUrls: [`${hls.base}/playlist.m3u8`], clickDestinationId, ...typed })).toMatchObject({ ok: true });
  expect(await db.mediaConversion.findFirstOrThrow()).toMatchObject(AD_MARKING);
  const outcome = await runHlsConversion(enqueueMock.mock.calls[0][1] as Parameters<typeof runHlsConversion>[0]);
  expect(outcome).toEqual({ status: "DONE", creativeId: expect.any(Number) });
  const creativeId = (outcome as { creativeId: number }).creativeId;
  const before = await db.creative.findUniqueOrThrow({ where: { id: creativeId } });
  expect(before).toMatchObject({ type: "VIDEO", clickDestinationId, ...AD_MARKING });

  const saved = await patchCreative(ctx, creativeId, { version: before.version });
  expect(saved).toMatchObject({ ok: true, view: { id: creativeId, version: before.version, ...AD_MARKING } });
  expect(await db.creative.findUniqueOrThrow({ where: { id: creativeId } })).toEqual(before);
  expect(await listedTypes(ctx)).toEqual(["Video"]);
}, 60_000);

test("a creative converted before the identifiers and a click destination were asked for is marked in the list and its update names them until they are added", async () => {
  const { advertiser, ctx } = await tenant();
  // A row queued before the identifiers were asked for (the migration leaves its identifiers empty).
  const old = await db.mediaConversion.create({ data: { licenseeId: ctx.licenseeId, advertiserId: advertiser.id, userId: ctx.userId, sourceUrl: `${hls.base}/playlist.m3u8` } });
  const outcome = await runHlsConversion({ conversionId: old.id, licenseeId: ctx.licenseeId, userName: ctx.userName, creativeSetId: null });
  expect(outcome).toEqual({ status: "DONE", creativeId: expect.any(Number) });
  const creative = await db.creative.findUniqueOrThrow({ where: { id: (outcome as { creativeId: number }).creativeId } });
  expect(creative).toMatchObject({ kktuCode: null, person: null, erId: null, clickDestinationId: null });
  expect(await listedTypes(ctx)).toEqual(["Video · Identifiers missing · Needs a click destination"]);
  const needed = { ...MISSING, clickDestinationId: "Click destination is required" };
  expect(await patchCreative(ctx, creative.id, { version: creative.version })).toEqual({ ok: false, status: 400, fieldErrors: needed });
  expect(await patchCreative(ctx, creative.id, { version: creative.version, ...AD_MARKING })).toEqual({ ok: false, status: 400, fieldErrors: { clickDestinationId: needed.clickDestinationId } });

  const { id: clickDestinationId } = await f.makeClickDestination(advertiser);
  expect(await patchCreative(ctx, creative.id, { version: creative.version, clickDestinationId, ...AD_MARKING })).toMatchObject({ ok: true, view: { clickDestinationId, ...AD_MARKING } });
  expect(await listedTypes(ctx)).toEqual(["Video"]);
}, 60_000);
