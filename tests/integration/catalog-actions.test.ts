// The catalog server actions as the browser calls them: multipart create with
// the file checked by content, queueing after the commit, the role check
// before anything is read or written.
import "../helpers/action-session";
import fs from "node:fs";
import path from "node:path";
import { revalidatePath } from "next/cache";
import { db } from "@/lib/db";
import { enqueue } from "@/lib/jobs/queue";
import { createFeedAction, refreshFeedAction } from "@/lib/catalog/actions";
import { useTestDatabase } from "../helpers/db";
import { useTestStorage } from "../helpers/storage";
import * as f from "../helpers/factories";
import { signedInTenant } from "../helpers/session-mock";

jest.mock("@/lib/jobs/queue", () => ({ enqueue: jest.fn() }));
const enqueueMock = enqueue as jest.MockedFunction<typeof enqueue>;

useTestDatabase();

const { storedFiles } = useTestStorage("catalog-actions-");
beforeEach(() => {
  enqueueMock.mockReset().mockResolvedValue("job-1");
  (revalidatePath as jest.Mock).mockReset();
});

const csv = fs.readFileSync(path.join(__dirname, "../fixtures/catalog/products.csv"));
function form(fields: Record<string, string>, file?: { bytes: Uint8Array | Buffer; name: string }) {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) data.append(key, value);
  if (file) data.append("file", new File([new Uint8Array(file.bytes)], file.name));
  return data;
}
/** The form as the new-feed dialog sends it: the advertiser travels with the fields. */
function forAdvertiser(advertiserId: number, data: FormData) {
  data.append("advertiserId", String(advertiserId));
  return data;
}
const upload = (name = "Shoes") => form({ source: "FILE", name, updateFrequencyHours: "24" }, { bytes: csv, name: "products.csv" });

test("RW creates a feed from a multipart upload; it is queued once committed", async () => {
  const { advertiser } = await signedInTenant();
  const result = await createFeedAction(forAdvertiser(advertiser.id, upload()));
  expect(result).toEqual({ ok: true, data: { id: expect.any(Number) } });
  const feedId = result.ok ? result.data.id : 0;
  expect(await db.catalogFeed.findUniqueOrThrow({ where: { id: feedId } })).toMatchObject({
    sourceType: "FILE",
    format: "CSV",
    updateStatus: "PROCESSING",
    storedFilePath: expect.stringMatching(/^catalog\/\d+\/[0-9a-f-]{36}\/products\.csv$/),
  });
  expect(enqueueMock).toHaveBeenCalledWith("catalog-process", { feedId }, { singletonKey: String(feedId) });
  expect(revalidatePath).toHaveBeenCalledWith(`/advertiser/details/${advertiser.id}/catalog`);
});

test("a queue that cannot be reached does not fail the create: the sweep will pick the feed up", async () => {
  const { advertiser } = await signedInTenant();
  enqueueMock.mockRejectedValue(new Error("database unreachable"));
  const result = await createFeedAction(forAdvertiser(advertiser.id, upload()));
  expect(result.ok).toBe(true);
  expect(await db.catalogFeed.findFirstOrThrow()).toMatchObject({ updateStatus: "PROCESSING", nextRunAt: expect.any(Date) });
});

test("a file that is not a feed is a field error, whatever its name", async () => {
  const { advertiser } = await signedInTenant();
  const png = Buffer.from("89504e470d0a1a0a0000000d4948445200000001", "hex");
  const result = await createFeedAction(forAdvertiser(advertiser.id, form({ source: "FILE", name: "x", updateFrequencyHours: "24" }, { bytes: png, name: "feed.csv" })));
  expect(result).toEqual({
    ok: false,
    status: 400,
    fieldErrors: { file: "Unsupported file type: upload a CSV, TSV, XML or ZIP feed" },
    formError: "Please correct the highlighted fields.",
  });
  expect(await db.catalogFeed.count()).toBe(0);
});

test.each(["RO", "DEMO"] as const)("%s is refused before the upload is read; nothing is written or queued", async (role) => {
  const { advertiser } = await signedInTenant(role);
  const files = storedFiles().length;
  expect(await createFeedAction(forAdvertiser(advertiser.id, upload()))).toMatchObject({ ok: false, status: 403 });
  const feed = await f.makeCatalogFeed(advertiser);
  expect(await refreshFeedAction({ advertiserId: advertiser.id, id: feed.id })).toMatchObject({ ok: false, status: 403 });
  expect(await db.catalogFeed.count()).toBe(1);
  expect(await db.activityLog.count()).toBe(0);
  expect(enqueueMock).not.toHaveBeenCalled();
  expect(storedFiles()).toHaveLength(files);
});
