import { badgeText } from "./unread-store";

test("no unread notification: no badge", () => {
  expect(badgeText(0)).toBeNull();
  expect(badgeText(null)).toBeNull();
  expect(badgeText(undefined)).toBeNull();
  expect(badgeText(-1)).toBeNull();
});

test("1 to 9 show the number", () => {
  for (let n = 1; n <= 9; n++) expect(badgeText(n)).toBe(String(n));
});

test("above 9 shows '9+' (shell.md 2.11, 9)", () => {
  for (const n of [10, 11, 99, 1000]) expect(badgeText(n)).toBe("9+");
});
