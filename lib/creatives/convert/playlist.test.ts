// What a playlist must be before anything is downloaded: parsed into values
// (segments, init sections, keys made absolute against the playlist's URL,
// attribute lists read whether quoted, unquoted or spaced), live, non-http(s)
// and unusable playlists refused, the origins to check handed back; and the
// playlist ffmpeg reads, written from those values only.
import fs from "node:fs";
import path from "node:path";
import {
  bestVariant,
  checkMediaPlaylist,
  localPlaylistText,
  parseAttributes,
  parsePlaylist,
  PLAYLIST_MESSAGES,
  PlaylistError,
  type MediaPlaylist,
} from "./playlist";
import { HlsConversionSchema, urlsFromText } from "./schema";
import { DEMO_AD_MARKING } from "../../seed/form-values";

const BASE = "https://cdn.example.com/videos/spring/index.m3u8";
const fixture = fs.readFileSync(path.join(__dirname, "../../../tests/fixtures/creatives/hls/playlist.m3u8"), "utf8");
const media = (text: string) => parsePlaylist(text, BASE) as MediaPlaylist;
const playlist = (...lines: string[]) => ["#EXTM3U", ...lines, "#EXT-X-ENDLIST"].join("\n");

test("the fixture playlist: two 1 s segments made absolute, finished", () => {
  const parsed = media(fixture);
  expect(parsed).toMatchObject({ kind: "media", totalSeconds: 2, ended: true });
  expect(parsed.segments.map((s) => [s.uri, s.seconds, s.sequence, s.key, s.map, s.byteRange])).toEqual([
    ["https://cdn.example.com/videos/spring/segment0.ts", 1, 0, null, null, null],
    ["https://cdn.example.com/videos/spring/segment1.ts", 1, 1, null, null, null],
  ]);
  expect(checkMediaPlaylist(parsed, 60)).toEqual(["https://cdn.example.com"]);
});

test("init sections and keys are made absolute, downloaded once each, and their origins checked too", () => {
  const parsed = media(
    playlist(
      "#EXT-X-MEDIA-SEQUENCE:7",
      '#EXT-X-KEY:METHOD=AES-128,URI="https://keys.example.net/k",IV=0x1',
      '#EXT-X-MAP:URI="init.mp4",BYTERANGE="720@0"',
      "#EXTINF:4,",
      "/a.m4s",
      '#EXT-X-KEY:METHOD=AES-128,URI="https://keys.example.net/k2"',
      "#EXTINF:4,",
      "/a.m4s",
      "#EXT-X-KEY:METHOD=NONE",
      "#EXTINF:4,",
      "/b.m4s",
    ),
  );
  const key = { uri: "https://keys.example.net/k", iv: Buffer.from("00000000000000000000000000000001", "hex") };
  const map = { uri: "https://cdn.example.com/videos/spring/init.mp4", byteRange: { length: 720, offset: 0 }, key };
  expect(parsed.segments).toEqual([
    { uri: "https://cdn.example.com/a.m4s", seconds: 4, sequence: 7, byteRange: null, key, map, discontinuity: false },
    { uri: "https://cdn.example.com/a.m4s", seconds: 4, sequence: 8, byteRange: null, key: { uri: "https://keys.example.net/k2", iv: null }, map, discontinuity: false },
    { uri: "https://cdn.example.com/b.m4s", seconds: 4, sequence: 9, byteRange: null, key: null, map, discontinuity: false },
  ]);
  expect(parsed.resources).toEqual([
    { uri: "https://keys.example.net/k", kind: "key" },
    { uri: "https://cdn.example.com/videos/spring/init.mp4", kind: "map" },
    { uri: "https://cdn.example.com/a.m4s", kind: "segment" },
    { uri: "https://keys.example.net/k2", kind: "key" },
    { uri: "https://cdn.example.com/b.m4s", kind: "segment" },
  ]);
  expect(checkMediaPlaylist(parsed, 60)).toEqual(["https://keys.example.net", "https://cdn.example.com"]);
});

test("byte ranges: an offset given, or following the previous range of the same file", () => {
  const parsed = media(playlist("#EXTINF:1,", "#EXT-X-BYTERANGE:100@50", "all.ts", "#EXTINF:1,", "#EXT-X-BYTERANGE:30", "all.ts"));
  expect(parsed.segments.map((s) => s.byteRange)).toEqual([
    { length: 100, offset: 50 },
    { length: 30, offset: 150 },
  ]);
  expect(parsed.resources).toEqual([{ uri: "https://cdn.example.com/videos/spring/all.ts", kind: "segment" }]);
  for (const bad of [["#EXT-X-BYTERANGE:30", "a.ts"], ["#EXT-X-BYTERANGE:-1@0", "a.ts"], ["#EXT-X-BYTERANGE:abc", "a.ts"]]) {
    expect(() => media(playlist("#EXTINF:1,", ...bad))).toThrow(new PlaylistError(PLAYLIST_MESSAGES.badByteRange));
  }
});

test("attribute lists: quoted and unquoted values, spaces after ':' and ','; unreadable ones are null", () => {
  expect(parseAttributes(' METHOD=AES-128, URI="a,b.key" ,IV=0x1F')).toEqual(
    new Map([
      ["METHOD", "AES-128"],
      ["URI", "a,b.key"],
      ["IV", "0x1F"],
    ]),
  );
  expect(parseAttributes("URI=/etc/passwd")).toEqual(new Map([["URI", "/etc/passwd"]]));
  for (const bad of ['URI="unterminated', "URI", 'URI="a"x', 'uri="a"', 'URI="a",URI="b"', 'URI=a"b"']) expect(parseAttributes(bad)).toBeNull();
});

test("a master playlist hands over its best variant", () => {
  const master = parsePlaylist("#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=800000\nlow.m3u8\n#EXT-X-STREAM-INF:BANDWIDTH=2400000,CODECS=\"avc1.4d401f,mp4a.40.2\"\nhigh/index.m3u8\n", BASE);
  expect(master.kind).toBe("master");
  expect(master.kind === "master" && bestVariant(master).uri).toBe("https://cdn.example.com/videos/spring/high/index.m3u8");
});

test.each([
  ["<html></html>", PLAYLIST_MESSAGES.notHls],
  ["#EXTM3U\n#EXT-X-ENDLIST\n", PLAYLIST_MESSAGES.noSegments],
])("text that is not a usable playlist: %j", (text, message) => {
  expect(() => parsePlaylist(text, BASE)).toThrow(new PlaylistError(message));
});

test.each([
  ["#EXTM3U\n#EXTINF:1,\na.ts\n", 60, PLAYLIST_MESSAGES.live],
  ["#EXTM3U\n#EXTINF:1,\nfile:///etc/passwd\n#EXT-X-ENDLIST\n", 60, PLAYLIST_MESSAGES.notHttp],
  ["#EXTM3U\n#EXTINF:90,\na.ts\n#EXT-X-ENDLIST\n", 60, PLAYLIST_MESSAGES.tooLong(60)],
  ["#EXTM3U\n#EXTINF:Infinity,\na.ts\n#EXT-X-ENDLIST\n", 60, PLAYLIST_MESSAGES.tooLong(60)],
])("refused before anything is downloaded: %j", (text, maxSeconds, message) => {
  expect(() => checkMediaPlaylist(media(text), maxSeconds)).toThrow(new PlaylistError(message));
});

// ───────────── references a player would open on this server ─────────────

test.each([
  ["an unquoted init section URI", ["#EXT-X-MAP:URI=/etc/passwd", "#EXTINF:1,", "a.ts"], { uri: "https://cdn.example.com/etc/passwd", kind: "map" }],
  ["an init section URI after a space", ['#EXT-X-MAP: URI="/tmp/secret.ts"', "#EXTINF:1,", "a.ts"], { uri: "https://cdn.example.com/tmp/secret.ts", kind: "map" }],
  ["an absolute segment path", ["#EXTINF:1,", "/tmp/secret.ts"], { uri: "https://cdn.example.com/tmp/secret.ts", kind: "segment" }],
  ["a segment climbing out with ..", ["#EXTINF:1,", "../../../../../tmp/secret.ts"], { uri: "https://cdn.example.com/tmp/secret.ts", kind: "segment" }],
  ["an unquoted key URI", ["#EXT-X-KEY:METHOD=AES-128,URI=/etc/passwd", "#EXTINF:1,", "a.ts"], { uri: "https://cdn.example.com/etc/passwd", kind: "key" }],
])("%s becomes a link on the playlist's own host (downloaded through the guard, never opened locally)", (_name, lines, resource) => {
  const parsed = media(playlist(...lines));
  expect(parsed.resources[0]).toEqual(resource);
  expect(checkMediaPlaylist(parsed, 60)).toEqual(["https://cdn.example.com"]);
});

test.each([
  ["a file: segment", ["#EXTINF:1,", "file:///tmp/secret.ts"]],
  ["a file: init section after a space", ['#EXT-X-MAP: URI="file:///tmp/secret.ts"', "#EXTINF:1,", "a.ts"]],
  ["an unquoted file: key", ["#EXT-X-KEY:METHOD=AES-128,URI=file:///etc/passwd", "#EXTINF:1,", "a.ts"]],
  ["a data: key", ['#EXT-X-KEY:METHOD=AES-128, URI="data:text/plain;base64,AAAAAAAAAAAAAAAAAAAAAA=="', "#EXTINF:1,", "a.ts"]],
  ["a drive letter", ["#EXTINF:1,", "C:\\secret.ts"]],
])("%s is refused before anything is downloaded", (_name, lines) => {
  expect(() => checkMediaPlaylist(media(playlist(...lines)), 60)).toThrow(new PlaylistError(PLAYLIST_MESSAGES.notHttp));
});

test.each([
  ['#EXT-X-MAP:URI="a', PLAYLIST_MESSAGES.badTag("#EXT-X-MAP")],
  ["#EXT-X-MAP", PLAYLIST_MESSAGES.noUri("#EXT-X-MAP")],
  ["#EXT-X-MAP:BYTERANGE=\"1@0\"", PLAYLIST_MESSAGES.noUri("#EXT-X-MAP")],
  ["#EXT-X-KEY:METHOD=AES-128", PLAYLIST_MESSAGES.noUri("#EXT-X-KEY")],
  ['#EXT-X-KEY:METHOD=AES-128,URI="k",IV=zz', PLAYLIST_MESSAGES.badTag("#EXT-X-KEY")],
  ['#EXT-X-KEY:URI="k"', PLAYLIST_MESSAGES.badTag("#EXT-X-KEY")],
  ['#EXT-X-KEY:METHOD=SAMPLE-AES,URI="k"', PLAYLIST_MESSAGES.keyMethod("SAMPLE-AES")],
  ['#EXT-X-KEY:METHOD=SAMPLE-AES,URI="skd://x",KEYFORMAT="com.apple.streamingkeydelivery"', PLAYLIST_MESSAGES.keyFormat("com.apple.streamingkeydelivery")],
  ['#EXT-X-KEY:METHOD=AES-128,URI="k"\n#EXT-X-MAP:URI="init.mp4"', PLAYLIST_MESSAGES.mapWithoutIv],
])("a tag we use that cannot be read fails with its reason: %j", (tag, message) => {
  expect(() => media(playlist(tag, "#EXTINF:1,", "a.ts"))).toThrow(new PlaylistError(message));
});

test("tags we do not use are dropped whatever they name", () => {
  const parsed = media(
    playlist(
      '#EXT-X-PRELOAD-HINT:TYPE=PART,URI="/etc/passwd"',
      '#EXT-X-PART:DURATION=1,URI="file:///etc/passwd"',
      '#EXT-X-SESSION-KEY:METHOD=AES-128,URI="file:///k"',
      "#EXT-X-ALLOW-CACHE:URI=/etc/passwd",
      "#EXTINF:1,",
      "a.ts",
    ),
  );
  expect(parsed.resources).toEqual([{ uri: "https://cdn.example.com/videos/spring/a.ts", kind: "segment" }]);
});

test("the playlist ffmpeg reads is written from values: our file names, durations, init sections, nothing else", () => {
  expect(
    localPlaylistText([
      { file: "segment-00001.m4s", seconds: 4, initFile: "init-00001.mp4", discontinuity: false },
      { file: "segment-00002.m4s", seconds: 3.5, initFile: "init-00001.mp4", discontinuity: false },
      { file: "segment-00003.ts", seconds: 1, initFile: null, discontinuity: true },
    ]).split("\n"),
  ).toEqual([
    "#EXTM3U",
    "#EXT-X-TARGETDURATION:4",
    "#EXT-X-MEDIA-SEQUENCE:0",
    "#EXT-X-PLAYLIST-TYPE:VOD",
    '#EXT-X-MAP:URI="init-00001.mp4"',
    "#EXTINF:4.000000,",
    "segment-00001.m4s",
    "#EXTINF:3.500000,",
    "segment-00002.m4s",
    "#EXT-X-DISCONTINUITY",
    "#EXTINF:1.000000,",
    "segment-00003.ts",
    "#EXT-X-ENDLIST",
    "",
  ]);
  for (const file of ["/tmp/secret.ts", "../secret.ts", "https://x/a.ts", 'a.ts"\n#EXT-X-MAP:URI="/etc/passwd', "file:a.ts"]) {
    expect(() => localPlaylistText([{ file, seconds: 1, initFile: null, discontinuity: false }])).toThrow(/not a local file name/);
  }
});

test("the panel's lines: blank lines dropped, each link checked by its line", () => {
  const urls = urlsFromText(" https://cdn.example.com/a.m3u8 \n\nhttps://cdn.example.com/a.m3u8\nhttps://cdn.example.com/b.mp4\n");
  const result = HlsConversionSchema.safeParse({ advertiserId: 1, videoUrls: urls, ...DEMO_AD_MARKING });
  expect(result.success).toBe(false);
  expect(result.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([
    ["videoUrls.2", "The link must end in a playlist file (.m3u8 or .m3u)"],
    ["videoUrls.1", "This link is listed twice"],
  ]);
  const dup = HlsConversionSchema.safeParse({ advertiserId: 1, videoUrls: urls.slice(0, 2), ...DEMO_AD_MARKING });
  expect(dup.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([["videoUrls.1", "This link is listed twice"]]);
  expect(HlsConversionSchema.safeParse({ advertiserId: 1, videoUrls: [], ...DEMO_AD_MARKING }).error?.issues[0].message).toBe("Enter at least one HLS playlist link");
});
