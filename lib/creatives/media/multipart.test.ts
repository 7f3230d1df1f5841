// The streamed multipart reader's clean-up: an upload that breaks off midway
// (the body stream fails, or the client hangs up on a real HTTP connection)
// leaves no temporary folder behind, at once, and no stray failure later.
// And the uploading user's caps: uploads at once, bytes on temporary disk.
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { useEnv } from "@/tests/helpers/env";
import { heldBody } from "@/tests/helpers/held-body";
import { BodyTooLargeError } from "../../net/read-body";
import { UploadBusyError, uploadsInProgress } from "../../uploads/quota";
import { MultipartError, receiveMultipart, removeReceived } from "./multipart";

const BOUNDARY = "----upload-hygiene-boundary";
const CONTENT_TYPE = `multipart/form-data; boundary=${BOUNDARY}`;
const options = { fileField: "file", maxFiles: 10, maxFileBytes: () => 50 * 1024 * 1024, userId: 1, maxBodyBytes: 200 * 1024 * 1024 };

/** The head of a multipart body: two fields, then the start of one file part (its bytes follow). */
function head(): Buffer {
  return Buffer.from(
    [
      `--${BOUNDARY}`,
      'Content-Disposition: form-data; name="advertiserId"',
      "",
      "1",
      `--${BOUNDARY}`,
      'Content-Disposition: form-data; name="type"',
      "",
      "VIDEO",
      `--${BOUNDARY}`,
      'Content-Disposition: form-data; name="file"; filename="clip.mp4"',
      "Content-Type: video/mp4",
      "",
      "",
    ].join("\r\n"),
  );
}

// Each test's temporary folders land in a folder of its own, so folders of
// other test files running at the same time are never counted.
let tmp: string;
beforeEach(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "multipart-test-"));
  jest.spyOn(os, "tmpdir").mockReturnValue(tmp);
});
afterEach(() => {
  jest.restoreAllMocks();
  fs.rmSync(tmp, { recursive: true, force: true });
});

const uploadFolders = () => fs.readdirSync(tmp).filter((d) => d.startsWith("creative-upload-"));

async function waitFor(condition: () => boolean, what: string, ms = 5_000) {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

test("a body stream that fails midway: MultipartError, the temporary folder is gone at once, nothing fails later", async () => {
  const rejections: unknown[] = [];
  const onRejection = (reason: unknown) => rejections.push(reason);
  process.on("unhandledRejection", onRejection);
  try {
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent === 0) controller.enqueue(new Uint8Array(head()));
        else if (sent < 40) controller.enqueue(new Uint8Array(256 * 1024).fill(7));
        else controller.error(new Error("connection reset"));
        sent++;
      },
    });
    const request = new Request("http://localhost/upload", { method: "POST", body, headers: { "content-type": CONTENT_TYPE }, duplex: "half" } as RequestInit);
    await expect(receiveMultipart(request, options)).rejects.toThrow(MultipartError);
    expect(uploadFolders()).toEqual([]);
    // The file's own write stream must not fail afterwards, nor recreate anything.
    await new Promise((r) => setTimeout(r, 300));
    expect(uploadFolders()).toEqual([]);
    expect(rejections).toEqual([]);
  } finally {
    process.off("unhandledRejection", onRejection);
  }
});

test("a body past its cap (chunked, no Content-Length): 413, its folder removed", async () => {
  let sent = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      controller.enqueue(sent++ === 0 ? new Uint8Array(head()) : new Uint8Array(256 * 1024));
    },
  });
  const request = new Request("http://localhost/upload", { method: "POST", body, headers: { "content-type": CONTENT_TYPE }, duplex: "half" } as RequestInit);
  await expect(receiveMultipart(request, { ...options, maxBodyBytes: 1024 * 1024 })).rejects.toBeInstanceOf(BodyTooLargeError);
  expect(sent).toBeLessThan(8);
  expect(uploadFolders()).toEqual([]);
});

test("a client that hangs up on a real connection mid-file: the reader stops and its folder is removed", async () => {
  let settled: Promise<unknown> | undefined;
  const server = http.createServer((req, res) => {
    // As Next hands a route handler its request: the Node stream as the body,
    // and a signal that aborts when the response closes before it finished.
    const controller = new AbortController();
    res.once("close", () => {
      if (!res.writableFinished) controller.abort();
    });
    const request = new Request(`http://localhost${req.url}`, {
      method: req.method,
      headers: { "content-type": String(req.headers["content-type"]) },
      body: req as unknown as BodyInit,
      duplex: "half",
      signal: controller.signal,
    } as RequestInit);
    settled = receiveMultipart(request, options).then(
      async (form) => {
        await removeReceived(form);
        return "completed";
      },
      (e: unknown) => e,
    );
    void settled.then(() => res.end());
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  try {
    const { port } = server.address() as AddressInfo;
    const client = http.request({
      host: "127.0.0.1",
      port,
      method: "POST",
      path: "/upload",
      headers: { "content-type": CONTENT_TYPE, "content-length": String(100 * 1024 * 1024) },
    });
    client.on("error", () => {});
    client.write(head());
    for (let i = 0; i < 8; i++) client.write(Buffer.alloc(256 * 1024, 1));
    await waitFor(() => uploadFolders().length > 0 && fs.readdirSync(path.join(tmp, uploadFolders()[0])).length > 0, "the file to be written");
    client.destroy();
    await waitFor(() => settled !== undefined, "the handler");
    const outcome = await Promise.race([settled, new Promise((r) => setTimeout(() => r("still reading"), 5_000).unref())]);
    expect(outcome).toBeInstanceOf(MultipartError);
    expect(uploadFolders()).toEqual([]);
  } finally {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  }
});

/** An upload of user `userId` whose file grows by 256 KB per more() and ends on end(). */
function heldUpload(userId = 1) {
  const body = heldBody(new Uint8Array(head()), new TextEncoder().encode(`\r\n--${BOUNDARY}--\r\n`));
  const request = new Request("http://localhost/upload", { method: "POST", body: body.stream, headers: { "content-type": CONTENT_TYPE }, duplex: "half" } as RequestInit);
  const result = receiveMultipart(request, { ...options, userId }).then(
    (form) => form,
    (e: unknown) => e as Error,
  );
  return { result, more: body.more, end: body.end };
}

describe("the uploading user's caps", () => {
  useEnv({ UPLOAD_MAX_CONCURRENT_PER_USER: "3", UPLOAD_TEMP_MAX_MB_PER_USER: "1" });

  test("a 4th upload at once is refused before anything is read or written (429, Retry-After); other users are not held; a slot comes back when an upload's files are removed", async () => {
    const held = [heldUpload(), heldUpload(), heldUpload()];
    await waitFor(() => uploadFolders().length === 3, "three uploads to start");
    const refused = heldUpload();
    const error = await refused.result;
    expect(error).toBeInstanceOf(UploadBusyError);
    expect(error).toMatchObject({ status: 429, retryAfterSeconds: 30, message: "You already have 3 uploads in progress: wait for one to finish, then try again" });
    expect(uploadFolders()).toHaveLength(3);

    const otherUser = heldUpload(2);
    otherUser.end();
    const form = await otherUser.result;
    expect(form).not.toBeInstanceOf(Error);
    if (!(form instanceof Error)) await removeReceived(form);

    held[0].end();
    const first = await held[0].result;
    if (first instanceof Error) throw first;
    expect(uploadsInProgress(1).uploads).toBe(3); // still held until its files are removed
    await removeReceived(first);
    expect(uploadsInProgress(1).uploads).toBe(2);
    const next = heldUpload();
    await waitFor(() => uploadFolders().length === 3, "the next upload to start");
    for (const h of [held[1], held[2], next]) {
      h.end();
      const done = await h.result;
      if (done instanceof Error) throw done;
      await removeReceived(done);
    }
    expect(uploadsInProgress(1)).toEqual({ uploads: 0, bytes: 0 });
    expect(uploadFolders()).toEqual([]);
  });

  test("temporary disk: the upload that would take the user past UPLOAD_TEMP_MAX_MB_PER_USER is stopped (429) and its folder removed; one larger than it alone is a message on the file", async () => {
    const first = heldUpload();
    first.more(); // 256 KB
    await waitFor(() => uploadsInProgress(1).bytes === 256 * 1024, "the first file's bytes to be counted");
    const second = heldUpload();
    for (let i = 0; i < 3; i++) {
      second.more();
      await waitFor(() => uploadsInProgress(1).bytes === (i + 2) * 256 * 1024, "the second file's bytes to be counted");
    }
    second.more();
    // 1 MB in all: the next chunk does not fit.
    const error = await second.result;
    expect(error).toBeInstanceOf(UploadBusyError);
    expect(error).toMatchObject({ status: 429, message: "Your uploads in progress already use the 1 MB of temporary space allowed per user: wait for them to finish, then try again" });
    expect(uploadFolders()).toHaveLength(1);
    expect(uploadsInProgress(1)).toEqual({ uploads: 1, bytes: 256 * 1024 });

    first.end();
    const form = await first.result;
    if (form instanceof Error) throw form;
    await removeReceived(form);
    expect(uploadsInProgress(1)).toEqual({ uploads: 0, bytes: 0 });

    const alone = heldUpload();
    for (let i = 0; i < 5; i++) alone.more();
    const tooLarge = await alone.result;
    expect(tooLarge).toBeInstanceOf(MultipartError);
    expect(tooLarge).toMatchObject({ message: "The upload is larger than the 1 MB of temporary space allowed per user" });
    const declared = new Request("http://localhost/upload", {
      method: "POST",
      body: "x",
      headers: { "content-type": CONTENT_TYPE, "content-length": String(2 * 1024 * 1024) },
    });
    await expect(receiveMultipart(declared, options)).rejects.toThrow("The upload is larger than the 1 MB of temporary space allowed per user");
    expect(uploadFolders()).toEqual([]);
    expect(uploadsInProgress(1)).toEqual({ uploads: 0, bytes: 0 });
  });
});

test("a file name holding NUL or a lone surrogate (filename*=UTF-8'' decodes them) arrives storable", async () => {
  const body = Buffer.concat([
    Buffer.from(
      [
        `--${BOUNDARY}`,
        "Content-Disposition: form-data; name=\"file\"; filename*=UTF-8''a%00b%ED%A0%80c.csv",
        "Content-Type: text/csv",
        "",
        "x",
        `--${BOUNDARY}--`,
        "",
      ].join("\r\n"),
    ),
  ]);
  const request = new Request("http://localhost/upload", { method: "POST", body, headers: { "content-type": CONTENT_TYPE } });
  const form = await receiveMultipart(request, options);
  try {
    expect(form.files.map((f) => f.name)).toHaveLength(1);
    const name = form.files[0].name;
    expect([name.includes("\u0000"), name.isWellFormed(), name.startsWith("ab")]).toEqual([false, true, true]);
  } finally {
    await removeReceived(form);
  }
});
