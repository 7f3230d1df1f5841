// The temporary folder sweep: only the app's own prefixes, only folders whose
// contents were left untouched past the age (a file still being written keeps
// its folder), binary copies only at start; every server process runs it at
// start and hourly.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { BINARY_COPY_PREFIXES, startTempFolderSweeps, sweepTempFolders, WORK_FOLDER_PREFIXES } from "./temp-folders";

const HOUR = 3_600_000;
const NOW = new Date("2026-12-01T12:00:00Z");

let root: string;
beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), "temp-sweep-test-"));
});
afterEach(() => {
  jest.restoreAllMocks();
  fs.rmSync(root, { recursive: true, force: true });
});

/** A folder (with a file, and a sub-folder with a file) whose every entry was last changed `hoursAgo` before `at`. */
function folder(name: string, hoursAgo: number, at = NOW) {
  const dir = path.join(root, name);
  fs.mkdirSync(path.join(dir, "sub"), { recursive: true });
  fs.writeFileSync(path.join(dir, "0"), "part of an upload");
  fs.writeFileSync(path.join(dir, "sub", "segment.ts"), "x");
  const when = new Date(at.getTime() - hoursAgo * HOUR);
  for (const p of [path.join(dir, "sub", "segment.ts"), path.join(dir, "sub"), path.join(dir, "0"), dir]) fs.utimesSync(p, when, when);
  return dir;
}

const left = () => fs.readdirSync(root).sort();

test("removes the app's stale folders, keeps recent ones, folders with a recently written file, and anything not its own", async () => {
  folder("creative-upload-aaaaaa", 7);
  folder("creative-reread-bbbbbb", 30);
  folder("hls-convert-cccccc", 6.5);
  folder("creative-upload-dddddd", 5); // within the age
  const writing = folder("creative-upload-eeeeee", 7);
  fs.utimesSync(path.join(writing, "sub", "segment.ts"), NOW, NOW); // still being written
  folder("creative-upload-toolongname", 9); // not a name mkdtemp made from our prefix
  folder("someone-else-ffffff", 9);
  fs.writeFileSync(path.join(root, "creative-upload-gggggg"), "a file, not a folder");
  fs.utimesSync(path.join(root, "creative-upload-gggggg"), new Date(0), new Date(0));
  folder("ffprobe-hhhhhh", 9); // a binary copy: not a work folder

  const removed = await sweepTempFolders({ root, prefixes: WORK_FOLDER_PREFIXES, maxAgeMs: 6 * HOUR, now: NOW });
  expect(removed.sort()).toEqual(["creative-reread-bbbbbb", "creative-upload-aaaaaa", "hls-convert-cccccc"]);
  expect(left()).toEqual([
    "creative-upload-dddddd",
    "creative-upload-eeeeee",
    "creative-upload-gggggg",
    "creative-upload-toolongname",
    "ffprobe-hhhhhh",
    "someone-else-ffffff",
  ]);
  // A missing root is no error.
  expect(await sweepTempFolders({ root: path.join(root, "nowhere"), prefixes: WORK_FOLDER_PREFIXES, maxAgeMs: HOUR, now: NOW })).toEqual([]);
});

test("at start: stale work folders and binary copies; then every hour: work folders only", async () => {
  jest.spyOn(os, "tmpdir").mockReturnValue(root);
  const intervals: [() => void, number | undefined][] = [];
  jest.spyOn(global, "setInterval").mockImplementation(((fn: () => void, ms?: number) => {
    intervals.push([fn, ms]);
    return { unref: () => undefined } as unknown as NodeJS.Timeout;
  }) as typeof setInterval);
  const now = new Date();
  folder("creative-upload-aaaaaa", 7, now);
  folder("ffprobe-bbbbbb", 48, now);
  folder("ffmpeg-cccccc", 48, now);
  folder("ffmpeg-dddddd", 1, now);

  startTempFolderSweeps();
  for (let i = 0; i < 100 && left().length > 1; i++) await new Promise((r) => setTimeout(r, 20));
  expect(left()).toEqual(["ffmpeg-dddddd"]);
  expect(intervals).toHaveLength(1);
  expect(intervals[0][1]).toBe(HOUR);
  startTempFolderSweeps(); // once per process
  expect(intervals).toHaveLength(1);

  folder("hls-convert-eeeeee", 8, now);
  folder("ffprobe-ffffff", 48, now); // a copy made since the start may be this process's own
  intervals[0][0]();
  for (let i = 0; i < 100 && left().includes("hls-convert-eeeeee"); i++) await new Promise((r) => setTimeout(r, 20));
  expect(left()).toEqual(["ffmpeg-dddddd", "ffprobe-ffffff"]);
  expect([...BINARY_COPY_PREFIXES]).toEqual(["ffprobe-", "ffmpeg-"]);
});
