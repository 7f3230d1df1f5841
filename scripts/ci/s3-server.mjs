// An S3-compatible server for the storage contract test and the image-layout
// check: s3rver (npm, pure JavaScript, run from the repository's
// node_modules) on 127.0.0.1 at a free port, its data in a temporary folder,
// with the bucket created before it answers. s3rver checks request signatures
// against its one built-in account, S3RVER_CREDENTIALS.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import S3rver from "s3rver";

export const S3RVER_CREDENTIALS = Object.freeze({ accessKeyId: "S3RVER", secretAccessKey: "S3RVER" });

/** Starts the server; close() stops it and removes its folder. */
export async function startS3Server(bucket) {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "s3rver-"));
  const server = new S3rver({ address: "127.0.0.1", port: 0, silent: true, directory, configureBuckets: [{ name: bucket, configs: [] }] });
  const { port } = await server.run();
  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    credentials: S3RVER_CREDENTIALS,
    close: async () => {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
