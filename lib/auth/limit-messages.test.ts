import { LIMIT_MESSAGES, timeText, waitText } from "./limit-messages";

const NOW = new Date("2026-03-01T10:00:00Z");
const later = (ms: number) => new Date(NOW.getTime() + ms);

test("waits are rounded up, so nobody comes back too early", () => {
  expect(waitText(later(1), NOW)).toBe("1 minute");
  expect(waitText(later(60_001), NOW)).toBe("2 minutes");
  expect(waitText(later(15 * 60_000), NOW)).toBe("15 minutes");
  expect(waitText(later(119 * 60_000), NOW)).toBe("119 minutes");
  expect(waitText(later(150 * 60_000), NOW)).toBe("3 hours");
});

test("the block of code entry ends at a time in the user's timezone, in the app's format", () => {
  expect(timeText(later(24 * 3600_000), "Asia/Kolkata")).toBe("2 Mar 2026 15:30:00 (Asia/Kolkata)");
  expect(LIMIT_MESSAGES.codeEntryBlocked(later(3600_000), "UTC")).toBe(
    "Too many incorrect verification codes. Code entry for this account is blocked until 1 Mar 2026 11:00:00 (UTC).",
  );
  expect(LIMIT_MESSAGES.accountLocked(later(15 * 60_000), NOW)).toBe(
    "Too many failed sign-in attempts. This account is locked: please try again in 15 minutes.",
  );
});
