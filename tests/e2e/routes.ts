// The page routes of the console, found in app/ when the tests run (so a new
// page cannot be forgotten), and the URLs that exercise each with seeded ids.
// Shared by the browser tests that visit every page (security headers,
// accessibility).
import fs from "node:fs";
import path from "node:path";
import { expect, type Page } from "@playwright/test";
import { CONSOLE_ROUTES } from "../../lib/menu/route-table";

export type Segment = { kind: "static" | "dynamic" | "catchAll" | "optionalCatchAll"; name: string };

function segmentOf(dir: string): Segment {
  const optional = /^\[\[\.\.\.(.+)\]\]$/.exec(dir);
  if (optional) return { kind: "optionalCatchAll", name: optional[1] };
  const catchAll = /^\[\.\.\.(.+)\]$/.exec(dir);
  if (catchAll) return { kind: "catchAll", name: catchAll[1] };
  const dynamic = /^\[(.+)\]$/.exec(dir);
  if (dynamic) return { kind: "dynamic", name: dynamic[1] };
  return { kind: "static", name: dir };
}

/** Every folder of app/ with a page file, as URL segments (route groups dropped; no API routes). */
export function pageRoutes(dir = path.join(process.cwd(), "app"), prefix: Segment[] = []): Segment[][] {
  const entries = fs.readdirSync(dir, { withFileTypes: true });
  const routes = entries.some((e) => e.isFile() && /^page\.(tsx|ts|jsx|js)$/.test(e.name)) ? [prefix] : [];
  for (const entry of entries) {
    if (!entry.isDirectory() || entry.name === "api" || entry.name.startsWith("_") || entry.name.startsWith("@")) continue;
    const group = /^\(.+\)$/.test(entry.name);
    routes.push(...pageRoutes(path.join(dir, entry.name), group ? prefix : [...prefix, segmentOf(entry.name)]));
  }
  return routes;
}

export const PAGE_ROUTES = pageRoutes();
export const SIGNED_OUT = new Set(["/", "/login", "/ologin"]);
export const routeName = (route: Segment[]) => "/" + route.map((s) => (s.kind === "static" ? s.name : `[${s.name}]`)).join("/");

/** A page route serves this route-table entry ({id} placeholders against dynamic segments). */
export function serves(route: Segment[], entry: string): boolean {
  const parts = entry.slice(1).split("/");
  return parts.length === route.length && route.every((s, i) => (s.kind === "static" ? s.name === parts[i] : s.kind === "dynamic" && parts[i].startsWith("{")));
}

export interface Visit {
  url: string;
  status: number;
}

/**
 * The URLs that exercise a route. Dynamic segments take seeded ids by name,
 * the section's own ("campaign/id") before the shared one ("id"); a new name
 * fails here until it is given one. Catch-all sections: every
 * 'coming soon' route of the route table they serve, and an unknown path
 * (their 404 page).
 */
export function visitsOf(route: Segment[], ids: Record<string, number>): Visit[] {
  if (isCatchAll(route)) {
    const prefix = route.slice(0, -1).map((s) => s.name);
    const optional = route[route.length - 1].kind === "optionalCatchAll";
    const comingSoon = CONSOLE_ROUTES.filter((entry) => {
      const parts = entry.slice(1).split("/");
      const under = prefix.every((p, i) => parts[i] === p) && parts.length >= prefix.length + (optional ? 0 : 1);
      return under && !PAGE_ROUTES.some((r) => !isCatchAll(r) && serves(r, entry));
    });
    return [
      ...comingSoon.map((entry) => ({ url: entry.replace(/\{[^}]+\}/g, "1"), status: 200 })),
      { url: `/${prefix.join("/")}/no-such-page`, status: 404 },
    ];
  }
  const url =
    "/" +
    route
      .map((s, i) => {
        if (s.kind === "static") return s.name;
        // The page's own id first ("strategy/templates-details/id"), then the section's
        // ("campaign/id" for /campaign/details/[id]), else the shared name.
        const page = [...route.slice(0, i).map((p) => p.name), s.name].join("/");
        if (page in ids) return String(ids[page]);
        const own = `${route[0].name}/${s.name}`;
        if (own in ids) return String(ids[own]);
        if (!(s.name in ids)) throw new Error(`${routeName(route)}: give the dynamic segment [${s.name}] a seeded id in this spec`);
        return String(ids[s.name]);
      })
      .join("/");
  return [{ url, status: 200 }];
}

export function isCatchAll(route: Segment[]): boolean {
  const last = route[route.length - 1];
  return last?.kind === "catchAll" || last?.kind === "optionalCatchAll";
}

/**
 * Seeded ids for the dynamic segments, read from the pages as a user finds them:
 * ten page loads, so once per worker process (a worker's tests run one after
 * another; the ids found stay valid, since no test deletes what the lists show
 * first to the RW user).
 */
let seededIdsOfWorker: Record<string, number> | undefined;
export async function seededIds(page: Page): Promise<Record<string, number>> {
  seededIdsOfWorker ??= await readSeededIds(page);
  return seededIdsOfWorker;
}

async function readSeededIds(page: Page): Promise<Record<string, number>> {
  await page.goto("/advertiser");
  const href = await page.locator('a[href^="/advertiser/details/"]').first().getAttribute("href");
  const advertiserId = Number(/^\/advertiser\/details\/(\d+)$/.exec(href ?? "")?.[1]);
  expect(advertiserId).toBeGreaterThan(0);
  await page.goto(`/advertiser/details/${advertiserId}/pixel`);
  const pixelHref = await page.getByTestId("pixel-name").first().getAttribute("href");
  const pixelId = Number(/\/pixel\/details\/(\d+)$/.exec(pixelHref ?? "")?.[1]);
  expect(pixelId).toBeGreaterThan(0);
  await page.goto("/campaign");
  const campaignHref = await page.locator('a[href^="/campaign/details/"]').first().getAttribute("href");
  const campaignId = Number(/^\/campaign\/details\/(\d+)$/.exec(campaignHref ?? "")?.[1]);
  expect(campaignId).toBeGreaterThan(0);
  await page.goto("/strategy");
  const strategyHref = await page.locator('a[href^="/strategy/details/"]').first().getAttribute("href");
  const strategyId = Number(/^\/strategy\/details\/(\d+)$/.exec(strategyHref ?? "")?.[1]);
  expect(strategyId).toBeGreaterThan(0);
  await page.goto("/creative_set");
  const setHref = await page.locator('a[href^="/creative_set/details/"]').first().getAttribute("href");
  const creativeSetId = Number(/^\/creative_set\/details\/(\d+)$/.exec(setHref ?? "")?.[1]);
  expect(creativeSetId).toBeGreaterThan(0);
  await page.goto("/creative");
  const creativeHref = await page.locator('a[href^="/creative/details/"]').first().getAttribute("href");
  const creativeId = Number(/^\/creative\/details\/(\d+)$/.exec(creativeHref ?? "")?.[1]);
  expect(creativeId).toBeGreaterThan(0);
  await page.goto("/strategy/templates");
  const templateHref = await page.locator('a[href^="/strategy/templates-details/"]').first().getAttribute("href");
  const templateId = Number(/^\/strategy\/templates-details\/(\d+)$/.exec(templateHref ?? "")?.[1]);
  expect(templateId).toBeGreaterThan(0);
  await page.goto("/experiments");
  const experimentHref = await page.locator('a[href^="/experiment/details/"]').first().getAttribute("href");
  const experimentId = Number(/^\/experiment\/details\/(\d+)$/.exec(experimentHref ?? "")?.[1]);
  expect(experimentId).toBeGreaterThan(0);
  await page.goto("/audience");
  const audienceHref = await page.locator('a[href^="/audience/details/"]').first().getAttribute("href");
  const audienceId = Number(/^\/audience\/details\/(\d+)$/.exec(audienceHref ?? "")?.[1]);
  expect(audienceId).toBeGreaterThan(0);
  await page.goto("/report/schedule/list");
  const reportTemplateHref = await page.locator('a[href^="/report/schedule/details/"]').first().getAttribute("href");
  const reportTemplateId = Number(/^\/report\/schedule\/details\/(\d+)$/.exec(reportTemplateHref ?? "")?.[1]);
  expect(reportTemplateId).toBeGreaterThan(0);
  // [id] is an advertiser's (details, edit) unless the section names its own.
  return {
    id: advertiserId,
    advId: advertiserId,
    pixelId,
    "campaign/id": campaignId,
    "strategy/id": strategyId,
    "creative_set/id": creativeSetId,
    "creative/id": creativeId,
    "strategy/templates-details/id": templateId,
    "experiment/id": experimentId,
    "audience/id": audienceId,
    "report/schedule/details/id": reportTemplateId,
  };
}
