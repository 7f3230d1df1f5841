import { pixelEndpoint, trackingCode, TRACKING_PARAMETERS_HELP } from "./tracking";

const KEY = "Qm9vdHN0cmFwX2tleV8xMg";

test("the endpoint is on the console's origin and names the pixel by its public key", () => {
  expect(pixelEndpoint("https://acme.dsp.example/", KEY)).toBe(`https://acme.dsp.example/api/px/${KEY}`);
});

test("an image tag and a script tag calling the endpoint, value, order_id, click_id and imp_id left to fill in; no sequential id anywhere", () => {
  const code = trackingCode("http://localhost:3000", { publicKey: KEY, name: "Checkout -- <purchase>" });
  expect(code.image).toContain(
    `<img height="1" width="1" style="display:none" alt="" src="http://localhost:3000/api/px/${KEY}?value=&amp;order_id=&amp;click_id=&amp;imp_id=" />`,
  );
  expect(code.script).toContain(`<script async src="http://localhost:3000/api/px/${KEY}?t=js&amp;value=&amp;order_id=&amp;click_id=&amp;imp_id="></script>`);
  // The name cannot end the HTML comment early or open a tag.
  expect(code.image.split("\n")[0]).toBe(
    "<!-- Conversion Tracker: Checkout - purchase. Place it on the conversion page; value, order_id, click_id and imp_id are optional. -->",
  );
  expect(code.image).not.toMatch(/pixel \d/);
});

test("the tags say where click_id and imp_id come from (the macros of the ad's URLs)", () => {
  const code = trackingCode("http://localhost:3000", { publicKey: KEY, name: "Checkout" });
  expect(TRACKING_PARAMETERS_HELP).toContain("{CLICK_ID}");
  expect(TRACKING_PARAMETERS_HELP).toContain("{IMP_ID}");
  expect(code.image.split("\n")[1]).toBe(`<!-- ${TRACKING_PARAMETERS_HELP} -->`);
  expect(code.script.split("\n")[1]).toBe(`<!-- ${TRACKING_PARAMETERS_HELP} -->`);
  expect(TRACKING_PARAMETERS_HELP).not.toMatch(/--|[<>]/);
});
