// Route patterns of entities ("/campaign/details/{id}",
// "/advertiser/{advertiserId}/pixel/details/{id}") and how they are filled.
// Client-safe: client components fill the patterns the server handed them.

export type RouteParams = { id?: number | null; advertiserId?: number | null };

/** The route with its placeholders filled; null when a placeholder has no value (no link then). */
export function fillRoute(pattern: string | undefined, params: RouteParams = {}): string | null {
  if (!pattern) return null;
  let missing = false;
  const path = pattern.replace(/\{(\w+)\}/g, (_m, name: string) => {
    const value = params[name as keyof RouteParams];
    if (value === null || value === undefined) {
      missing = true;
      return "";
    }
    return String(value);
  });
  return missing ? null : path;
}

/** The first path segment of a route pattern ("/strategy/templates" → "strategy"): the console section it belongs to. */
export function sectionOf(pattern: string | undefined): string | null {
  const first = pattern?.split(/[/?]/)[1];
  return first && !first.startsWith("{") ? first : null;
}
