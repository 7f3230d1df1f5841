// Selection rules of the image grid (shell.md 4) and its search and size filter.
import { logoItemsOf } from "@/tests/helpers/image-items";
import { canDeleteSelection, dimensionOptions, filterImages, isClickable, roundRobin, toggle } from "./selection";

const img = logoItemsOf(1);
const def = img(1, "default.svg", { key: "DEFAULT_LOGO", isDefault: true, url: "/brand/default.svg" });
const a = img(2, "Alpha.png");
const b = img(3, "beta.png", { dimensions: "320X50" });

test("selecting toggles; single-select mode clears the others", () => {
  expect(toggle([], a, {})).toEqual([2]);
  expect(toggle([2], b, {})).toEqual([2, 3]);
  expect(toggle([2, 3], a, {})).toEqual([3]);
  expect(toggle([2], b, { selectable: "single" })).toEqual([3]);
  expect(toggle([3], b, { selectable: "single" })).toEqual([]);
  expect(toggle([2], b, { selectable: "multiple" })).toEqual([2, 3]);
});

test("images in the selected-URL list are pre-selected and not clickable", () => {
  const rules = { selectable: "multiple" as const, selectedUrls: [a.url] };
  expect(isClickable(a, rules)).toBe(false);
  expect(toggle([], a, rules)).toEqual([]);
  expect(isClickable(b, rules)).toBe(true);
});

test("the default logo cannot be selected for deletion, but can be picked; Delete needs a selection without it", () => {
  expect(isClickable(def, {})).toBe(false);
  expect(toggle([], def, {})).toEqual([]);
  expect(isClickable(def, { selectable: "single" })).toBe(true);
  const list = [def, a, b];
  expect(canDeleteSelection(list, [])).toBe(false);
  expect(canDeleteSelection(list, [2, 3])).toBe(true);
  expect(canDeleteSelection(list, [1, 2])).toBe(false);
});

test("search applies from 2 trimmed characters, case-insensitively on the name; sizes filter", () => {
  const list = [def, a, b];
  expect(filterImages(list, "a", [])).toHaveLength(3);
  expect(filterImages(list, " AL ", []).map((i) => i.id)).toEqual([2]);
  expect(filterImages(list, "png", ["320X50"]).map((i) => i.id)).toEqual([3]);
  expect(filterImages(list, "", ["300X300"]).map((i) => i.id)).toEqual([1, 2]);
  expect(dimensionOptions([b, a, def, img(4, "c.png", { dimensions: "1200X627" })])).toEqual(["300X300", "320X50", "1200X627"]);
});

test("round-robin assignment to six columns", () => {
  const cols = roundRobin([1, 2, 3, 4, 5, 6, 7, 8], 6);
  expect(cols).toEqual([[1, 7], [2, 8], [3], [4], [5], [6]]);
});
