import { generateCode, hashCode, otpConfig } from "./otp";

test("code length and validity come from configuration: 6 digits and 300 s by default", () => {
  expect(otpConfig({})).toEqual({ length: 6, validitySeconds: 300 });
  expect(otpConfig({ OTP_LENGTH: "4", OTP_VALIDITY_SECONDS: "120" })).toEqual({ length: 4, validitySeconds: 120 });
  // Unusable values fall back rather than lock everyone out.
  expect(otpConfig({ OTP_LENGTH: "2", OTP_VALIDITY_SECONDS: "0" })).toEqual({ length: 6, validitySeconds: 300 });
  expect(otpConfig({ OTP_LENGTH: "4.5", OTP_VALIDITY_SECONDS: "abc" })).toEqual({ length: 6, validitySeconds: 300 });
});

test("codes are digit strings of the exact length, leading zeros kept", () => {
  const codes = Array.from({ length: 500 }, () => generateCode(4));
  expect(codes.every((c) => /^\d{4}$/.test(c))).toBe(true);
  // Random, not a counter or a constant.
  expect(new Set(codes).size).toBeGreaterThan(400);
  expect(generateCode(8)).toMatch(/^\d{8}$/);
});

test("a code's hash is bound to its challenge", () => {
  expect(hashCode("attempt-a", "1234")).toBe(hashCode("attempt-a", "1234"));
  expect(hashCode("attempt-a", "1234")).not.toBe(hashCode("attempt-b", "1234"));
  expect(hashCode("attempt-a", "1234")).not.toBe(hashCode("attempt-a", "1235"));
});
