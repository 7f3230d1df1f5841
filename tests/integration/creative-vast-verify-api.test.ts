// POST /api/v1/creatives/video-ad-tag/verify with API keys, answers checked
// against the OpenAPI document: a tag that verifies answers its summary, one
// that does not answers why (still 200), a bad body is 400 with the field's
// message, a read-only key is 403 before the tag is looked at, no key is 401.
import "../helpers/browser-doubles";
import fs from "node:fs";
import path from "node:path";
import { createApiKey } from "@/lib/account/api-keys";
import { scopeOf } from "@/lib/data/scope";
import { apiDocument } from "@/lib/api/document";
import { as, Browser, useAuthSecret } from "../helpers/browser-session";
import { useTestDatabase } from "../helpers/db";
import * as f from "../helpers/factories";
import { callApi, documentedAnswerProblems } from "../helpers/rest-api";
import { useLocalServer } from "../helpers/local-server";

useTestDatabase();
useAuthSecret();

const PATH = "/creatives/video-ad-tag/verify";
const INLINE = fs.readFileSync(path.join(__dirname, "../fixtures/creatives/vast/vast4-inline.xml"), "utf8");
let requests = 0;
const vast = useLocalServer((_req, res) => {
  requests++;
  res.setHeader("content-type", "application/xml");
  res.end(INLINE);
});
beforeEach(() => {
  requests = 0;
});

async function keys() {
  const { ctx } = await f.makeTenant("RW");
  return {
    readWrite: (await createApiKey(scopeOf(ctx), { name: "rw", scope: "READ_WRITE" })).secret,
    readOnly: (await createApiKey(scopeOf(ctx), { name: "ro", scope: "READ_ONLY" })).secret,
  };
}

async function verify(body: unknown, key: string | null) {
  const answer = await callApi("POST", PATH, key, body);
  expect(documentedAnswerProblems(apiDocument(), "POST", PATH, answer)).toEqual([]);
  return answer;
}

test("a VAST link is fetched and summarised; a tag that does not verify says why", async () => {
  const { readWrite } = await keys();
  process.env.FEED_ALLOW_PRIVATE_HOSTS = "true";
  try {
    const answer = await verify({ tag: `${vast.base}/tag.xml` }, readWrite);
    expect(answer).toMatchObject({ status: 200, body: { respObject: { ok: true, summary: { version: "4.0", adCount: 1, durationSeconds: 15, isVpaid: false } } } });
    expect(requests).toBe(1);
  } finally {
    delete process.env.FEED_ALLOW_PRIVATE_HOSTS;
  }
  // Production rules: the loopback host is refused and never contacted.
  const refused = await verify({ tag: `${vast.base}/tag.xml` }, readWrite);
  expect(refused).toMatchObject({
    status: 200,
    body: { respObject: { ok: false, message: "The VAST tag could not be fetched: The host 127.0.0.1 is not allowed: it is not a public internet address" } },
  });
  expect(requests).toBe(1);
});

test("a bad body is a 400 with the field's message", async () => {
  const { readWrite } = await keys();
  expect(await verify({ tag: "file:///etc/passwd" }, readWrite)).toMatchObject({
    status: 400,
    body: { error: { fieldErrors: { tag: "A video tag must be a VAST link (http:// or https://) or VAST XML" } } },
  });
  expect(await verify({}, readWrite)).toMatchObject({ status: 400, body: { error: { fieldErrors: { tag: "Paste the ad tag" } } } });
  expect(await verify("not json", readWrite)).toMatchObject({ status: 400 });
});

test("a read-only key is refused before the tag is looked at; no key is 401", async () => {
  const { readOnly } = await keys();
  process.env.FEED_ALLOW_PRIVATE_HOSTS = "true";
  try {
    expect((await verify({ tag: `${vast.base}/tag.xml` }, readOnly)).status).toBe(403);
    expect((await as(new Browser(), () => verify({ tag: `${vast.base}/tag.xml` }, null))).status).toBe(401);
    expect(requests).toBe(0);
  } finally {
    delete process.env.FEED_ALLOW_PRIVATE_HOSTS;
  }
});
