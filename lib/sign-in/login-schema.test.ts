// The sign-in validation messages of shell.md 5, word for word.
import { LoginSchema, otpCodeSchema } from "./login-schema";

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? [] : result.error!.issues.map((i) => i.message);

test("e-mail and password", () => {
  expect(messages(LoginSchema.safeParse({ email: "", password: "" }))).toEqual(["Email is required", "Password is required"]);
  expect(messages(LoginSchema.safeParse({ email: "jane@", password: "x" }))).toEqual(["Please enter a valid email"]);
  expect(LoginSchema.safeParse({ email: " jane@example.com ", password: "x" }).success).toBe(true);
});

test("the e-mail uses the spec's format helper, not a generic e-mail rule", () => {
  for (const email of ["jane.doe@example.com", "j_d-1@mail.example.co.uk", "a@b.museum"]) {
    expect(messages(LoginSchema.safeParse({ email, password: "x" }))).toEqual([]);
  }
  // Accepted by zod's .email(), refused by shell.md 5's helper.
  for (const email of ["jane+ads@example.com", "o'brien@example.com", "jane@example.abcdefghijk"]) {
    expect(messages(LoginSchema.safeParse({ email, password: "x" }))).toEqual(["Please enter a valid email"]);
  }
  for (const email of ["jane@example", "jane@example.c0m"]) {
    expect(messages(LoginSchema.safeParse({ email, password: "x" }))).toEqual(["Please enter a valid email"]);
  }
});

test("verification code", () => {
  expect(messages(otpCodeSchema(4).safeParse(""))).toEqual(["Please enter the OTP sent to your registered email."]);
  expect(messages(otpCodeSchema(4).safeParse("123"))).toEqual(["Invalid OTP. Please enter all 4 digits of the OTP."]);
  expect(messages(otpCodeSchema(6).safeParse("12345a"))).toEqual(["Invalid OTP. Please enter all 6 digits of the OTP."]);
  expect(otpCodeSchema(4).safeParse("0123").success).toBe(true);
});
