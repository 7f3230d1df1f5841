// The e-mail format helper of shell.md 5: local part of letters, digits, _ - . ;
// @ ; a domain ; a top-level part of 2 to 10 letters.
import { isValidEmail } from "./email";

test.each([
  "jane@example.com",
  "Jane.Doe@example.com",
  "jane_doe-1@mail.example.co.uk",
  "j@e.io",
  "a.b-c_d@x-y.museum",
  "user@domain.abcdefghij", // top-level part of 10 letters
])("accepts %s", (email) => {
  expect(isValidEmail(email)).toBe(true);
});

test.each([
  ["no @", "jane.example.com"],
  ["nothing before @", "@example.com"],
  ["no domain", "jane@"],
  ["no top-level part", "jane@example"],
  ["a one-letter top-level part", "jane@example.c"],
  ["an 11-letter top-level part", "jane@example.abcdefghijk"],
  ["digits in the top-level part", "jane@example.c0m"],
  ["a + in the local part", "jane+ads@example.com"],
  ["an apostrophe in the local part", "o'brien@example.com"],
  ["a space", "jane doe@example.com"],
  ["two @", "jane@doe@example.com"],
  ["an empty domain label", "jane@example..com"],
  ["a trailing dot", "jane@example.com."],
])("refuses %s (%s)", (_why, email) => {
  expect(isValidEmail(email)).toBe(false);
});
