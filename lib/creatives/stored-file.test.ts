// A creative's stored file re-read on save when the files live in an S3
// bucket (STORAGE_URL): the object is streamed into a private temporary copy
// for the checks, which is gone afterwards. The local backend's re-read is
// covered by the creative save tests (tests/integration).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { startS3Server, type S3TestServer } from "../../scripts/ci/s3-server.mjs";
import { S3Storage, storage } from "../storage";
import { readStoredCreativeFile } from "./stored-file";

// The SDK warns once per process on Node before 22 (the image runs 22); the tests run on the machine's Node.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = "true";

const VARIABLES = ["STORAGE_URL", "STORAGE_S3_ENDPOINT", "STORAGE_S3_FORCE_PATH_STYLE", "STORAGE_S3_ACCESS_KEY_ID", "STORAGE_S3_SECRET_ACCESS_KEY"];
let server: S3TestServer;
beforeAll(async () => {
  server = await startS3Server("stored-file-test");
  Object.assign(process.env, {
    STORAGE_URL: `s3://${server.bucket}/files`,
    STORAGE_S3_ENDPOINT: server.endpoint,
    STORAGE_S3_FORCE_PATH_STYLE: "true",
    STORAGE_S3_ACCESS_KEY_ID: server.credentials.accessKeyId,
    STORAGE_S3_SECRET_ACCESS_KEY: server.credentials.secretAccessKey,
  });
});
afterAll(async () => {
  (storage() as S3Storage).client.destroy();
  for (const name of VARIABLES) delete process.env[name];
  await server.close();
});

const rereadFolders = () => fs.readdirSync(os.tmpdir()).filter((name) => name.startsWith("creative-reread-")).sort();

test("an image's facts come from the stored object; the temporary copy is removed", async () => {
  expect(storage()).toBeInstanceOf(S3Storage);
  const banner = fs.readFileSync(path.join(__dirname, "../../tests/fixtures/creatives/banner-300x250.png"));
  const key = "creatives/1/2/0f1e2d3c-4b5a-4978-8695-a4b3c2d1e0f9/banner.png";
  await storage().put(key, banner);
  const before = rereadFolders();
  const read = await readStoredCreativeFile(key, 1, 2, "IMAGE");
  expect(read).toEqual({
    ok: true,
    file: expect.objectContaining({ storageKey: key, fileUrl: `/api/files/${key}`, fileSizeBytes: banner.length, width: 300, height: 250, mimeType: "image/png" }),
  });
  expect(rereadFolders()).toEqual(before);
});

test("a key with no object, or another advertiser's, is missing", async () => {
  expect(await readStoredCreativeFile("creatives/1/2/0f1e2d3c-4b5a-4978-8695-a4b3c2d1e0f9/none.png", 1, 2, "IMAGE")).toEqual({ ok: false, missing: true });
  expect(await readStoredCreativeFile("creatives/1/3/0f1e2d3c-4b5a-4978-8695-a4b3c2d1e0f9/banner.png", 1, 2, "IMAGE")).toEqual({ ok: false, missing: true });
});
