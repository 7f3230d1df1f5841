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

test("put, exists, read, open and delete round-trip; delete removes the emptied folder", async () => {
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
