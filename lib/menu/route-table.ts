// The console's route table (shell.md 2.1 and 2.6, business.md 2): every route
// the menu, a link or a dialog may open. Routes that are built have their own
// page files; the sections' catch-all pages show 'coming soon' for the other
// routes listed here and the 404 page for any other path. A `{...}`
// placeholder stands for a record id: a positive whole number within int range.
// Client-safe.
import { idFrom } from "./routes";

/**
 * The console's sections: a console URL's first segment names one (shell.md
 * 2.1). The proxy's console paths, the breadcrumbs' first crumb and the
 * 'coming soon' page read them here; every route below starts with one.
 */
export const CONSOLE_SECTIONS = {
  home: "Home",
  advertiser: "Advertisers",
  campaign: "Campaigns",
  strategy: "Strategies",
  creative_set: "Creative Sets",
  creative: "Creatives",
  audience: "Audience",
  report: "Reports",
  experiment: "Experiments",
  experiments: "Experiments",
} as const satisfies Record<string, string>;

export type ConsoleSection = keyof typeof CONSOLE_SECTIONS;

/** The section a path belongs to ("/strategy/details/5" → "strategy"), or null for any other path. */
export function sectionOf(pathname: string): ConsoleSection | null {
  const first = pathname.split(/[?#]/, 1)[0].split("/")[1] ?? "";
  return Object.hasOwn(CONSOLE_SECTIONS, first) ? (first as ConsoleSection) : null;
}

export const CONSOLE_ROUTES = [
  "/home",
  "/home/generate_token",
  "/home/api_reference",

  "/advertiser",
  "/advertiser/create",
  "/advertiser/create/{id}",
  "/advertiser/details/{id}",
  "/advertiser/details/{id}/analytics",
  "/advertiser/details/{id}/cohort",
  "/advertiser/details/{id}/pixel",
  "/advertiser/details/{id}/catalog",
  "/advertiser/details/{id}/clickdestinations",
  "/advertiser/details/{id}/smarttag",
  "/advertiser/details/{id}/settings",
  "/advertiser/details/{id}/images",
  "/advertiser/{advertiserId}/pixel",
  "/advertiser/{advertiserId}/pixel/create",
  "/advertiser/{advertiserId}/pixel/edit/{id}",
  "/advertiser/{advertiserId}/pixel/details/{id}",

  "/campaign",
  "/campaign/create",
  "/campaign/details/{id}",

  "/strategy",
  "/strategy/create",
  "/strategy/details/{id}",
  "/strategy/templates",
  "/strategy/templates-details/{id}",

  "/creative/details/{id}",

  "/creative_set",
  "/creative_set/create",
  "/creative_set/details/{id}",

  "/audience",
  "/audience/create",
  "/audience/details/{id}",
  "/audience/analysis",

  "/report",
  "/report/advanced",
  "/report/conversion",
  "/report/video",
  "/report/inventory",
  "/report/lossbid",
  "/report/schedule/list",
  "/report/schedule/details/{id}",
  "/report/slicex/revenue",
  "/report/slicex/business-report",

  "/experiment",
  "/experiment/create",
  "/experiment/create/{id}",
  "/experiment/details/{id}",
  "/experiments",
] as const;

export type ConsoleRoute = (typeof CONSOLE_ROUTES)[number];

const PATTERNS = CONSOLE_ROUTES.map((route) => ({ route, parts: route.slice(1).split("/") }));

const isPlaceholder = (part: string) => part.startsWith("{") && part.endsWith("}");

/**
 * The route of the table a path's segments belong to, or null: `["strategy",
 * "details", "5"]` → "/strategy/details/{id}". Segments must match exactly
 * (case included); ids must be positive whole numbers within int range.
 */
export function matchRouteSegments(segments: readonly string[]): ConsoleRoute | null {
  for (const { route, parts } of PATTERNS) {
    if (parts.length !== segments.length) continue;
    if (parts.every((part, i) => (isPlaceholder(part) ? idFrom(segments[i]) !== null : part === segments[i]))) return route;
  }
  return null;
}

/** The same for a URL path ("/audience?type=app" → "/audience"); query and hash are ignored, one trailing slash is allowed. */
export function matchConsoleRoute(path: string): ConsoleRoute | null {
  const pathname = path.split(/[?#]/, 1)[0] ?? "";
  if (!pathname.startsWith("/")) return null;
  const trimmed = pathname.length > 1 && pathname.endsWith("/") ? pathname.slice(0, -1) : pathname;
  return matchRouteSegments(trimmed.slice(1).split("/"));
}
