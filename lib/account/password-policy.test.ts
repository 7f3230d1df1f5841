import {
  ChangePasswordSchema,
  editDistance,
  newPasswordProblems,
  PASSWORD_MESSAGES as M,
  PASSWORD_SPECIALS,
  passwordSimilarity,
} from "./password-policy";

const OLD = "Zebra#2024";
const GOOD = "Kite@9river";

/** field → every message the schema gives it. */
function messages(input: Record<string, unknown>): Record<string, string[]> {
  const result = ChangePasswordSchema.safeParse(input);
  const out: Record<string, string[]> = {};
  if (result.success) return out;
  for (const issue of result.error.issues) (out[issue.path.join(".")] ??= []).push(issue.message);
  return out;
}

const form = (newPassword: string, overrides: Record<string, unknown> = {}) => ({
  oldPassword: OLD,
  newPassword,
  confirmPassword: newPassword,
  ...overrides,
});

test("a good password passes", () => {
  expect(ChangePasswordSchema.safeParse(form(GOOD)).success).toBe(true);
  expect(newPasswordProblems(GOOD)).toEqual([]);
});

test("the three fields are required, with their own messages", () => {
  expect(messages({ oldPassword: "", newPassword: "", confirmPassword: "" })).toEqual({
    oldPassword: [M.oldRequired],
    newPassword: [M.newRequired],
    confirmPassword: [M.confirmRequired],
  });
  expect(messages({})).toEqual({
    oldPassword: [M.oldRequired],
    newPassword: [M.newRequired],
    confirmPassword: [M.confirmRequired],
  });
});

test.each([
  ["Ab1@xyz", M.tooShort], // 7
  ["Ab1@xyzwvutsrqpo", M.tooLong], // 16
  ["Ab1@ xyzw", M.whitespace],
  ["AB1@XYZW", M.lower],
  ["ab1@xyzw", M.upper],
  ["Abc@xyzw", M.digit],
  ["Abc1xyzw", M.special],
  ["Aa1@Aa1@", M.distinct], // 4 distinct
  ["Abbb1@xyz", M.repeated],
  ["Ab1@xyz*w", M.invalid(["*"])],
  ["Ab1@xyzé<w", M.invalid(["é", "<"])],
])("%p is refused with %p", (password, message) => {
  expect(newPasswordProblems(password)).toContain(message);
  expect(messages(form(password)).newPassword).toContain(message);
});

test("the messages read as the spec words them", () => {
  expect(M.upper).toBe("Password should contain atleast 1 upper case character.");
  expect(M.invalid(["*", "<"])).toBe("Password contains invalid character(s): * <");
});

test("length bounds are inclusive: 8 and 15 characters pass", () => {
  expect(newPasswordProblems("Ab1@cdef")).toEqual([]);
  expect(newPasswordProblems("Ab1@cdefghijklm")).toEqual([]);
});

test("exactly 6 distinct characters pass, and two in a row are fine", () => {
  expect(newPasswordProblems("Aa1@bcAa")).toEqual([]); // A a 1 @ b c
  expect(newPasswordProblems("Aab1@cdd")).toEqual([]);
});

test("every special character of the spec's set counts, and only those", () => {
  for (const c of PASSWORD_SPECIALS) expect(newPasswordProblems(`Abcd12${c}x`)).toEqual([]);
  for (const c of ["*", "&", "=", "<", ">", "'", '"', ";", "|", "`"]) {
    expect(newPasswordProblems(`Abcd12${c}x`)).toContain(M.invalid([c]));
  }
});

test("new and confirmation must match", () => {
  expect(messages(form(GOOD, { confirmPassword: "Kite@9rivers" })).confirmPassword).toEqual([M.mismatch]);
});

test("the new password must differ from the old one", () => {
  expect(messages(form(OLD)).newPassword).toEqual([M.sameAsOld]);
});

describe("similarity to the old password (case-insensitive edit distance)", () => {
  test("edit distance", () => {
    expect(editDistance("kitten", "sitting")).toBe(3);
    expect(editDistance("", "abc")).toBe(3);
    expect(editDistance("abc", "abc")).toBe(0);
  });

  test("similarity = 1 - distance / longer length, ignoring case", () => {
    expect(passwordSimilarity("Abcdefgh", "abcdefgh")).toBe(1);
    expect(passwordSimilarity("abcdefgh", "abcdefgX")).toBe(1 - 1 / 8);
  });

  test("at the threshold 0.75 the password passes; just above, it is refused", () => {
    // 8 characters, 2 changed: 1 - 2/8 = 0.75 → allowed.
    expect(passwordSimilarity("Abcd@123", "Abcd@1XY")).toBe(0.75);
    expect(messages({ oldPassword: "Abcd@123", newPassword: "Abcd@1XY", confirmPassword: "Abcd@1XY" })).toEqual({});
    // 9 characters, 2 changed: 1 - 2/9 ≈ 0.78 → refused.
    expect(messages({ oldPassword: "Abcd@1234", newPassword: "Abcd@12XY", confirmPassword: "Abcd@12XY" }).newPassword).toEqual([
      M.similar,
    ]);
  });

  test("a case change only is 'very similar', not 'the same'", () => {
    expect(messages(form("zEBRA#2024")).newPassword).toEqual([M.similar]);
  });
});
