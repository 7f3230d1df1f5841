// The page cache of the delivery lists (lib/page-cache/serve.ts): a repeated
// page of the same session is served without rendering, with a fresh nonce;
// any committed change of its licensee, its user or shared data, a new minute
// or another session renders again; only documents of the cached lists with a
// usable session are answered; only this process's 200 HTML renders are kept;
// requests at once share one render.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { encode } from "next-auth/jwt";
import { db } from "@/lib/db";
import { clearPageCache, PROCESS_MARK, servePageFromCache, type PageCacheOptions } from "@/lib/page-cache/serve";
import { PAGE_CACHE_HEADER } from "@/lib/page-cache/request";
import { SESSION_MAX_AGE_SECONDS } from "@/lib/auth/session-ids";
import { useTestDatabase } from "../helpers/db";
import * as f from "../helpers/factories";

useTestDatabase();
afterEach(() => clearPageCache());

const SECRET = "page-cache-test-secret-page-cache-test";
const COOKIE = "authjs.session-token";
const NOW = new Date("2026-11-27T10:15:20Z");
const PAGE = "http://console.test/strategy?sort=-revenue&page=2";
/** What a browser's page load accepts. */
const DOCUMENT = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8";

async function sessionCookie(userId: number, licenseeId: number, signedInAt = Math.floor(NOW.getTime() / 1000) - 60) {
  const token = { sub: String(userId), claims: { userId, licenseeId, sessionVersion: 0, sid: `sid-${userId}`, signedInAt } };
  return `${COOKIE}=${await encode({ token, secret: SECRET, salt: COOKIE, maxAge: 3600 })}`;
}

/** A fake server: counts renders, answers HTML carrying its nonce in the body and the CSP. */
function fakeServer(over: { status?: number; mark?: string; headers?: Record<string, string> } = {}) {
  let renders = 0;
  const render: PageCacheOptions["render"] = async (url) => {
    renders++;
    const nonce = `render-nonce-${renders}`;
    return new Response(`<html><script nonce="${nonce}">page ${url.search} #${renders}</script></html>`, {
      status: over.status ?? 200,
      headers: {
        "content-type": "text/html; charset=utf-8",
        "content-security-policy": `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'`,
        "cache-control": "private, no-cache, no-store",
        link: `</_next/static/chunks/app.css>; rel=preload; as="style"; nonce="${nonce}"`,
        [PAGE_CACHE_HEADER]: over.mark ?? PROCESS_MARK,
        ...over.headers,
      },
    });
  };
  return { render, renders: () => renders };
}

async function world() {
  const { licensee, user } = await f.makeTenant();
  return { licensee, user, cookie: await sessionCookie(user.id, licensee.id) };
}

function ask(cookie: string, opts: { render: PageCacheOptions["render"]; nonce?: string; now?: Date; url?: string; method?: string; headers?: Record<string, string> }) {
  return servePageFromCache(
    { method: opts.method ?? "GET", url: opts.url ?? PAGE, headers: new Headers({ host: "console.test", accept: DOCUMENT, cookie, ...opts.headers }) },
    { nonce: opts.nonce ?? "answer-nonce", secret: SECRET, port: 1, now: opts.now ?? NOW, render: opts.render },
  );
}

test("a repeated page of a session is served without rendering, each answer with its own nonce", async () => {
  const { cookie } = await world();
  const server = fakeServer();
  const first = await ask(cookie, { render: server.render, nonce: "first-nonce" });
  expect(first?.headers.get(PAGE_CACHE_HEADER)).toBe("miss");
  expect(await first?.text()).toBe(`<html><script nonce="first-nonce">page ?sort=-revenue&page=2 #1</script></html>`);

  const again = await ask(cookie, { render: server.render, nonce: "second-nonce" });
  expect(again?.headers.get(PAGE_CACHE_HEADER)).toBe("hit");
  expect(again?.status).toBe(200);
  expect(again?.headers.get("content-type")).toBe("text/html; charset=utf-8");
  expect(again?.headers.get("cache-control")).toBe("private, no-cache, no-store");
  expect(again?.headers.get("link")).toBe(`</_next/static/chunks/app.css>; rel=preload; as="style"; nonce="second-nonce"`);
  // The proxy sets the answer's own policy; the render's is not replayed.
  expect(again?.headers.get("content-security-policy")).toBeNull();
  expect(await again?.text()).toBe(`<html><script nonce="second-nonce">page ?sort=-revenue&page=2 #1</script></html>`);
  expect(server.renders()).toBe(1);
});

test("a committed change of the licensee, the user or shared data renders again; another licensee's does not", async () => {
  const { cookie, user, licensee } = await world();
  const other = await f.makeTenant();
  const server = fakeServer();
  const load = async () => (await ask(cookie, { render: server.render }))?.headers.get(PAGE_CACHE_HEADER);
  expect(await load()).toBe("miss");

  await f.makeAdvertiser(other.licensee.id); // another licensee's list data
  await db.userSettings.upsert({ where: { userId: other.user.id }, create: { userId: other.user.id }, update: {} });
  expect(await load()).toBe("hit");

  await db.userSettings.upsert({ where: { userId: user.id }, create: { userId: user.id }, update: {} }); // the user's own settings
  expect(await load()).toBe("miss");
  expect(await load()).toBe("hit");

  await db.notification.create({
    data: { licenseeId: licensee.id, userId: user.id, type: "INFO", entityType: "CAMPAIGN", entityId: 1, entityName: "C", content: "Ended", icon: "x", dedupeKey: "k" },
  });
  expect(await load()).toBe("miss");

  const advertiser = await f.makeAdvertiser(licensee.id);
  expect(await load()).toBe("miss");
  const campaign = await f.makeCampaign(advertiser);
  const strategy = await f.makeStrategy(campaign);
  expect(await load()).toBe("miss");

  // A row scoped only through its parent (a strategy's creative) is shared data.
  const creative = await f.makeCreative(advertiser);
  expect(await load()).toBe("miss");
  await db.strategyCreative.create({ data: { strategyId: strategy.id, creativeId: creative.id } });
  expect(await load()).toBe("miss");

  await db.licensee.update({ where: { id: licensee.id }, data: { name: "Renamed licensee" } });
  expect(await load()).toBe("miss");
  await db.user.update({ where: { id: user.id }, data: { name: "Renamed user" } });
  expect(await load()).toBe("miss");
  expect(await load()).toBe("hit");
  expect(server.renders()).toBe(9);
});

test("a new minute, another session, another query or host render again", async () => {
  const { cookie, user, licensee } = await world();
  const server = fakeServer();
  const state = async (c: string, o: { now?: Date; url?: string; headers?: Record<string, string> } = {}) =>
    (await ask(c, { render: server.render, ...o }))?.headers.get(PAGE_CACHE_HEADER);
  expect(await state(cookie)).toBe("miss");
  expect(await state(cookie, { now: new Date(NOW.getTime() + 30_000) })).toBe("hit"); // 10:15:50, same minute
  expect(await state(cookie, { now: new Date(NOW.getTime() + 40_000) })).toBe("miss"); // 10:16:00
  expect(await state(await sessionCookie(user.id, licensee.id, Math.floor(NOW.getTime() / 1000) - 90))).toBe("miss");
  expect(await state(cookie, { url: "http://console.test/strategy?sort=-revenue&page=3" })).toBe("miss");
  expect(await state(cookie, { headers: { host: "other.console.test" } })).toBe("miss");
  const later = new Date(NOW.getTime() + 40_000); // the minute of the last render of this page
  expect(await state(cookie, { now: later, headers: { "sec-fetch-dest": "document", "sec-fetch-mode": "navigate" } })).toBe("hit"); // a browser's page load
  expect(server.renders()).toBe(5);
});

test("only page loads (documents) of the cached lists with a usable session are answered; the rest render as usual", async () => {
  const { cookie, user, licensee } = await world();
  const server = fakeServer();
  const none = async (c: string, o: { url?: string; method?: string; headers?: Record<string, string> } = {}) =>
    expect(await ask(c, { render: server.render, ...o })).toBeNull();
  await none(cookie, { url: "http://console.test/strategy/details/1" });
  await none(cookie, { url: "http://console.test/home" });
  await none(cookie, { method: "POST" });
  // The client-side router's requests (Next strips its own headers before the proxy sees them).
  await none(cookie, { headers: { accept: "*/*" } });
  await none(cookie, { headers: { accept: "" } });
  await none(cookie, { headers: { "sec-fetch-dest": "empty" } });
  await none(cookie, { headers: { rsc: "1" } });
  await none(cookie, { headers: { "next-router-prefetch": "1" } });
  await none(cookie, { headers: { "sec-purpose": "prefetch" } });
  await none(cookie, { url: `${PAGE}&_rsc=abc` });
  await none(cookie, { headers: { [PAGE_CACHE_HEADER]: "render" } }); // the cache's own render request
  await none("");
  await none(`${COOKIE}=forged`);
  await none(`${cookie}; __Secure-${cookie}`); // an http and an https session at once
  await none(await sessionCookie(user.id, licensee.id, Math.floor(NOW.getTime() / 1000) - SESSION_MAX_AGE_SECONDS - 1));
  expect(server.renders()).toBe(0);
});

test("a redirect, another process's render or a render setting a cookie is not kept", async () => {
  const { cookie } = await world();
  const renders: Parameters<typeof fakeServer>[0][] = [
    { status: 307 },
    { mark: "another-process" },
    { headers: { "set-cookie": "a=b" } },
    { headers: { "content-type": "application/json" } },
  ];
  for (const over of renders) {
    const server = fakeServer(over);
    expect(await ask(cookie, { render: server.render })).toBeNull();
    expect(await ask(cookie, { render: server.render })).toBeNull();
    expect(server.renders()).toBe(2);
  }
});

test("requests of one page at once share one render", async () => {
  const { cookie } = await world();
  const server = fakeServer();
  const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => ask(cookie, { render: server.render, nonce: `n${i}` })));
  expect(server.renders()).toBe(1);
  const bodies = await Promise.all(answers.map((a) => a!.text()));
  bodies.forEach((body, i) => expect(body).toContain(`nonce="n${i}"`));
});

test("a miss renders through the server on 127.0.0.1 with the request's own headers, Host included; no server: rendered as usual", async () => {
  const { cookie } = await world();
  const seen: http.IncomingHttpHeaders[] = [];
  const server = http.createServer((req, res) => {
    seen.push(req.headers);
    res.writeHead(200, { "content-type": "text/html; charset=utf-8", "content-security-policy": "script-src 'nonce-abc'", [PAGE_CACHE_HEADER]: PROCESS_MARK });
    res.end(`<script nonce="abc">${req.headers.host} ${req.url}</script>`);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  const load = (url: string) =>
    servePageFromCache({ method: "GET", url, headers: new Headers({ host: "console.test", accept: DOCUMENT, cookie }) }, { nonce: "mine", secret: SECRET, port, now: NOW });
  try {
    const answer = await load(PAGE);
    expect(answer?.headers.get(PAGE_CACHE_HEADER)).toBe("miss");
    expect(await answer?.text()).toBe(`<script nonce="mine">console.test /strategy?sort=-revenue&page=2</script>`);
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ host: "console.test", cookie, accept: DOCUMENT, [PAGE_CACHE_HEADER]: "render", "accept-encoding": "identity" });
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
  expect(await load("http://console.test/campaign")).toBeNull();
});
