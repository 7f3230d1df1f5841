// The image upload route's size cap holds while the body streams in: a
// chunked upload (no Content-Length) or one whose Content-Length lies is cut
// off with 413 once it passes the cap, having read no more than the cap (the
// rest of the stream is never pulled), so memory stays bounded. A streamed
// upload within the cap still works.
import { requireSession } from "@/lib/auth/session";
import { POST } from "@/app/api/uploads/images/route";
import { MAX_UPLOAD_BODY_BYTES } from "@/lib/images/upload-route";
import { useTestDatabase } from "../helpers/db";
import * as f from "../helpers/factories";
import { png } from "../helpers/images";
import { useTestStorage } from "../helpers/storage";

jest.mock("@/lib/auth/session", () => ({ requireSession: jest.fn(), getSessionContext: jest.fn() }));
const requireSessionMock = requireSession as jest.MockedFunction<typeof requireSession>;

useTestDatabase();
useTestStorage("images-upload-limits-");

const HOST = "default.localhost:3000";
const CHUNK = 64 * 1024;
const MB = 1024 * 1024;

/** A body of `total` bytes produced on demand, 64 KB per pull, counting what was pulled. */
function hugeStream(total: number) {
  const counter = { pulled: 0, cancelled: false };
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (counter.pulled >= total) return controller.close();
      counter.pulled += CHUNK;
      controller.enqueue(new Uint8Array(CHUNK).fill(0x41));
    },
    cancel() {
      counter.cancelled = true;
    },
  });
  return { stream, counter };
}

function streamedRequest(body: ReadableStream<Uint8Array>, headers: Record<string, string>) {
  return new Request(`http://${HOST}/api/uploads/images`, {
    method: "POST",
    body,
    headers: { host: HOST, origin: `http://${HOST}`, ...headers },
    duplex: "half",
  } as RequestInit);
}

async function signedInRw() {
  const t = await f.makeTenantWithAdvertiser("RW");
  requireSessionMock.mockResolvedValue(t.ctx);
  return t;
}

async function expectCutOff(headers: Record<string, string>) {
  await signedInRw();
  const offered = 512 * MB;
  const { stream, counter } = hugeStream(offered);
  global.gc?.();
  const rssBefore = process.memoryUsage().rss;
  const res = await POST(streamedRequest(stream, { "content-type": "multipart/form-data; boundary=----x", ...headers }));
  const rssGrowth = process.memoryUsage().rss - rssBefore;

  expect(res.status).toBe(413);
  expect((await res.json()).error).toMatchObject({ status: 413, message: "The upload is too large" });
  // Read up to the cap and one chunk more, then stopped: the rest was never pulled.
  expect(counter.pulled).toBeGreaterThan(MAX_UPLOAD_BODY_BYTES);
  expect(counter.pulled).toBeLessThanOrEqual(MAX_UPLOAD_BODY_BYTES + 2 * CHUNK);
  expect(counter.cancelled).toBe(true);
  // The process holds no more than about the cap (41 MB) for it, not the half gigabyte offered.
  expect(rssGrowth).toBeLessThan(200 * MB);
}

test("a chunked upload without Content-Length is cut off with 413 at the cap", async () => {
  await expectCutOff({});
});

test("an upload whose Content-Length claims a small body is cut off with 413 at the cap all the same", async () => {
  await expectCutOff({ "content-length": "2048" });
});

test("a streamed (chunked) upload within the cap is parsed and stored as usual", async () => {
  const { advertiser } = await signedInRw();
  const form = new FormData();
  form.append("advertiserId", String(advertiser.id));
  form.append("kind", "LOGO");
  form.append("file", new File([new Uint8Array(png(300, 300))], "logo.png", { type: "image/png" }));
  const encoded = new Response(form);
  const bytes = new Uint8Array(await encoded.arrayBuffer());
  let offset = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (offset >= bytes.length) return controller.close();
      controller.enqueue(bytes.slice(offset, offset + 1000));
      offset += 1000;
    },
  });
  const res = await POST(streamedRequest(stream, { "content-type": encoded.headers.get("content-type")! }));
  expect(res.status).toBe(200);
  const body = await res.json();
  expect(body.errors).toEqual([]);
  expect(body.data).toEqual([expect.objectContaining({ name: "logo.png", width: 300, height: 300 })]);
});
