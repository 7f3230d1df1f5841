// The user's timezone and date range: defaults, resolution in the timezone,
// and saving a range per user.
import { db } from "@/lib/db";
import { getUserDateRangeSettings, getUserTimeSettings } from "@/lib/user-settings/queries";
import { saveDateRange } from "@/lib/user-settings/mutations";
import { todayIn } from "@/lib/user-settings/date-range";
import { useTestDatabase } from "../helpers/db";
import { makeTenant, makeUser, ctxFor } from "../helpers/factories";

useTestDatabase();

beforeEach(async () => {
  await db.timezone.createMany({
    data: [
      { id: 805, name: "UTC", ianaName: "UTC" },
      { id: 804, name: "(GMT-05:00) America/New_York", ianaName: "America/New_York" },
    ],
  });
});

test("without settings: UTC (805) and the last 7 days ending yesterday", async () => {
  const { ctx } = await makeTenant("RW");
  const now = new Date("2024-03-15T02:00:00Z");
  const { settings, stored } = await getUserDateRangeSettings(ctx, now);
  expect(stored).toEqual({ preset: "last7" });
  expect(settings).toEqual({ timezoneId: 805, timezoneName: "UTC", iana: "UTC", range: { from: "2024-03-08", to: "2024-03-14", timezoneId: 805 } });
  const live = await getUserTimeSettings(ctx);
  expect(live.range.to < todayIn("UTC")).toBe(true);
});

test("the user's timezone decides which day is yesterday", async () => {
  const { ctx } = await makeTenant("RW");
  await db.userSettings.create({ data: { userId: ctx.userId, timezoneId: 804, dateRange: { preset: "yesterday" } } });
  const { settings } = await getUserDateRangeSettings(ctx, new Date("2024-03-15T02:00:00Z")); // 14 March, 22:00 in New York
  expect(settings.range).toEqual({ from: "2024-03-13", to: "2024-03-13", timezoneId: 804 });
  expect(settings.iana).toBe("America/New_York");
});

test("an unknown timezone id falls back to UTC", async () => {
  const { ctx } = await makeTenant("RW");
  await db.userSettings.create({ data: { userId: ctx.userId, timezoneId: 9999 } });
  expect((await getUserTimeSettings(ctx)).timezoneId).toBe(805);
});

test("saving a range keeps it for that user only; invalid ranges are refused", async () => {
  const { ctx, licensee } = await makeTenant("RO"); // any role may choose its own date range
  const other = await ctxFor((await makeUser("other@example.com", [{ licenseeId: licensee.id, role: "RW" }])).id, licensee.id);
  await saveDateRange(ctx, { preset: "custom", from: "2024-01-01", to: "2024-01-31" });
  expect((await getUserTimeSettings(ctx)).range).toEqual({ from: "2024-01-01", to: "2024-01-31", timezoneId: 805 });
  await saveDateRange(ctx, { preset: "last30" });
  expect((await getUserDateRangeSettings(ctx)).stored).toEqual({ preset: "last30" });
  expect((await getUserDateRangeSettings(other)).stored).toEqual({ preset: "last7" });
  await expect(saveDateRange(ctx, { preset: "custom", from: "2024-02-01", to: "2024-01-01" })).rejects.toThrow();
  await expect(saveDateRange(ctx, { preset: "custom", from: "2024-01-01'; --", to: "2024-01-02" })).rejects.toThrow();
  expect((await getUserDateRangeSettings(ctx)).stored).toEqual({ preset: "last30" });
});
