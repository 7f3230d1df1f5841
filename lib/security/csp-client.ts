// Browser code that would otherwise trip the page's CSP (lib/security/headers.ts),
// set up before the app starts (instrumentation-client.ts):
// - Radix dialogs' scroll lock adds a <style> element at run time, tagged with
//   the nonce get-nonce hands out: it gets the page's.
// - zod 4 probes whether it may compile validators with `new Function` when
//   the first object schema is built (a caught attempt, but browsers report it
//   as a violation): told not to.
// - The ALTCHA captcha widget adds its styles as <style id="altcha-css"> unless
//   an element of that id exists, tagged with the nonce of the script that
//   loaded it, and Turbopack's chunk scripts carry none: the id is taken here,
//   and components/auth/captcha-widget.tsx imports the same styles as a
//   stylesheet. (Its CSP build, altcha/external, leaves out the proof-of-work
//   workers, which would then have to be bundled separately.)
import { setNonce } from "get-nonce";
import { z } from "../validation/z";

export const ALTCHA_STYLES_ID = "altcha-css";

export function prepareClientForCsp(doc: Document = document): void {
  z.config({ jitless: true });
  if (!doc.getElementById(ALTCHA_STYLES_ID)) {
    const marker = doc.createElement("meta");
    marker.id = ALTCHA_STYLES_ID;
    doc.head.appendChild(marker);
  }
  // From a script Next tagged with the nonce: its `nonce` property keeps the
  // value after the browser hides the attribute (the attribute, for DOMs
  // without the property).
  const script = doc.querySelector<HTMLScriptElement>("script[nonce]");
  const nonce = script?.nonce || script?.getAttribute("nonce");
  if (nonce) setNonce(nonce);
}
