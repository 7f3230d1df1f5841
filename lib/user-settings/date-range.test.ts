import { daysOf, parseStoredDateRange, resolveDateRange, storedDateRangeSchema, todayIn } from "./date-range";

describe("date range presets (relative to today in the user's timezone)", () => {
  const today = "2024-03-15";
  test.each([
    [undefined, "2024-03-08", "2024-03-14"], // default: last 7 days ending yesterday
    [{ preset: "last7" as const }, "2024-03-08", "2024-03-14"],
    [{ preset: "yesterday" as const }, "2024-03-14", "2024-03-14"],
    [{ preset: "last30" as const }, "2024-02-14", "2024-03-14"],
    [{ preset: "thisMonth" as const }, "2024-03-01", "2024-03-15"],
    [{ preset: "lastMonth" as const }, "2024-02-01", "2024-02-29"],
    [{ preset: "custom" as const, from: "2023-12-30", to: "2024-01-02" }, "2023-12-30", "2024-01-02"],
  ])("%p → %s .. %s", (stored, from, to) => {
    expect(resolveDateRange(stored, today)).toEqual({ from, to });
  });

  test("last 7 days spans exactly 7 days across a month end", () => {
    const r = resolveDateRange({ preset: "last7" }, "2024-03-01");
    expect(r).toEqual({ from: "2024-02-23", to: "2024-02-29" });
    expect(daysOf(r.from, r.to)).toHaveLength(7);
  });

  test("today depends on the timezone", () => {
    const now = new Date("2024-03-15T02:00:00Z");
    expect(todayIn("UTC", now)).toBe("2024-03-15");
    expect(todayIn("America/New_York", now)).toBe("2024-03-14");
    expect(todayIn("Asia/Tokyo", new Date("2024-03-14T16:00:00Z"))).toBe("2024-03-15");
  });

  test("custom ranges are validated; anything unreadable in the database falls back to last 7 days", () => {
    expect(storedDateRangeSchema.safeParse({ preset: "custom", from: "2024-03-10", to: "2024-03-01" }).success).toBe(false);
    expect(storedDateRangeSchema.safeParse({ preset: "custom", from: "2024-02-30", to: "2024-03-01" }).success).toBe(false);
    expect(storedDateRangeSchema.safeParse({ preset: "custom", from: "2020-01-01", to: "2024-03-01" }).success).toBe(false);
    expect(storedDateRangeSchema.safeParse({ preset: "tomorrow" }).success).toBe(false);
    expect(parseStoredDateRange({ preset: "custom", from: "x" })).toEqual({ preset: "last7" });
    expect(parseStoredDateRange(null)).toEqual({ preset: "last7" });
    expect(parseStoredDateRange({ preset: "last30" })).toEqual({ preset: "last30" });
  });

  test("daysOf lists every day inclusive, over DST changes", () => {
    expect(daysOf("2024-03-09", "2024-03-11")).toEqual(["2024-03-09", "2024-03-10", "2024-03-11"]);
    expect(daysOf("2024-10-26", "2024-10-28")).toHaveLength(3);
    expect(daysOf("2024-03-02", "2024-03-01")).toEqual([]);
  });
});
