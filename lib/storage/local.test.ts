// The local-directory backend and key rules: round trips, missing objects,
// and no key can reach outside the root.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileUrl, isValidKey, keyFromFileUrl, newObjectKey, safeFileName } from "./keys";
import { LocalDirectoryStorage } from "./local";
import { storage, storageDir } from "./index";
import { InvalidStorageKeyError, StorageNotFoundError } from "./types";

let root: string;
let store: LocalDirectoryStorage;
beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), "storage-"));
  store = new LocalDirectoryStorage(root);
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

test("put, exists, read, open and delete round-trip; delete removes the folders it empties", async () => {
  const key = newObjectKey(["images", 1, 2], "my logo.png");
  expect(key).toMatch(/^images\/1\/2\/[0-9a-f-]{36}\/my_logo\.png$/);
  await store.put(key, new Uint8Array([1, 2, 3]));
  expect(await store.exists(key)).toBe(true);
  expect(Array.from(await store.read(key))).toEqual([1, 2, 3]);
  const opened = await store.open(key);
  expect(opened?.size).toBe(3);
  expect(Array.from(new Uint8Array(await new Response(opened!.stream).arrayBuffer()))).toEqual([1, 2, 3]);
  await store.delete(key);
  expect(await store.exists(key)).toBe(false);
  expect(fs.existsSync(path.dirname(path.join(root, key)))).toBe(false);
  await store.delete(key); // missing: not an error
  // Emptied folders go up to the root; a folder still holding something stays.
  await store.put("creatives/1/2/u/img/a/b.png", new Uint8Array(1));
  await store.put("creatives/1/2/v/clip.mp4", new Uint8Array(1));
  await store.delete("creatives/1/2/u/img/a/b.png");
  expect(fs.readdirSync(path.join(root, "creatives/1/2"))).toEqual(["v"]);
  await store.delete("creatives/1/2/v/clip.mp4");
  expect(fs.readdirSync(root)).toEqual([]);
  expect(fs.existsSync(root)).toBe(true);
});

test("putFile streams a local file in, overwriting, and leaves no partial file when the source is missing", async () => {
  const source = path.join(root, "..", `${path.basename(root)}-source.bin`);
  const content = Buffer.alloc(3 * 1024 * 1024 + 7, 0xab);
  fs.writeFileSync(source, content);
  try {
    const key = "creatives/1/2/u/video.mp4";
    await store.put(key, new Uint8Array([9]));
    await store.putFile(key, source);
    expect(Buffer.from(await store.read(key)).equals(content)).toBe(true);
    await expect(store.putFile("creatives/1/2/v/video.mp4", path.join(root, "no-such-file"))).rejects.toMatchObject({ code: "ENOENT" });
    expect(fs.readdirSync(path.join(root, "creatives/1/2/v"))).toEqual([]);
    await expect(store.putFile("../x", source)).rejects.toBeInstanceOf(InvalidStorageKeyError);
  } finally {
    fs.rmSync(source, { force: true });
  }
});

test("openRange: the asked bytes with the whole size; past the end an empty range; missing: null", async () => {
  const key = "creatives/1/2/u/clip.mp4";
  await store.put(key, new Uint8Array(Array.from({ length: 100 }, (_, i) => i)));
  const bytesOf = async (stream: ReadableStream<Uint8Array>) => Array.from(new Uint8Array(await new Response(stream).arrayBuffer()));
  const middle = (await store.openRange(key, 10, 14))!;
  expect({ size: middle.size, first: middle.first, last: middle.last }).toEqual({ size: 100, first: 10, last: 14 });
  expect(await bytesOf(middle.stream)).toEqual([10, 11, 12, 13, 14]);
  const tail = (await store.openRange(key, 97, Number.MAX_SAFE_INTEGER))!;
  expect([tail.first, tail.last, await bytesOf(tail.stream)]).toEqual([97, 99, [97, 98, 99]]);
  const suffix = (await store.openRange(key, -2, 0))!;
  expect([suffix.first, suffix.last, await bytesOf(suffix.stream)]).toEqual([98, 99, [98, 99]]);
  const past = (await store.openRange(key, 100, 200))!;
  expect(past.size).toBe(100);
  expect(past.last).toBeLessThan(past.first);
  expect(await store.openRange("creatives/1/2/u/none.mp4", 0, 1)).toBeNull();
});

test("a missing object: read throws StorageNotFoundError, open answers null, a folder is no object", async () => {
  await expect(store.read("images/1/none.png")).rejects.toBeInstanceOf(StorageNotFoundError);
  expect(await store.open("images/1/none.png")).toBeNull();
  await store.put("images/1/x/y.png", new Uint8Array([1]));
  expect(await store.open("images/1/x")).toBeNull();
  expect(await store.exists("images/1/x")).toBe(false);
});

test.each(["../x", "a/../../x", "/etc/passwd", "a//b", "a/./b", "a\\b", "", "a/b c", "a/%2e%2e/b", "a/" + "x".repeat(201)])(
  "key %j is refused by every operation",
  async (key) => {
    expect(isValidKey(key)).toBe(false);
    await expect(store.put(key, new Uint8Array([1]))).rejects.toBeInstanceOf(InvalidStorageKeyError);
    await expect(store.read(key)).rejects.toBeInstanceOf(InvalidStorageKeyError);
    await expect(store.open(key)).rejects.toBeInstanceOf(InvalidStorageKeyError);
    await expect(store.delete(key)).rejects.toBeInstanceOf(InvalidStorageKeyError);
  },
);

test("list: every object under a prefix with its size and last write time; no folders, nothing outside the prefix", async () => {
  await store.put("creatives/1/2/u/index.html", new Uint8Array(5));
  await store.put("creatives/1/2/u/css/style.css", new Uint8Array(2));
  await store.put("creatives/1/3/v/clip.mp4", new Uint8Array(1));
  await store.put("images/1/2/LOGO/w/logo.png", new Uint8Array(3));
  const written = new Date("2026-01-02T03:04:05Z");
  fs.utimesSync(path.join(root, "creatives/1/2/u/index.html"), written, written);
  const listed = async (prefix: string) => {
    const entries = [];
    for await (const entry of store.list(prefix)) entries.push(entry);
    return entries.sort((a, b) => a.key.localeCompare(b.key));
  };
  const under = await listed("creatives/1/2/");
  expect(under.map((e) => [e.key, e.size])).toEqual([
    ["creatives/1/2/u/css/style.css", 2],
    ["creatives/1/2/u/index.html", 5],
  ]);
  expect(under[1].modifiedAt).toEqual(written);
  expect((await listed("")).map((e) => e.key)).toHaveLength(4);
  expect(await listed("exports/")).toEqual([]);
  expect(await listed("creatives/9/")).toEqual([]);
  for (const bad of ["../", "creatives", "/creatives/", "creatives//"]) {
    await expect(listed(bad)).rejects.toBeInstanceOf(InvalidStorageKeyError);
  }
});

test("URLs and file names", () => {
  expect(fileUrl("images/1/a.png")).toBe("/api/files/images/1/a.png");
  expect(keyFromFileUrl("/api/files/images/1/a.png")).toBe("images/1/a.png");
  expect(keyFromFileUrl("/api/files/images/../a.png")).toBeNull();
  expect(keyFromFileUrl("https://cdn.example/api/files/images/1/a.png")).toBeNull();
  expect(safeFileName("C:\\Users\\me\\Logo (final).PNG")).toBe("Logo_final_.PNG");
  expect(safeFileName("../../.hidden")).toBe("hidden");
  expect(safeFileName("...", "feed")).toBe("feed");
});

test("storage() follows STORAGE_DIR at call time", () => {
  expect(storageDir({})).toBe(path.resolve("./.data/uploads"));
  const saved = process.env.STORAGE_DIR;
  process.env.STORAGE_DIR = root;
  try {
    expect((storage() as LocalDirectoryStorage).root).toBe(root);
    expect(storage().urlFor("images/1/a.png")).toBe("/api/files/images/1/a.png");
  } finally {
    if (saved === undefined) delete process.env.STORAGE_DIR;
    else process.env.STORAGE_DIR = saved;
  }
});
