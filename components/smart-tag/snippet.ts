// The advertiser's site tag (business.md 7: smart tag): a script loading our
// tag for this advertiser from the console's own origin, a noscript image as
// fallback, and an example of firing an event. Pure: used by the page and tests.

export const SMART_TAG_GLOBAL = "dsptag";

/** The tag's URL: the public route app/api/smarttag/[advertiserId]. */
export function smartTagUrl(origin: string, advertiserId: number): string {
  return `${origin.replace(/\/+$/, "")}/api/smarttag/${advertiserId}`;
}

/** Text for an HTML comment: no "--" (it would end the comment). */
function commentText(text: string): string {
  return text.replace(/-{2,}/g, "-").replace(/[<>]/g, "");
}

export function smartTagSnippet(origin: string, advertiser: { id: number; name: string }): string {
  const url = smartTagUrl(origin, advertiser.id);
  return [
    `<!-- DSP Smart Tag: ${commentText(advertiser.name)} (advertiser ${advertiser.id}). Place it in the <head> of every page. -->`,
    `<script>`,
    `  window.${SMART_TAG_GLOBAL} = window.${SMART_TAG_GLOBAL} || function () { (window.${SMART_TAG_GLOBAL}.q = window.${SMART_TAG_GLOBAL}.q || []).push(arguments); };`,
    `</script>`,
    `<script async src="${url}"></script>`,
    `<noscript>`,
    `  <img height="1" width="1" style="display:none" alt="" src="${url}?img=1&amp;ev=page_view&amp;noscript=1" />`,
    `</noscript>`,
    `<!-- End DSP Smart Tag -->`,
  ].join("\n");
}

export function smartTagEventExample(currencyCode: string): string {
  return [
    `<script>`,
    `  // Fire an event once the tag is on the page, e.g. on the order confirmation page:`,
    `  ${SMART_TAG_GLOBAL}("event", "purchase", { value: 49.99, currency: "${currencyCode}", order_id: "ORDER-1001" });`,
    `  // Other events: "add_to_cart", "view_item" (with product_id), "sign_up", "lead".`,
    `</script>`,
  ].join("\n");
}
