import { pixelEndpoint, trackingCode } from "./tracking";

test("the endpoint is on the console's origin", () => {
  expect(pixelEndpoint("https://acme.dsp.example/", 12)).toBe("https://acme.dsp.example/api/px/12");
});

test("an image tag and a script tag calling the endpoint, value and order_id left to fill in", () => {
  const code = trackingCode("http://localhost:3000", { id: 7, name: "Checkout -- <purchase>" });
  expect(code.image).toContain('<img height="1" width="1" style="display:none" alt="" src="http://localhost:3000/api/px/7?value=&amp;order_id=" />');
  expect(code.script).toContain('<script async src="http://localhost:3000/api/px/7?t=js&amp;value=&amp;order_id="></script>');
  // The name cannot end the HTML comment early or open a tag.
  expect(code.image.split("\n")[0]).toBe(
    "<!-- Conversion Tracker: Checkout - purchase (pixel 7). Place it on the conversion page; value and order_id are optional. -->",
  );
});
