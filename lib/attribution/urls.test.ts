import { withAttributionId } from "./urls";

const ID = "AQIAAAADAAAEsAAAAC1xI8hAb2QTm7qFVTXrW4f0Bd-_2dpkH5-Ff6NAq8nsL1";

test("without the macro the parameter is added to the query, before a fragment", () => {
  expect(withAttributionId("https://shop.example/landing", "click", ID)).toBe(`https://shop.example/landing?click_id=${ID}`);
  expect(withAttributionId("https://shop.example/landing?src=dsp", "click", ID)).toBe(`https://shop.example/landing?src=dsp&click_id=${ID}`);
  expect(withAttributionId("https://shop.example/landing?", "click", ID)).toBe(`https://shop.example/landing?click_id=${ID}`);
  expect(withAttributionId("https://shop.example/p?a=1&", "click", ID)).toBe(`https://shop.example/p?a=1&click_id=${ID}`);
  expect(withAttributionId("https://shop.example/p?a=1#top", "click", ID)).toBe(`https://shop.example/p?a=1&click_id=${ID}#top`);
  expect(withAttributionId("https://track.example/imp.gif", "impression", ID)).toBe(`https://track.example/imp.gif?imp_id=${ID}`);
});

test("the macro, as typed or URL-encoded, is replaced where the advertiser put it", () => {
  expect(withAttributionId("https://shop.example/l?ref={CLICK_ID}&src=dsp", "click", ID)).toBe(`https://shop.example/l?ref=${ID}&src=dsp`);
  expect(withAttributionId("https://shop.example/l?ref=%7BCLICK_ID%7D", "click", ID)).toBe(`https://shop.example/l?ref=${ID}`);
  expect(withAttributionId("https://shop.example/l?ref=%7bCLICK_ID%7d", "click", ID)).toBe(`https://shop.example/l?ref=${ID}`);
  expect(withAttributionId("https://t.example/i?v={IMP_ID}", "impression", ID)).toBe(`https://t.example/i?v=${ID}`);
  // The other kind's macro is left alone (the impression URL gets its id as a parameter).
  expect(withAttributionId("https://t.example/i?v={CLICK_ID}", "impression", ID)).toBe(`https://t.example/i?v={CLICK_ID}&imp_id=${ID}`);
});
