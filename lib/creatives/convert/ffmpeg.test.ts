// Which conversions copy the streams and which encode them again: what an
// MP4 player plays as it is (H.264 with AAC, MP3 or no audio) is copied,
// anything else (or a stream list ffmpeg could not give) is encoded again;
// and the conversion's deadline stops ffmpeg.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { codecPlan, ConversionError, FFMPEG_MESSAGES, lastErrorLine, remuxHls, streamCodecs } from "./ffmpeg";

const DESCRIBED = `Input #0, hls,applehttp, from 'playlist.m3u8':
  Duration: 00:00:02.00, start: 1.400000, bitrate: 0 kb/s
    Stream #0:0: Video: mpeg2video (Main) ([2][0][0][0] / 0x0002), yuv420p(tv), 160x120 [SAR 1:1 DAR 4:3], 25 fps
    Stream #0:1(eng): Audio: mp2 ([3][0][0][0] / 0x0003), 44100 Hz, mono, s16p, 64 kb/s
At least one output file must be specified`;

test("the stream list ffmpeg prints names the first video and audio codec", () => {
  expect(streamCodecs(DESCRIBED)).toEqual({ video: "mpeg2video", audio: "mp2" });
  expect(streamCodecs("Stream #0:0: Video: h264 (High)\n")).toEqual({ video: "h264", audio: null });
  expect(streamCodecs("playlist.m3u8: Invalid data found when processing input")).toEqual({ video: null, audio: null });
});

test.each([
  [{ video: "h264", audio: "aac" }, "copy"],
  [{ video: "h264", audio: "mp3" }, "copy"],
  [{ video: "h264", audio: null }, "copy"],
  [{ video: "mpeg2video", audio: "aac" }, "reencode"],
  [{ video: "hevc", audio: "aac" }, "reencode"],
  [{ video: "h264", audio: "ac3" }, "reencode"],
  [{ video: "h264", audio: "mp2" }, "reencode"],
  [{ video: null, audio: null }, "reencode"],
] as const)("%j → %s", (codecs, plan) => {
  expect(codecPlan(codecs)).toBe(plan);
});

test("ffmpeg's last complaint is shown without its component prefix", () => {
  expect(lastErrorLine("[hls @ 0x55d0c0] Opening 'a.ts'\n[mp4 @ 0x1a2b] Could not find tag for codec pcm_bluray\n")).toBe("Could not find tag for codec pcm_bluray");
});

test("ffmpeg still running at the conversion's deadline is stopped with the conversion's own message", async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "remux-deadline-"));
  try {
    const fixtures = path.join(__dirname, "../../../tests/fixtures/creatives/hls");
    for (const name of ["playlist.m3u8", "segment0.ts", "segment1.ts"]) fs.copyFileSync(path.join(fixtures, name), path.join(dir, name));
    const options = { playlistPath: path.join(dir, "playlist.m3u8"), outputPath: path.join(dir, "out.mp4"), totalSeconds: 2, timeLimitMs: 600_000, maxBytes: 1e8 };
    // Loading ffmpeg alone takes longer than 30 ms: the deadline passes while it runs.
    await expect(remuxHls({ ...options, deadline: Date.now() + 30 })).rejects.toEqual(new ConversionError(FFMPEG_MESSAGES.tooLong(600_000)));
    await expect(remuxHls({ ...options, deadline: Date.now() - 1 })).rejects.toEqual(new ConversionError("The conversion took longer than 10 minutes and was stopped"));
    expect(await remuxHls({ ...options, deadline: Date.now() + 60_000 })).toBe("copy");
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
