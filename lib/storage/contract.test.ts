// The FileStorage contract (./types.ts): the same cases against both backends,
// the local directory in a temporary folder and S3 against an S3-compatible
// server (s3rver) this file starts on 127.0.0.1, the backend configured with a
// key prefix as production would be. What one backend does, the other must.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { ListObjectsV2Command } from "@aws-sdk/client-s3";
import type { PrismaClient } from "../generated/prisma/client";
import { startS3Server, type S3TestServer } from "../../scripts/ci/s3-server.mjs";
import { sweepUnreferencedUploads } from "../uploads/unreferenced-files";
import { LocalDirectoryStorage } from "./local";
import { S3Storage } from "./s3";
import { InvalidStorageKeyError, StorageNotFoundError, type FileStorage } from "./types";

// The SDK warns once per process on Node before 22 (the image runs 22); the tests run on the machine's Node.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = "true";

const MiB = 1024 * 1024;
const BUCKET = "contract-test";
const PREFIX = "tenant/uploads";

interface Backend {
  store: FileStorage;
  /** UploadPart requests sent so far (0 on the local backend). */
  partsUploaded: () => number;
  /** Every object key in the backing store, as it names them. */
  rawKeys: () => Promise<string[]>;
  dispose: () => Promise<void>;
}

async function localBackend(): Promise<Backend> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "storage-contract-"));
  return {
    store: new LocalDirectoryStorage(root),
    partsUploaded: () => 0,
    rawKeys: async () => fs.readdirSync(root, { recursive: true }).map(String).filter((p) => fs.statSync(path.join(root, p)).isFile()),
    dispose: async () => fs.rmSync(root, { recursive: true, force: true }),
  };
}

async function s3Backend(): Promise<Backend> {
  const server: S3TestServer = await startS3Server(BUCKET);
  const store = new S3Storage({
    bucket: BUCKET,
    prefix: PREFIX,
    endpoint: server.endpoint,
    region: "us-east-1",
    forcePathStyle: true,
    credentials: { ...server.credentials },
    partSizeBytes: 5 * MiB, // S3's smallest part: a 12 MB file goes up in three
  });
  const commands: string[] = [];
  store.client.middlewareStack.add((next, context) => (args) => (commands.push(String(context.commandName)), next(args)), { step: "initialize" });
  return {
    store,
    partsUploaded: () => commands.filter((c) => c === "UploadPartCommand").length,
    rawKeys: async () => ((await store.client.send(new ListObjectsV2Command({ Bucket: BUCKET }))).Contents ?? []).map((o) => o.Key!),
    dispose: async () => {
      store.client.destroy();
      await server.close();
    },
  };
}

const bytesOf = async (stream: ReadableStream<Uint8Array>) => new Uint8Array(await new Response(stream).arrayBuffer());
const counting = (length: number) => new Uint8Array(Array.from({ length }, (_, i) => i % 256));

async function listed(store: FileStorage, prefix: string) {
  const entries = [];
  for await (const entry of store.list(prefix)) entries.push(entry);
  return entries.sort((a, b) => a.key.localeCompare(b.key));
}

describe.each([
  ["local directory", localBackend],
  ["S3 (s3rver)", s3Backend],
])("%s", (_name, make) => {
  let backend: Backend;
  let store: FileStorage;
  let scratch: string;
  beforeAll(async () => {
    backend = await make();
    store = backend.store;
    scratch = fs.mkdtempSync(path.join(os.tmpdir(), "storage-contract-source-"));
  });
  afterAll(async () => {
    await backend.dispose();
    fs.rmSync(scratch, { recursive: true, force: true });
  });

  test("put, read, open, exists and delete round-trip; overwriting replaces", async () => {
    const key = "images/1/2/LOGO/u1/logo.png";
    await store.put(key, new Uint8Array([1, 2, 3]));
    expect(await store.exists(key)).toBe(true);
    expect(Array.from(await store.read(key))).toEqual([1, 2, 3]);
    const opened = (await store.open(key))!;
    expect(opened.size).toBe(3);
    expect(opened.stream).toBeInstanceOf(ReadableStream);
    expect(Array.from(await bytesOf(opened.stream))).toEqual([1, 2, 3]);
    await store.put(key, new Uint8Array([4, 5]));
    expect(Array.from(await store.read(key))).toEqual([4, 5]);
    await store.delete(key);
    expect(await store.exists(key)).toBe(false);
    await store.put("images/1/2/LOGO/u1/empty.png", new Uint8Array(0));
    expect((await store.read("images/1/2/LOGO/u1/empty.png")).length).toBe(0);
    expect((await store.open("images/1/2/LOGO/u1/empty.png"))?.size).toBe(0);
  });

  test("a missing object: read throws StorageNotFoundError, open and openRange answer null, exists false, delete is no error", async () => {
    const key = "creatives/1/2/none/clip.mp4";
    await expect(store.read(key)).rejects.toBeInstanceOf(StorageNotFoundError);
    expect(await store.open(key)).toBeNull();
    expect(await store.openRange(key, 0, 10)).toBeNull();
    expect(await store.openRange(key, -10, 0)).toBeNull();
    expect(await store.exists(key)).toBe(false);
    await expect(store.delete(key)).resolves.toBeUndefined();
    // A "folder" above stored objects is no object.
    await store.put("creatives/1/2/dir/x/y.png", new Uint8Array([1]));
    expect(await store.exists("creatives/1/2/dir/x")).toBe(false);
    expect(await store.open("creatives/1/2/dir/x")).toBeNull();
  });

  test("putFile streams a 12 MB file in (in parts on S3), byte for byte; a missing source stores nothing", async () => {
    const source = path.join(scratch, "video.mp4");
    const content = Buffer.alloc(12 * MiB + 7);
    for (let i = 0; i < content.length; i += 4096) content.writeUInt32BE(i, i); // not uniform: misplaced parts would show
    fs.writeFileSync(source, content);
    const key = "creatives/1/2/u2/video.mp4";
    const partsBefore = backend.partsUploaded();
    await store.putFile(key, source);
    if (store instanceof S3Storage) expect(backend.partsUploaded() - partsBefore).toBe(3);
    const opened = (await store.open(key))!;
    expect(opened.size).toBe(content.length);
    expect(Buffer.from(await bytesOf(opened.stream)).equals(content)).toBe(true);
    expect(Buffer.from(await store.read(key)).equals(content)).toBe(true);

    await expect(store.putFile("creatives/1/2/u3/video.mp4", path.join(scratch, "no-such-file"))).rejects.toMatchObject({ code: "ENOENT" });
    expect(await store.exists("creatives/1/2/u3/video.mp4")).toBe(false);
    await expect(store.putFile("../x", source)).rejects.toBeInstanceOf(InvalidStorageKeyError);
  });

  test("a stream cancelled early releases its object: later calls still work", async () => {
    const key = "creatives/1/2/u4/big.mp4";
    await store.put(key, new Uint8Array(3 * MiB));
    for (let i = 0; i < 3; i++) {
      const opened = (await store.open(key))!;
      const reader = opened.stream.getReader();
      expect((await reader.read()).done).toBe(false);
      await reader.cancel();
    }
    expect(await store.exists(key)).toBe(true);
  });

  test("openRange: first and last bytes, to the end, suffixes, past the end, an empty object", async () => {
    const key = "creatives/1/2/u5/clip.mp4";
    await store.put(key, counting(100));
    const range = async (first: number, last: number) => {
      const part = (await store.openRange(key, first, last))!;
      return { size: part.size, first: part.first, last: part.last, bytes: Array.from(await bytesOf(part.stream)) };
    };
    expect(await range(0, 0)).toEqual({ size: 100, first: 0, last: 0, bytes: [0] });
    expect(await range(10, 14)).toEqual({ size: 100, first: 10, last: 14, bytes: [10, 11, 12, 13, 14] });
    expect(await range(99, 99)).toEqual({ size: 100, first: 99, last: 99, bytes: [99] });
    expect(await range(97, Number.MAX_SAFE_INTEGER)).toEqual({ size: 100, first: 97, last: 99, bytes: [97, 98, 99] });
    expect(await range(95, 150)).toEqual({ size: 100, first: 95, last: 99, bytes: [95, 96, 97, 98, 99] });
    // bytes=-N: the last N bytes; more than the whole: all of it.
    expect(await range(-2, 0)).toEqual({ size: 100, first: 98, last: 99, bytes: [98, 99] });
    const all = await range(-500, 0);
    expect([all.first, all.last, all.bytes.length]).toEqual([0, 99, 100]);
    // At or past the end: the size and an empty range (the route answers 416).
    for (const [first, last] of [[100, 200], [5000, Number.MAX_SAFE_INTEGER]]) {
      const past = await range(first, last);
      expect(past.size).toBe(100);
      expect(past.last).toBeLessThan(past.first);
      expect(past.bytes).toEqual([]);
    }
    await store.put("creatives/1/2/u5/empty.mp4", new Uint8Array(0));
    const empty = (await store.openRange("creatives/1/2/u5/empty.mp4", 0, 10))!;
    expect([empty.size, empty.last < empty.first]).toEqual([0, true]);
  });

  test("list: objects under a prefix with sizes and write times, keys as stored, nothing outside the prefix", async () => {
    const before = Date.now();
    await store.put("exports/7/1/u/a.csv", new Uint8Array(5));
    await store.put("exports/7/1/u/sub/b.csv", new Uint8Array(2));
    await store.put("exports/7/2/v/c.csv", new Uint8Array(1));
    await store.put("exports/70/1/w/d.csv", new Uint8Array(3));
    const under = await listed(store, "exports/7/1/");
    expect(under.map((e) => [e.key, e.size])).toEqual([
      ["exports/7/1/u/a.csv", 5],
      ["exports/7/1/u/sub/b.csv", 2],
    ]);
    for (const entry of under) {
      expect(Object.prototype.toString.call(entry.modifiedAt)).toBe("[object Date]"); // fs.Stats' dates come from another realm under jest
      // S3 keeps whole seconds.
      expect(entry.modifiedAt.getTime()).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000 - 1000);
      expect(entry.modifiedAt.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
    }
    expect((await listed(store, "exports/7/")).map((e) => e.key)).toEqual(["exports/7/1/u/a.csv", "exports/7/1/u/sub/b.csv", "exports/7/2/v/c.csv"]);
    expect((await listed(store, "")).map((e) => e.key)).toEqual(expect.arrayContaining(["exports/70/1/w/d.csv", "exports/7/2/v/c.csv"]));
    expect(await listed(store, "reports/")).toEqual([]);
    for (const bad of ["../", "exports", "/exports/", "exports//", "exports/7"]) {
      await expect(listed(store, bad)).rejects.toBeInstanceOf(InvalidStorageKeyError);
    }
  });

  test("keys: stored as given (under the configured prefix on S3); invalid keys refused by every operation", async () => {
    await store.put("reports/3/r/report.xlsx", new Uint8Array([1]));
    const expected = store instanceof S3Storage ? `${PREFIX}/reports/3/r/report.xlsx` : "reports/3/r/report.xlsx";
    expect(await backend.rawKeys()).toContain(expected);
    if (store instanceof S3Storage) expect((await backend.rawKeys()).every((k) => k.startsWith(`${PREFIX}/`))).toBe(true);
    expect(store.urlFor("reports/3/r/report.xlsx")).toBe("/api/files/reports/3/r/report.xlsx");
    for (const key of ["../x", "a/../../x", "/etc/passwd", "a//b", "", "a/b c"]) {
      await expect(store.put(key, new Uint8Array([1]))).rejects.toBeInstanceOf(InvalidStorageKeyError);
      await expect(store.read(key)).rejects.toBeInstanceOf(InvalidStorageKeyError);
      await expect(store.open(key)).rejects.toBeInstanceOf(InvalidStorageKeyError);
      await expect(store.openRange(key, 0, 1)).rejects.toBeInstanceOf(InvalidStorageKeyError);
      await expect(store.exists(key)).rejects.toBeInstanceOf(InvalidStorageKeyError);
      await expect(store.delete(key)).rejects.toBeInstanceOf(InvalidStorageKeyError);
    }
  });

  test("the stored-upload sweep lists and deletes through the interface: unreferenced old folders go, referenced ones stay", async () => {
    const kept = "creatives/9/9/11111111-1111-4111-8111-111111111111";
    const orphan = "creatives/9/9/22222222-2222-4222-8222-222222222222";
    for (const key of [`${kept}/index.html`, `${orphan}/index.html`, `${orphan}/css/style.css`]) await store.put(key, new Uint8Array([1]));
    const references = { $queryRaw: async () => [{ folder: kept }] } as unknown as Pick<PrismaClient, "$queryRaw">;
    const later = new Date(Date.now() + 2 * 3_600_000);
    expect(await sweepUnreferencedUploads(later, references, { store, maxAgeMs: 3_600_000 })).toEqual({ folders: 1, objects: 2 });
    expect((await listed(store, "creatives/9/")).map((e) => e.key)).toEqual([`${kept}/index.html`]);
  });
});
