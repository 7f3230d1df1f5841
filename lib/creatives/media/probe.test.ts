// probeVideo reads the facts from the stream of the committed fixtures.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { probeVideo, VideoProbeError } from "./probe";

const fixture = (name: string) => path.join(__dirname, "../../../tests/fixtures/creatives", name);

test("a 1 s 640x360 MP4: dimensions, duration and bitrate from the stream", async () => {
  const facts = await probeVideo(fixture("video-800k.mp4"));
  expect(facts).toMatchObject({ width: 640, height: 360, durationMs: 1000 });
  expect(facts.formatName).toContain("mp4");
  expect(facts.bitrateKbps).toBeGreaterThan(600);
  expect(facts.bitrateKbps).toBeLessThanOrEqual(1024);
  expect((await probeVideo(fixture("video-2000k.mp4"))).bitrateKbps).toBeGreaterThan(1500);
});

test("a file without a video stream is a VideoProbeError", async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "probe-"));
  try {
    const text = path.join(dir, "clip.mp4");
    fs.writeFileSync(text, "not a video");
    await expect(probeVideo(text)).rejects.toBeInstanceOf(VideoProbeError);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
