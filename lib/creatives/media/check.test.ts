// checkCreativeFile with the committed fixtures: type by content, each size
// limit at its boundary (sparse temporary files, never committed big ones),
// each format, the dimension rules and the CTV bitrate.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { zipSync } from "fflate";
import { gif, jpeg, pngHeader } from "@/tests/helpers/images";
import { env } from "../../env";
import { checkCreativeFile } from "./check";

const FIXTURES = path.join(__dirname, "../../../tests/fixtures/creatives");
const FFMPEG = env().FFMPEG_PATH;
let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "creative-check-"));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const fixture = (name: string) => {
  const file = path.join(FIXTURES, name);
  return { name, path: file, size: fs.statSync(file).size };
};

/** A copy of a fixture grown (with zeros, sparsely) to exactly `size` bytes. */
function padded(name: string, size: number) {
  const file = path.join(dir, `${size}-${name}`);
  fs.copyFileSync(path.join(FIXTURES, name), file);
  fs.truncateSync(file, size);
  return { name, path: file, size };
}

function written(name: string, bytes: Uint8Array | string) {
  const file = path.join(dir, name);
  fs.writeFileSync(file, bytes);
  return { name, path: file, size: fs.statSync(file).size };
}

/** A short clip in another container, made with the configured ffmpeg. */
function encoded(name: string, args: string[]) {
  const file = path.join(dir, name);
  execFileSync(FFMPEG, ["-v", "error", "-y", "-f", "lavfi", "-i", "testsrc=size=320x180:rate=10", "-t", "0.5", ...args, file]);
  return { name, path: file, size: fs.statSync(file).size };
}

test("a 300x250 PNG is an image of 300x250, typed by content", async () => {
  expect(await checkCreativeFile("IMAGE", fixture("banner-300x250.png"))).toMatchObject({ ok: true, format: "png", mime: "image/png", width: 300, height: 250 });
});

test("text under a .png name is an unsupported type; so is a PNG offered as a video", async () => {
  expect(await checkCreativeFile("IMAGE", fixture("not-an-image.png"))).toEqual({
    ok: false,
    message: "unsupported type: the content is not a known media format; expected JPEG, PNG, GIF",
  });
  expect(await checkCreativeFile("VIDEO", fixture("banner-300x250.png"))).toEqual({
    ok: false,
    message: "unsupported type: the content is PNG; expected FLV, MP4, 3GP, MOV, WebM, DASH, HLS",
  });
  // The name says video, the content is an image: the content wins.
  const renamed = written("clip.mp4", fs.readFileSync(path.join(FIXTURES, "banner-300x250.png")));
  expect(await checkCreativeFile("IMAGE", renamed)).toMatchObject({ ok: true, format: "png" });
});

test("an empty file is refused", async () => {
  expect(await checkCreativeFile("IMAGE", written("empty.png", ""))).toEqual({ ok: false, message: "unsupported type: the file is empty" });
});

test.each([
  ["IMAGE", "banner-300x250.png", 5_120_000],
  ["VIDEO", "video-800k.mp4", 30_720_000],
  ["CTV_VIDEO", "video-800k.mp4", 204_800_000],
] as const)("%s: %s at exactly %i bytes is not too large, one byte more is", async (type, name, limit) => {
  const atLimit = await checkCreativeFile(type, padded(name, limit));
  // CTV: 204.8 MB in a 1 s clip is accepted by size, then refused for its bitrate.
  if (type === "CTV_VIDEO") expect(atLimit).toEqual({ ok: false, message: expect.stringMatching(/^bitrate exceeds limit/) });
  else expect(atLimit).toMatchObject({ ok: true });
  expect(await checkCreativeFile(type, padded(name, limit + 1))).toEqual({
    ok: false,
    message: expect.stringMatching(/^size exceeds limit: .* is more than .* MB$/),
  });
});

test("an MP4 of 1 s: dimensions, duration and bitrate from the stream", async () => {
  expect(await checkCreativeFile("VIDEO", fixture("video-800k.mp4"))).toMatchObject({
    ok: true,
    format: "mp4",
    mime: "video/mp4",
    width: 640,
    height: 360,
    durationMs: 1000,
  });
});

test("CTV: 800 Kbps passes, 2 Mbps is refused; only MP4 is accepted", async () => {
  expect(await checkCreativeFile("CTV_VIDEO", fixture("video-800k.mp4"))).toMatchObject({ ok: true, width: 640, height: 360 });
  expect(await checkCreativeFile("CTV_VIDEO", fixture("video-2000k.mp4"))).toEqual({
    ok: false,
    message: expect.stringMatching(/^bitrate exceeds limit: \d+ Kbps is more than 1024 Kbps$/),
  });
  expect(await checkCreativeFile("VIDEO", fixture("video-2000k.mp4"))).toMatchObject({ ok: true }); // no bitrate rule outside CTV
  const webm = encoded("clip.webm", ["-c:v", "libvpx", "-b:v", "200k"]);
  expect(await checkCreativeFile("CTV_VIDEO", webm)).toEqual({ ok: false, message: "unsupported type: the content is WebM; expected MP4" });
});

test.each([
  ["clip.webm", ["-c:v", "libvpx", "-b:v", "200k"], "webm", "video/webm"],
  ["clip.mov", ["-c:v", "mpeg4", "-f", "mov"], "mov", "video/quicktime"],
  ["clip.flv", ["-c:v", "flv"], "flv", "video/x-flv"],
  ["clip.3gp", ["-c:v", "mpeg4", "-f", "3gp"], "3gp", "video/3gpp"],
] as const)("video format %s is read by content and probed", async (name, args, format, mime) => {
  expect(await checkCreativeFile("VIDEO", encoded(name, [...args]))).toMatchObject({ ok: true, format, mime, width: 320, height: 180 });
});

test("HLS and DASH playlists: typed by their text, facts from the playlist (never fetched)", async () => {
  const master = "#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=800000,RESOLUTION=640x360\nlow.m3u8\n#EXT-X-STREAM-INF:BANDWIDTH=2500000,RESOLUTION=1280x720\nhigh.m3u8\n";
  expect(await checkCreativeFile("VIDEO", written("master.m3u8", master))).toMatchObject({
    ok: true, format: "hls", width: 1280, height: 720, bitrateKbps: 2500,
  });
  const media = "#EXTM3U\n#EXT-X-TARGETDURATION:4\n#EXTINF:4.0,\ns0.ts\n#EXTINF:2.5,\ns1.ts\n#EXT-X-ENDLIST\n";
  expect(await checkCreativeFile("VIDEO", written("media.m3u8", media))).toMatchObject({ ok: true, format: "hls", durationMs: 6500, width: 0 });
  // A rule that needs dimensions cannot pass a playlist that states none.
  expect(await checkCreativeFile("NATIVE_VIDEO", written("media2.m3u8", media))).toEqual({
    ok: false,
    message: "invalid dimensions: the width and height could not be read",
  });
  const mpd = `<?xml version="1.0"?><MPD xmlns="urn:mpeg:dash:schema:mpd:2011" mediaPresentationDuration="PT1M2.5S"><Period>
    <AdaptationSet mimeType="video/mp4"><Representation id="1" width="1080" height="1920" bandwidth="900000"/></AdaptationSet></Period></MPD>`;
  expect(await checkCreativeFile("NATIVE_VIDEO", written("clip.mpd", mpd))).toMatchObject({
    ok: true, format: "dash", mime: "application/dash+xml", width: 1080, height: 1920, durationMs: 62500, bitrateKbps: 900,
  });
  expect(await checkCreativeFile("VIDEO", written("other.xml", "<?xml version=\"1.0\"?><rss/>"))).toMatchObject({ ok: false, message: expect.stringMatching(/^unsupported type/) });
});

test("dimension rules apply to what the file holds", async () => {
  expect(await checkCreativeFile("HYBRID_STATIC_AD", fixture("banner-300x250.png"))).toMatchObject({ ok: true }); // 6:5
  expect(await checkCreativeFile("NATIVE_IMAGE", fixture("banner-300x250.png"))).toEqual({
    ok: false,
    message: "invalid dimensions: 300x250 is not one of 1200x627, 1200x628, 1280x720, 1200x800",
  });
  expect(await checkCreativeFile("NATIVE_VIDEO", fixture("video-800k.mp4"))).toMatchObject({ ok: true }); // 16:9
});

test("an image declaring more than 16,384 pixels a side or 100 megapixels is refused for every image type", async () => {
  const bomb = written("bomb.png", pngHeader(100_000, 100_000));
  expect(bomb.size).toBe(33);
  for (const type of ["IMAGE", "NATIVE_ICON", "HYBRID_STATIC_AD", "DYNAMIC_MACRO"] as const) {
    expect(await checkCreativeFile(type, bomb)).toEqual({
      ok: false,
      message: "invalid dimensions: 100000x100000 pixels is more than 16,384 pixels a side",
    });
  }
  expect(await checkCreativeFile("IMAGE", written("huge.gif", gif(16_000, 16_000)))).toEqual({
    ok: false,
    message: "invalid dimensions: 16000x16000 pixels is more than 100 megapixels",
  });
  expect(await checkCreativeFile("IMAGE", written("big.jpg", jpeg(16_384, 6_000)))).toMatchObject({ ok: true, width: 16_384, height: 6_000 });
});

test("HTML5 archives: the main HTML and its size meta; traversal refused; ad tag types take no file", async () => {
  expect(await checkCreativeFile("ZIPPED_HTML", fixture("html5-banner.zip"))).toMatchObject({
    ok: true,
    format: "zip",
    html5: { htmlEntry: "index.html", entries: expect.arrayContaining([expect.objectContaining({ path: "css/style.css" })]) },
  });
  const sized = zipSync({ "ad.html": new TextEncoder().encode('<meta name="ad.size" content="width=320,height=50">') });
  expect(await checkCreativeFile("PLAYABLE", written("sized.zip", sized))).toMatchObject({ ok: true, width: 320, height: 50, html5: { htmlEntry: "ad.html" } });
  expect(await checkCreativeFile("ZIPPED_HTML", fixture("html5-traversal.zip"))).toEqual({
    ok: false,
    message: 'unsupported type: the archive entry "../evil.html" points outside the archive',
  });
  expect(await checkCreativeFile("IMAGE", fixture("html5-banner.zip"))).toMatchObject({ ok: false, message: "unsupported type: the content is ZIP; expected JPEG, PNG, GIF" });
  expect(await checkCreativeFile("THIRD_PARTY_AD_TAGS", fixture("banner-300x250.png"))).toEqual({
    ok: false,
    message: "unsupported type: this creative type takes no file",
  });
});
