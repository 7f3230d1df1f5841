import { nextSlotAfter, runWindow, scheduleText } from "./slots";
import { ScheduleSchema, WEEKDAY_LABELS } from "./schema";

const daily = { frequency: "DAILY" as const, timeOfDay: "09:00", dayOfWeek: null, dayOfMonth: null };

describe("nextSlotAfter", () => {
  it("fires at the local time in the template's timezone (Asia/Kolkata is UTC+05:30)", () => {
    expect(nextSlotAfter(daily, "Asia/Kolkata", new Date("2026-03-01T00:00:00Z")).toISOString()).toBe("2026-03-01T03:30:00.000Z");
    // Just after today's slot: tomorrow's.
    expect(nextSlotAfter(daily, "Asia/Kolkata", new Date("2026-03-01T03:30:00Z")).toISOString()).toBe("2026-03-02T03:30:00.000Z");
  });

  it("keeps 09:00 local across a DST change (America/Los_Angeles, 8 March 2026)", () => {
    expect(nextSlotAfter(daily, "America/Los_Angeles", new Date("2026-03-07T18:00:00Z")).toISOString()).toBe("2026-03-08T16:00:00.000Z");
    expect(nextSlotAfter(daily, "America/Los_Angeles", new Date("2026-03-06T18:00:00Z")).toISOString()).toBe("2026-03-07T17:00:00.000Z");
  });

  it("runs weekly on the chosen weekday and monthly on the chosen day", () => {
    const weekly = { ...daily, frequency: "WEEKLY" as const, dayOfWeek: 1 }; // Monday
    // Thursday 26 November 2026 -> Monday 30 November.
    expect(nextSlotAfter(weekly, "UTC", new Date("2026-11-26T12:00:00Z")).toISOString()).toBe("2026-11-30T09:00:00.000Z");
    const monthly = { ...daily, frequency: "MONTHLY" as const, dayOfMonth: 1 };
    expect(nextSlotAfter(monthly, "UTC", new Date("2026-11-26T12:00:00Z")).toISOString()).toBe("2026-12-01T09:00:00.000Z");
    expect(nextSlotAfter(monthly, "UTC", new Date("2026-12-01T08:59:00Z")).toISOString()).toBe("2026-12-01T09:00:00.000Z");
  });
});

describe("runWindow", () => {
  it("covers as many days as the saved range, ending the day before the slot's local day", () => {
    // Saved as a 7-day range; the slot is 09:00 on 30 Nov in Kolkata.
    expect(runWindow({ from: "2026-01-01", to: "2026-01-07" }, "Asia/Kolkata", new Date("2026-11-30T03:30:00Z"))).toEqual({ from: "2026-11-23", to: "2026-11-29" });
    // 23:30 UTC on 29 Nov is already 30 Nov in Kolkata, still 29 Nov in UTC.
    expect(runWindow({ from: "2026-01-01", to: "2026-01-01" }, "Asia/Kolkata", new Date("2026-11-29T23:30:00Z"))).toEqual({ from: "2026-11-29", to: "2026-11-29" });
    expect(runWindow({ from: "2026-01-01", to: "2026-01-01" }, "UTC", new Date("2026-11-29T23:30:00Z"))).toEqual({ from: "2026-11-28", to: "2026-11-28" });
  });
});

describe("ScheduleSchema", () => {
  const parse = (input: object) => ScheduleSchema.safeParse({ frequency: "DAILY", timeOfDay: "09:00", recipients: "a@example.com", ...input });
  const messages = (input: object) => {
    const r = parse(input);
    return r.success ? [] : r.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
  };

  it("accepts recipients typed with commas, spaces or newlines, lower-cased and unique", () => {
    const r = parse({ recipients: "A@Example.com, b@example.com\nA@example.com" });
    expect(r.success && r.data.recipients).toEqual(["a@example.com", "b@example.com"]);
  });

  it("refuses a bad time, a missing weekday or day of month, and bad or missing recipients", () => {
    expect(messages({ timeOfDay: "24:00" })).toEqual(["timeOfDay: Enter a time as HH:mm (00:00 to 23:59)"]);
    expect(messages({ frequency: "WEEKLY" })).toEqual(["dayOfWeek: Choose the day of the week"]);
    expect(messages({ frequency: "MONTHLY", dayOfMonth: 31 })[0]).toMatch(/^dayOfMonth/);
    expect(messages({ recipients: "" })).toEqual(["recipients: Add at least one recipient"]);
    expect(messages({ recipients: "a@example.com, not-an-email" })).toEqual(["recipients: Please enter a valid email: not-an-email"]);
  });

  it("keeps only the day field of the chosen frequency", () => {
    const r = parse({ frequency: "WEEKLY", dayOfWeek: 3, dayOfMonth: 12 });
    expect(r.success && [r.data.dayOfWeek, r.data.dayOfMonth]).toEqual([3, null]);
    expect(r.success && scheduleText(r.data, WEEKDAY_LABELS)).toBe("Weekly on Wednesday at 09:00");
  });
});
