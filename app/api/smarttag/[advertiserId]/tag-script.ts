// The JavaScript of the public smart tag (route.ts beside it). Kept apart
// because a route file may only export its handlers.

/** The tag: replays calls queued by the snippet's stub, then sends a page view and every later dsptag("event", ...). */
export function tagScript(advertiserId: number, endpoint: string): string {
  return `/* DSP Smart Tag, advertiser ${advertiserId} */
(function (w, d) {
  "use strict";
  var endpoint = ${JSON.stringify(endpoint)};
  var queued = (w.dsptag && w.dsptag.q) || [];
  if (w.dsptag && w.dsptag.loaded) return;
  function send(ev, params) {
    var q = "img=1&ev=" + encodeURIComponent(String(ev)) + "&u=" + encodeURIComponent(w.location.href) +
      "&r=" + encodeURIComponent(d.referrer || "") + "&t=" + Date.now();
    params = params || {};
    for (var k in params) {
      if (Object.prototype.hasOwnProperty.call(params, k)) q += "&p_" + encodeURIComponent(k) + "=" + encodeURIComponent(String(params[k]));
    }
    var img = new Image(1, 1);
    img.src = endpoint + "?" + q;
  }
  function dsptag(command, ev, params) {
    if (command === "event" && ev) send(ev, params);
  }
  dsptag.loaded = true;
  dsptag.advertiserId = ${advertiserId};
  w.dsptag = dsptag;
  send("page_view");
  for (var i = 0; i < queued.length; i++) dsptag.apply(null, queued[i]);
})(window, document);
`;
}
