import { diffItems } from "./items";

test("names the items removed and added, in list order, not the lists as JSON", () => {
  expect(diffItems("Targeted Countries", ["Germany", "France"], ["France", "Austria", "Italy"])).toEqual({
    fieldName: "Targeted Countries",
    oldValue: "Removed: Germany",
    newValue: "Added: Austria, Italy",
  });
});

test("only additions or only removals leave the other side null", () => {
  expect(diffItems("Creatives", null, ["Banner A"])).toEqual({ fieldName: "Creatives", oldValue: null, newValue: "Added: Banner A" });
  expect(diffItems("Creatives", ["Banner A"], [])).toEqual({ fieldName: "Creatives", oldValue: "Removed: Banner A", newValue: null });
});

test("the same items in another order or repeated are no change", () => {
  expect(diffItems("Zip Codes", ["10115", "10117"], ["10117", "10115", "10115"])).toBeNull();
  expect(diffItems("Zip Codes", null, [])).toBeNull();
});
