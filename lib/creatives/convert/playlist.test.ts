// What a playlist must be before ffmpeg may open it: its URIs made absolute
// (segments, init sections, keys), its duration summed, live and non-http(s)
// playlists refused, the origins to check handed back.
import fs from "node:fs";
import path from "node:path";
import { bestVariant, checkMediaPlaylist, localPlaylist, parsePlaylist, PLAYLIST_MESSAGES, PlaylistError, type MediaPlaylist } from "./playlist";
import { HlsConversionSchema, urlsFromText } from "./schema";

const BASE = "https://cdn.example.com/videos/spring/index.m3u8";
const fixture = fs.readFileSync(path.join(__dirname, "../../../tests/fixtures/creatives/hls/playlist.m3u8"), "utf8");

test("the fixture playlist: two 1 s segments made absolute, finished", () => {
  const media = parsePlaylist(fixture, BASE) as MediaPlaylist;
  expect(media).toMatchObject({ kind: "media", segmentCount: 2, totalSeconds: 2, ended: true });
  expect(media.uris).toEqual(["https://cdn.example.com/videos/spring/segment0.ts", "https://cdn.example.com/videos/spring/segment1.ts"]);
  expect(media.text).toContain("\nhttps://cdn.example.com/videos/spring/segment1.ts\n#EXT-X-ENDLIST\n");
  expect(checkMediaPlaylist(media, 60)).toEqual(["https://cdn.example.com"]);
});

test("URIs inside tags (init section, key) are made absolute and their origins checked too", () => {
  const text = ["#EXTM3U", '#EXT-X-MAP:URI="init.mp4"', '#EXT-X-KEY:METHOD=AES-128,URI="https://keys.example.net/k"', "#EXTINF:4,", "/a.m4s", "#EXT-X-ENDLIST"].join("\n");
  const media = parsePlaylist(text, BASE) as MediaPlaylist;
  expect(media.text).toContain('#EXT-X-MAP:URI="https://cdn.example.com/videos/spring/init.mp4"');
  expect(checkMediaPlaylist(media, 60)).toEqual(["https://cdn.example.com", "https://keys.example.net"]);
});

test("a master playlist hands over its best variant", () => {
  const master = parsePlaylist("#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=800000\nlow.m3u8\n#EXT-X-STREAM-INF:BANDWIDTH=2400000\nhigh/index.m3u8\n", BASE);
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
  ["#EXTM3U\n#EXTINF:1,\nfile:///etc/passwd\n#EXT-X-ENDLIST\n", 60, PLAYLIST_MESSAGES.segmentProtocol],
  ["#EXTM3U\n#EXTINF:90,\na.ts\n#EXT-X-ENDLIST\n", 60, PLAYLIST_MESSAGES.tooLong(60)],
])("refused before ffmpeg runs: %j", (text, maxSeconds, message) => {
  expect(() => checkMediaPlaylist(parsePlaylist(text, BASE) as MediaPlaylist, maxSeconds)).toThrow(new PlaylistError(message));
});

test("the panel's lines: blank lines dropped, each link checked by its line", () => {
  const urls = urlsFromText(" https://cdn.example.com/a.m3u8 \n\nhttps://cdn.example.com/a.m3u8\nhttps://cdn.example.com/b.mp4\n");
  const result = HlsConversionSchema.safeParse({ advertiserId: 1, videoUrls: urls });
  expect(result.success).toBe(false);
  expect(result.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([
    ["videoUrls.2", "The link must end in a playlist file (.m3u8 or .m3u)"],
    ["videoUrls.1", "This link is listed twice"],
  ]);
  const dup = HlsConversionSchema.safeParse({ advertiserId: 1, videoUrls: urls.slice(0, 2) });
  expect(dup.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([["videoUrls.1", "This link is listed twice"]]);
  expect(HlsConversionSchema.safeParse({ advertiserId: 1, videoUrls: [] }).error?.issues[0].message).toBe("Enter at least one HLS playlist link");
});

test("the local playlist names only the local copies; tags naming other resources are dropped", () => {
  const text = [
    "#EXTM3U",
    '#EXT-X-KEY:METHOD=AES-128,URI="https://keys.example.net/k",IV=0x1',
    '#EXT-X-MAP:URI="init.mp4"',
    '#EXT-X-PRELOAD-HINT:TYPE=PART,URI="https://elsewhere.example/p"',
    "#EXTINF:4,",
    "a.m4s",
    "#EXT-X-BYTERANGE:100@0",
    "#EXTINF:4,",
    "a.m4s",
    "#EXT-X-ENDLIST",
  ].join("\n");
  const media = parsePlaylist(text, BASE) as MediaPlaylist;
  expect(media.resources).toEqual([
    { uri: "https://keys.example.net/k", kind: "key" },
    { uri: "https://cdn.example.com/videos/spring/init.mp4", kind: "map" },
    { uri: "https://cdn.example.com/videos/spring/a.m4s", kind: "segment" },
  ]);
  const names: Record<string, string> = {
    "https://keys.example.net/k": "key-00001.key",
    "https://cdn.example.com/videos/spring/init.mp4": "init-00002.mp4",
    "https://cdn.example.com/videos/spring/a.m4s": "segment-00003.m4s",
  };
  expect(localPlaylist(media, (uri) => names[uri]).split("\n")).toEqual([
    "#EXTM3U",
    '#EXT-X-KEY:METHOD=AES-128,URI="key-00001.key",IV=0x1',
    '#EXT-X-MAP:URI="init-00002.mp4"',
    "#EXTINF:4,",
    "segment-00003.m4s",
    "#EXT-X-BYTERANGE:100@0",
    "#EXTINF:4,",
    "segment-00003.m4s",
    "#EXT-X-ENDLIST",
    "",
  ]);
});
