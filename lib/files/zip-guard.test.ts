// The shared archive guard: the directory read without inflating, the
// declared sizes checked, and what comes out counted whatever they declare.
import zlib from "node:zlib";
import { strToU8, zipSync } from "fflate";
import { storedEntry, zipArchive, type ZipEntry } from "../../tests/fixtures/catalog/zip-bomb";
import { checkDeclaredSizes, InflationBudget, inflateEntry, readZipDirectory, ZipRefusedError, type ZipDirectoryEntry, type ZipRefusal } from "./zip-guard";

const MB = 1024 * 1024;
const LIMITS = { maxEntries: 10, maxBytes: 8 * MB, maxRatio: 100 };

async function contentOf(zip: Uint8Array, entry: ZipDirectoryEntry, budget = new InflationBudget(LIMITS)): Promise<Buffer> {
  const pieces: Uint8Array[] = [];
  for await (const piece of inflateEntry(zip, entry, budget)) pieces.push(piece);
  return Buffer.concat(pieces);
}

async function refusalOf(work: () => unknown): Promise<ZipRefusal> {
  try {
    await work();
  } catch (e) {
    if (e instanceof ZipRefusedError) return e.refusal;
    throw e;
  }
  throw new Error("nothing was refused");
}

/** A deflated entry whose headers declare `declared` bytes, whatever it holds. */
function deflated(name: string, content: Buffer, declared = content.length): ZipEntry {
  return { name, data: zlib.deflateRawSync(content, { level: 9 }), method: 8, crc: zlib.crc32(content), size: declared };
}

test("the directory lists names, methods and declared sizes without inflating anything", () => {
  const zip = zipSync({ "a.txt": [strToU8("hello"), { level: 0 }], "b/c.xml": [strToU8("x".repeat(1000)), { level: 9 }] });
  expect(readZipDirectory(zip, 10).map(({ name, method, size }) => ({ name, method, size }))).toEqual([
    { name: "a.txt", method: 0, size: 5 },
    { name: "b/c.xml", method: 8, size: 1000 },
  ]);
  expect(() => readZipDirectory(strToU8("not a zip at all, just text"), 10)).toThrow("the file is not a readable ZIP archive");
  expect(() => readZipDirectory(zip, 1)).toThrow(new ZipRefusedError({ kind: "entries", count: 2, limit: 1 }));
});

test("declared sizes: their sum may not pass the cap, nor the ratio to the compressed sizes", () => {
  const entry = (size: number, compressedSize: number) => ({ name: `e${size}`, method: 8, flags: 0, size, compressedSize, localHeaderOffset: 0, isSymlink: false });
  expect(() => checkDeclaredSizes([entry(3 * MB, 1 * MB), entry(4 * MB, 1 * MB)], LIMITS)).not.toThrow();
  expect(() => checkDeclaredSizes([entry(5 * MB, 1 * MB), entry(4 * MB, 1 * MB)], LIMITS)).toThrow(
    new ZipRefusedError({ kind: "size", entry: "e5242880", limit: 8 * MB }),
  );
  // 7 MB from 50 KB: beyond 100 times plus the first megabyte.
  expect(() => checkDeclaredSizes([entry(7 * MB, 50 * 1024)], LIMITS)).toThrow(new ZipRefusedError({ kind: "ratio", entry: "e7340032", limit: 100 }));
});

test("stored and deflated entries come out whole", async () => {
  const text = Buffer.from("é".repeat(300_000)); // 600 KB: many pieces
  const zip = zipArchive([storedEntry("plain.txt", text), deflated("packed.txt", text)]);
  const [plain, packed] = readZipDirectory(zip, 10);
  expect((await contentOf(zip, plain)).equals(text)).toBe(true);
  expect((await contentOf(zip, packed)).equals(text)).toBe(true);
});

test("an entry yielding more than its header declares is refused as soon as it does, whatever the directory said", async () => {
  const content = Buffer.from("a".repeat(20_000) + "b".repeat(20_000));
  const zip = zipArchive([deflated("liar.xml", content, 1_000)]);
  const [liar] = readZipDirectory(zip, 10);
  expect(() => checkDeclaredSizes([liar], LIMITS)).not.toThrow(); // the directory's claim looks harmless
  expect(await refusalOf(() => contentOf(zip, liar))).toEqual({ kind: "misdeclared", entry: "liar.xml" });
});

test("what comes out is counted against the ratio and, over all entries, the cap", async () => {
  const zeros = Buffer.alloc(3 * MB);
  const zip = zipArchive([deflated("one.bin", zeros), deflated("two.bin", zeros), deflated("three.bin", zeros)]);
  const entries = readZipDirectory(zip, 10);
  // 3 MB from about 3 KB: more than 100 times once past the first megabyte.
  expect(await refusalOf(() => contentOf(zip, entries[0]))).toEqual({ kind: "ratio", entry: "one.bin", limit: 100 });
  // Ratio lifted: each entry fits the 8 MB cap, the third passes it.
  const budget = new InflationBudget({ maxBytes: 8 * MB, maxRatio: 100_000 });
  expect((await contentOf(zip, entries[0], budget)).length).toBe(3 * MB);
  expect((await contentOf(zip, entries[1], budget)).length).toBe(3 * MB);
  expect(await refusalOf(() => contentOf(zip, entries[2], budget))).toEqual({ kind: "size", entry: "three.bin", limit: 8 * MB });
});

test("damaged data, an unknown method and an encrypted entry are unreadable", async () => {
  const good = deflated("x.txt", Buffer.from("hello hello hello"));
  const zip = zipArchive([{ ...good, data: Buffer.from([0xff, 0xff, 0xff, 0xff]) }]);
  expect(await refusalOf(() => contentOf(zip, readZipDirectory(zip, 10)[0]))).toMatchObject({ kind: "unreadable" });
  const [entry] = readZipDirectory(zipArchive([good]), 10);
  expect(await refusalOf(() => contentOf(zipArchive([good]), { ...entry, method: 12 }))).toMatchObject({ kind: "unreadable" });
  expect(await refusalOf(() => contentOf(zipArchive([good]), { ...entry, flags: 1 }))).toMatchObject({ kind: "unreadable" });
});
