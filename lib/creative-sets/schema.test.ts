// The creative set form's rules (business.md 3, 4, 5, 9): each message on its
// field, exact money, the schedule sentinels, sizes, and the reschedule
// schema's same rules.
import { CREATIVE_SET_MESSAGES as M, creativeSetSchema, creativeTypeOptions, rescheduleSchema } from "./schema";

const NOW = new Date("2026-11-26T12:00:00Z");
const nowS = Math.floor(NOW.getTime() / 1000);
const DAY = 86_400;

const valid = (overrides: Record<string, unknown> = {}) => ({
  advertiserId: 5,
  name: "Holiday banners",
  type: "IMAGE",
  clickDestinationId: 9,
  timezoneId: 805,
  dailyMediaBudget: "250.50",
  startTime: nowS + DAY,
  endTime: nowS + 30 * DAY,
  scheduledTimezoneId: 805,
  dcoAd: false,
  isPlacebo: false,
  sizes: ["300x250", "728x90"],
  ...overrides,
});

function errorsOf(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  return Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join("."), i.message]));
}

const create = creativeSetSchema({ mode: "create", now: NOW });

test("a valid form parses to stored values: money as exact text, times as ISO, never ending as null", () => {
  const out = create.parse(valid({ endTime: -1, dailyMediaBudget: "0.000001" }));
  expect(out).toMatchObject({ name: "Holiday banners", type: "IMAGE", dailyMediaBudget: "0.000001", endTime: null, sizes: ["300x250", "728x90"] });
  expect(out.startTime).toBe(new Date((nowS + DAY) * 1000).toISOString());
});

test("start immediately (-1) is the clock of the save", () => {
  expect(create.parse(valid({ startTime: -1 })).startTime).toBe(NOW.toISOString());
});

test.each([
  ["name", "", M.nameRequired],
  ["name", "x".repeat(101), M.nameTooLong],
  ["advertiserId", null, M.advertiserRequired],
  ["type", "BANNER", M.typeRequired],
  ["type", "", M.typeRequired],
  ["clickDestinationId", "abc", M.clickDestinationInvalid],
  ["clickDestinationId", null, M.clickDestinationRequired],
  ["clickDestinationId", "", M.clickDestinationRequired],
  ["clickDestinationId", undefined, M.clickDestinationRequired],
  ["timezoneId", "", M.timezoneRequired],
  ["scheduledTimezoneId", null, M.scheduledTimezoneRequired],
  ["dailyMediaBudget", "0", M.budgetPositive],
  ["dailyMediaBudget", "-3", M.budgetPositive],
  ["dailyMediaBudget", "12,5", M.amountInvalid],
  ["startTime", "", M.startRequired],
  ["startTime", "soon", M.startInvalid],
  ["startTime", nowS - DAY, M.startInPast],
  ["endTime", "", M.endRequired],
  ["endTime", nowS - 60, M.endInPast],
  ["sizes", ["300 by 250"], M.sizeInvalid],
  ["sizes", Array.from({ length: 51 }, (_, i) => `${i + 1}x1`), M.tooManySizes],
])("%s = %j: %s", (field, value, message) => {
  expect(errorsOf(create.safeParse(valid({ [field]: value })))).toMatchObject({ [field]: message });
});

test("a form without a click destination names it beside the field, with the other fields' messages", () => {
  expect(errorsOf(create.safeParse(valid({ name: "", clickDestinationId: undefined })))).toEqual({ clickDestinationId: M.clickDestinationRequired, name: M.nameRequired });
});

test("an end before the start is refused on the end", () => {
  expect(errorsOf(create.safeParse(valid({ startTime: nowS + 2 * DAY, endTime: nowS + DAY })))).toEqual({ endTime: M.endBeforeStart });
});

test("blank daily budget is none; sizes are normalised and kept once", () => {
  const out = create.parse(valid({ dailyMediaBudget: "", sizes: ["300 x 250", "300x250", "728X90"] }));
  expect(out.dailyMediaBudget).toBeNull();
  expect(out.sizes).toEqual(["300x250", "728x90"]);
});

test("edit: a start left as saved may be in the past; a changed one may not", () => {
  const saved = { startTime: new Date((nowS - 10 * DAY) * 1000), endTime: null };
  const edit = creativeSetSchema({ mode: "edit", now: NOW, saved });
  expect(edit.safeParse(valid({ startTime: nowS - 10 * DAY, endTime: -1 })).success).toBe(true);
  expect(errorsOf(edit.safeParse(valid({ startTime: nowS - 5 * DAY, endTime: -1 })))).toEqual({ startTime: M.startInPast });
});

test("reschedule takes the schedule only, with the same messages", () => {
  const reschedule = rescheduleSchema({ mode: "edit", now: NOW, saved: { startTime: null, endTime: null } });
  expect(reschedule.parse({ startTime: nowS + DAY, endTime: -1, scheduledTimezoneId: 44 })).toEqual({
    startTime: new Date((nowS + DAY) * 1000).toISOString(),
    endTime: null,
    scheduledTimezoneId: 44,
  });
  expect(errorsOf(reschedule.safeParse({ startTime: nowS + 2 * DAY, endTime: nowS + DAY, scheduledTimezoneId: "" }))).toEqual({
    endTime: M.endBeforeStart,
    scheduledTimezoneId: M.scheduledTimezoneRequired,
  });
});

test("the 15 types each have a readable label", () => {
  expect(creativeTypeOptions()).toHaveLength(15);
  expect(creativeTypeOptions()).toContainEqual(["THIRD_PARTY_VIDEO_AD_TAGS", "Third-party Video Ad Tags"]);
});
