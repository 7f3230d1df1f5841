// The files ffmpeg reads are made by us from the downloads: byte ranges cut
// out, AES-128 decrypted (IV given or the media sequence number), one file per
// segment and init section, and a playlist naming only them. A wrong key, a
// key of the wrong size, a range past the file's end and a "segment" that is
// a playlist fail with the file's name.
import { createCipheriv } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { ConversionError } from "./ffmpeg";
import { LOCAL_FILE_MESSAGES, sequenceIv, writeLocalFiles } from "./local-files";
import { parsePlaylist, type MediaPlaylist } from "./playlist";

const BASE = "https://cdn.example.com/v/index.m3u8";
const KEY = Buffer.from("00112233445566778899aabbccddeeff", "hex");
let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "local-files-"));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

const encrypt = (data: Buffer, iv: Buffer, key = KEY) => {
  const cipher = createCipheriv("aes-128-cbc", key, iv);
  return Buffer.concat([cipher.update(data), cipher.final()]);
};

/** Writes each download and runs writeLocalFiles on the playlist naming them. */
async function make(lines: string[], files: Record<string, Buffer | string>) {
  const media = parsePlaylist(["#EXTM3U", ...lines, "#EXT-X-ENDLIST"].join("\n"), BASE) as MediaPlaylist;
  const where = fs.mkdtempSync(path.join(dir, "conversion-"));
  const downloads = new Map<string, string>();
  for (const [index, { uri }] of media.resources.entries()) {
    const file = path.join(where, `download-${index}`);
    fs.writeFileSync(file, files[new URL(uri).pathname.slice(1)]);
    downloads.set(uri, file);
  }
  const { playlistPath } = await writeLocalFiles(media, where, downloads);
  const read = (name: string) => fs.readFileSync(path.join(where, name), "latin1");
  return { text: fs.readFileSync(playlistPath, "utf8"), read };
}

const media = (text: string) => Buffer.from(`G${text}`, "latin1"); // starts like an MPEG-TS packet

test("byte ranges are cut out into files of their own, the init section too", async () => {
  const { text, read } = await make(
    ['#EXT-X-MAP:URI="all.mp4",BYTERANGE="4@0"', "#EXTINF:2,", "#EXT-X-BYTERANGE:3@4", "all.mp4", "#EXTINF:2,", "#EXT-X-BYTERANGE:5", "all.mp4"],
    { "v/all.mp4": "INITseg12345" },
  );
  expect(read("init-00001.mp4")).toBe("INIT");
  expect(read("segment-00001.mp4")).toBe("seg");
  expect(read("segment-00002.mp4")).toBe("12345");
  expect(text).toBe(
    '#EXTM3U\n#EXT-X-TARGETDURATION:2\n#EXT-X-MEDIA-SEQUENCE:0\n#EXT-X-PLAYLIST-TYPE:VOD\n#EXT-X-MAP:URI="init-00001.mp4"\n' +
      "#EXTINF:2.000000,\nsegment-00001.mp4\n#EXTINF:2.000000,\nsegment-00002.mp4\n#EXT-X-ENDLIST\n",
  );
});

test("AES-128 segments are decrypted: with the IV given, or with the media sequence number", async () => {
  const first = media("first segment");
  const second = media("second segment");
  const { text, read } = await make(
    ["#EXT-X-MEDIA-SEQUENCE:41", '#EXT-X-KEY:METHOD=AES-128,URI="k.bin",IV=0x0A', "#EXTINF:1,", "a.ts", '#EXT-X-KEY:METHOD=AES-128,URI="k.bin"', "#EXTINF:1,", "b"],
    { "v/k.bin": KEY, "v/a.ts": encrypt(first, Buffer.from("0000000000000000000000000000000a", "hex")), "v/b": encrypt(second, sequenceIv(42)) },
  );
  expect(read("segment-00001.ts")).toBe(first.toString("latin1"));
  expect(read("segment-00002.ts")).toBe(second.toString("latin1")); // no media extension: named .ts
  expect(text).not.toMatch(/KEY|k\.bin|https?:/);
  expect(sequenceIv(42).toString("hex")).toBe("0000000000000000000000000000002a");
});

test.each([
  ["a wrong key", { "v/k.bin": Buffer.alloc(16, 7) }, LOCAL_FILE_MESSAGES.undecryptable("Segment 1 of 1")],
  ["a key that is not 16 bytes", { "v/k.bin": "/etc/passwd" }, LOCAL_FILE_MESSAGES.badKey],
])("%s fails the conversion with the reason", async (_name, key, message) => {
  const files = { ...key, "v/a.ts": encrypt(media("x"), sequenceIv(0)) };
  await expect(make(['#EXT-X-KEY:METHOD=AES-128,URI="k.bin"', "#EXTINF:1,", "a.ts"], files)).rejects.toEqual(new ConversionError(message));
});

test("a byte range past the end of its file fails with the file's name", async () => {
  await expect(make(["#EXTINF:1,", "#EXT-X-BYTERANGE:10@5", "a.ts"], { "v/a.ts": "short" })).rejects.toEqual(
    new ConversionError(LOCAL_FILE_MESSAGES.outOfRange("Segment 1 of 1")),
  );
});

test.each([
  ["a segment", ["#EXTINF:1,", "a.ts"], "Segment 1 of 1"],
  ["an init section", ['#EXT-X-MAP:URI="a.ts"', "#EXTINF:1,", "b.ts"], "The initialization segment"],
])("%s that is a playlist (or cut or decrypted into one) is refused", async (_name, lines, label) => {
  const files = { "v/a.ts": "\uFEFF  #EXTM3U\n#EXTINF:1,\nfile:///etc/passwd\n", "v/b.ts": media("b") };
  await expect(make(lines, files)).rejects.toEqual(new ConversionError(LOCAL_FILE_MESSAGES.nestedPlaylist(label)));
  await expect(make(["#EXTINF:1,", "#EXT-X-BYTERANGE:8@3", "c.ts"], { "v/c.ts": "GGGffconcat version 1.0" })).rejects.toEqual(
    new ConversionError(LOCAL_FILE_MESSAGES.nestedPlaylist("Segment 1 of 1")),
  );
});
