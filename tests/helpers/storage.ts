// A temporary STORAGE_DIR (lib/storage) for one test file, emptied after each
// test: ids restart in every test, so files of an earlier test would look like
// this one's. Removed when the file is done.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

export function useTestStorage(prefix: string) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  beforeAll(() => {
    process.env.STORAGE_DIR = dir;
  });
  afterEach(() => {
    fs.rmSync(dir, { recursive: true, force: true });
    fs.mkdirSync(dir);
  });
  afterAll(() => {
    delete process.env.STORAGE_DIR;
    fs.rmSync(dir, { recursive: true, force: true });
  });
  /** Paths (relative to the directory) of every file stored so far. */
  const storedFiles = () => fs.readdirSync(dir, { recursive: true }).map(String).filter((p) => fs.statSync(path.join(dir, p)).isFile());
  return { dir, storedFiles };
}
