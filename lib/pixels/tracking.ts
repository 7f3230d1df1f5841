// The TRACKING CODE of a conversion tracker (business.md 7: pixel tracking
// code): an image tag and a script tag calling the public endpoint
// app/api/px/[pixelId]. The pixel is named by its opaque public key, never by
// its sequential id, so a tag tells nothing about other pixels and cannot be
// used to guess them. Pure: used by the details page and tests.

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

/**
 * Both tags fire once per page load. `value` (a decimal, e.g. the order
 * amount) and `order_id` (up to 128 characters; an order counted once per
 * validity window) are optional: the advertiser fills them in on the
 * conversion page or leaves them empty.
 */
export function trackingCode(origin: string, pixel: { publicKey: string; name: string }): TrackingCode {
  const url = pixelEndpoint(origin, pixel.publicKey);
  const about = `<!-- Conversion Tracker: ${commentText(pixel.name)}. Place it on the conversion page; value and order_id are optional. -->`;
  return {
    image: [about, `<img height="1" width="1" style="display:none" alt="" src="${url}?value=&amp;order_id=" />`].join("\n"),
    script: [about, `<script async src="${url}?t=js&amp;value=&amp;order_id="></script>`].join("\n"),
  };
}
