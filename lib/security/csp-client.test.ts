/** @jest-environment jsdom */
// The browser set-up for the page's CSP: dialogs' style elements get the
// page's nonce, zod never probes for `new Function`, and the captcha widget
// finds its style element's id taken (its styles come as a stylesheet).
import { getNonce } from "get-nonce";
import { z } from "../validation/z";
import { ALTCHA_STYLES_ID, prepareClientForCsp } from "./csp-client";

test("the nonce of Next's scripts goes to get-nonce (Radix's scroll lock styles), and zod runs without eval", () => {
  document.head.innerHTML = `<script src="/_next/static/chunks/main.js" async nonce="r4nd0mN0nce=="></script>`;
  const probe = jest.spyOn(globalThis, "Function");
  prepareClientForCsp();
  expect(getNonce()).toBe("r4nd0mN0nce==");
  expect(z.config().jitless).toBe(true);
  // Building and using an object schema no longer tries `new Function` (the probe browsers report).
  expect(z.object({ name: z.string() }).safeParse({ name: "x" }).success).toBe(true);
  expect(probe).not.toHaveBeenCalled();
  probe.mockRestore();
});

test("the captcha widget's style element id is taken, once", () => {
  document.head.innerHTML = "";
  prepareClientForCsp();
  prepareClientForCsp();
  expect(document.querySelectorAll(`#${ALTCHA_STYLES_ID}`)).toHaveLength(1);
  expect(document.getElementById(ALTCHA_STYLES_ID)?.tagName).toBe("META");
});
