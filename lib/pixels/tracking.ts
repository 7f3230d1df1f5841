// The TRACKING CODE of a conversion tracker (business.md 7: pixel tracking
// code): an image tag and a script tag calling the public endpoint
// app/api/px/[pixelId]. The pixel is named by its opaque public key, never by
// its sequential id, so a tag tells nothing about other pixels and cannot be
// used to guess them. Pure: used by the details page and tests.
import { ATTRIBUTION_MACRO, ATTRIBUTION_PARAM } from "../attribution/urls";

/** The endpoint of a pixel on the console's public origin. */
export function pixelEndpoint(origin: string, publicKey: string): string {
  return `${origin.replace(/\/+$/, "")}/api/px/${encodeURIComponent(publicKey)}`;
}

/** Text for an HTML comment: no "--" (it would end the comment). */
function commentText(text: string): string {
  return text.replace(/-{2,}/g, "-").replace(/[<>]/g, "");
}

export interface TrackingCode {
  image: string;
  script: string;
}

const CLICK = ATTRIBUTION_PARAM.click;
const IMP = ATTRIBUTION_PARAM.impression;

/** What the optional parameters are for: shown beside the tags and as a comment in them. */
export const TRACKING_PARAMETERS_HELP =
  `${CLICK} and ${IMP} credit the conversion to the ad that brought the user: pass back the ${CLICK} your landing page URL ` +
  `received from the ad's click (added to it, or put where the URL has ${ATTRIBUTION_MACRO.click}) or the ${IMP} ` +
  `of the ad's impression URL (${ATTRIBUTION_MACRO.impression}); leave them empty when unknown.`;

/**
 * Both tags fire once per page load. `value` (a decimal, e.g. the order
 * amount), `order_id` (up to 128 characters; an order counted once per
 * validity window), `click_id` and `imp_id` (the ids the ad's click and
 * impression URLs carried, lib/attribution) are optional: the advertiser
 * fills them in on the conversion page or leaves them empty.
 */
export function trackingCode(origin: string, pixel: { publicKey: string; name: string }): TrackingCode {
  const url = pixelEndpoint(origin, pixel.publicKey);
  const about = [
    `<!-- Conversion Tracker: ${commentText(pixel.name)}. Place it on the conversion page; value, order_id, ${CLICK} and ${IMP} are optional. -->`,
    `<!-- ${commentText(TRACKING_PARAMETERS_HELP)} -->`,
  ].join("\n");
  const query = `value=&amp;order_id=&amp;${CLICK}=&amp;${IMP}=`;
  return {
    image: [about, `<img height="1" width="1" style="display:none" alt="" src="${url}?${query}" />`].join("\n"),
    script: [about, `<script async src="${url}?t=js&amp;${query}"></script>`].join("\n"),
  };
}
