import { pixelEndpoint, trackingCode } from "./tracking";

const KEY = "Qm9vdHN0cmFwX2tleV8xMg";

test("the endpoint is on the console's origin and names the pixel by its public key", () => {
  expect(pixelEndpoint("https://acme.dsp.example/", KEY)).toBe(`https://acme.dsp.example/api/px/${KEY}`);
});

test("an image tag and a script tag calling the endpoint, value and order_id left to fill in; no sequential id anywhere", () => {
  const code = trackingCode("http://localhost:3000", { publicKey: KEY, name: "Checkout -- <purchase>" });
  expect(code.image).toContain(`<img height="1" width="1" style="display:none" alt="" src="http://localhost:3000/api/px/${KEY}?value=&amp;order_id=" />`);
  expect(code.script).toContain(`<script async src="http://localhost:3000/api/px/${KEY}?t=js&amp;value=&amp;order_id="></script>`);
  // The name cannot end the HTML comment early or open a tag.
  expect(code.image.split("\n")[0]).toBe(
    "<!-- Conversion Tracker: Checkout - purchase. Place it on the conversion page; value and order_id are optional. -->",
  );
  expect(code.image).not.toMatch(/pixel \d/);
});
