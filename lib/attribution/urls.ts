// Where click and impression ids (./id.ts) travel: the ad server puts the id
// into the ad's click URL (the landing page the user is sent to) and its
// impression URL (the impression tracker called when the ad is shown); the
// advertiser's conversion tag sends it back to the pixel endpoint under the
// same parameter name (lib/pixels/fire.ts, the tracking code of
// lib/pixels/tracking.ts).
//
// - A URL that contains the macro ({CLICK_ID} in a click URL, {IMP_ID} in an
//   impression URL; also URL-encoded, %7BCLICK_ID%7D) gets the id in its
//   place: the advertiser chooses the parameter, e.g.
//   https://shop.example/landing?src=dsp&ref={CLICK_ID}
// - Any other URL gets the parameter click_id=<id> / imp_id=<id> added to
//   its query (before a #fragment).
// Ids are base64url, so they go into a URL as they are. Pure: no server code.
import type { TouchKind } from "./id";

/** The query parameter of an id: in the URL the ad server builds, and on the pixel endpoint. */
export const ATTRIBUTION_PARAM: Record<TouchKind, string> = { click: "click_id", impression: "imp_id" };
/** The macro an advertiser may put in a click or impression URL, replaced by the id. */
export const ATTRIBUTION_MACRO: Record<TouchKind, string> = { click: "{CLICK_ID}", impression: "{IMP_ID}" };

/** The macro as typed or URL-encoded (%7B / %7b ...), anywhere in the URL. */
const macroPattern = (kind: TouchKind) => {
  const name = ATTRIBUTION_MACRO[kind].slice(1, -1);
  return new RegExp(`\\{${name}\\}|%7[Bb]${name}%7[Dd]`, "g");
};

/** The ad's click URL (kind "click") or impression URL ("impression") carrying `id`. */
export function withAttributionId(url: string, kind: TouchKind, id: string): string {
  const macro = macroPattern(kind);
  if (macro.test(url)) return url.replace(macro, () => id);
  const hash = url.indexOf("#");
  const base = hash < 0 ? url : url.slice(0, hash);
  const fragment = hash < 0 ? "" : url.slice(hash);
  const separator = !base.includes("?") ? "?" : base.endsWith("?") || base.endsWith("&") ? "" : "&";
  return `${base}${separator}${ATTRIBUTION_PARAM[kind]}=${id}${fragment}`;
}
