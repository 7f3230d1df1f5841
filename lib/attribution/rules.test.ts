import type { AdTouch } from "./id";
import { eligibleTouches, userCap, withinWindow, type PixelRules } from "./rules";

const AT = new Date("2030-06-01T12:00:00Z");
const DAY = 86_400;
const touch = (kind: AdTouch["kind"], overrides: Partial<AdTouch> = {}): AdTouch => ({
  kind, licenseeId: 1, strategyId: 10, creativeId: 20, at: AT, userKey: "a".repeat(24), ...overrides,
});
const pixel = (type: string, overrides: Partial<PixelRules> = {}): PixelRules => ({
  licenseeId: 1, type, viewValidityWindow: DAY, clickValidityWindow: 7 * DAY, userFcap: -1, fcapDuration: -1, ...overrides,
});
const after = (seconds: number) => new Date(AT.getTime() + seconds * 1000);

test("a click counts for click and hybrid pixels within the click window, an impression for view and hybrid within the view window", () => {
  expect(withinWindow(pixel("CLICK_CONV"), touch("click"), after(7 * DAY))).toBe(true);
  expect(withinWindow(pixel("CLICK_CONV"), touch("click"), after(7 * DAY + 1))).toBe(false);
  expect(withinWindow(pixel("CLICK_CONV"), touch("impression"), after(60))).toBe(false);
  expect(withinWindow(pixel("VIEW_CONV"), touch("impression"), after(DAY))).toBe(true);
  expect(withinWindow(pixel("VIEW_CONV"), touch("impression"), after(DAY + 1))).toBe(false);
  expect(withinWindow(pixel("VIEW_CONV"), touch("click"), after(60))).toBe(false);
  expect(withinWindow(pixel("HYBRID_CONV"), touch("click"), after(60))).toBe(true);
  expect(withinWindow(pixel("HYBRID_CONV"), touch("impression"), after(60))).toBe(true);
});

test("a window of -1 is not applicable; a fire stamped a little before the touch counts as at once", () => {
  expect(withinWindow(pixel("HYBRID_CONV", { viewValidityWindow: -1 }), touch("impression"), after(1))).toBe(false);
  expect(withinWindow(pixel("CLICK_CONV", { clickValidityWindow: 0 }), touch("click"), after(-5))).toBe(true);
});

test("clicks are tried before impressions; another licensee's ids never", () => {
  const click = touch("click");
  const impression = touch("impression", { strategyId: 11 });
  expect(eligibleTouches(pixel("HYBRID_CONV"), [impression, click], after(60))).toEqual([click, impression]);
  expect(eligibleTouches(pixel("HYBRID_CONV"), [impression, click], after(2 * DAY))).toEqual([click]);
  expect(eligibleTouches(pixel("HYBRID_CONV"), [touch("click", { licenseeId: 2 })], after(60))).toEqual([]);
});

test("the per-user cap", () => {
  expect(userCap({ userFcap: -1, fcapDuration: 600 })).toBeNull();
  expect(userCap({ userFcap: 2, fcapDuration: 600 })).toEqual({ limit: 2, seconds: 600 });
  expect(userCap({ userFcap: 2, fcapDuration: -1 })).toEqual({ limit: 2, seconds: null });
});
