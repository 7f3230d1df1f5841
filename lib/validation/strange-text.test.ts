// The storable-text rule: a NUL or a lone surrogate is strange; emoji (pairs),
// RTL, zero-width and other control characters are not. Both ways of checking
// surrogates (native isWellFormed, and the regex for older browsers) agree.
import { storableText } from "./strange-text";
const SAMPLES: [string, string, boolean][] = [
  ["empty", "", false],
  ["plain text", "Prospecting EU", false],
  ["emoji (a surrogate pair)", "Sale 😀😀", false],
  ["RTL override and zero-width characters", "\u202Egnp.exe\u200B\u200D\uFEFF", false],
  ["other control characters", "a\u0007b\u001b[31m\t\n", false],
  ["a NUL", "a\u0000b", true],
  ["a lone high surrogate", "ab\uD83D", true],
  ["a lone low surrogate", "\uDE00ab", true],
  ["reversed surrogates", "\uDE00\uD83D", true],
  ["a pair then a lone high surrogate", "😀\uD83D", true],
];

function loadRule(): typeof import("./strange-text") {
  let rule: typeof import("./strange-text") | undefined;
  jest.isolateModules(() => {
    rule = jest.requireActual<typeof import("./strange-text")>("./strange-text");
  });
  return rule!;
}

describe.each([
  ["native isWellFormed", false],
  ["the regex (a browser without isWellFormed)", true],
])("isStrangeText with %s", (_how, withoutNative) => {
  const native = Object.getOwnPropertyDescriptor(String.prototype, "isWellFormed")!;
  let isStrangeText: (text: string) => boolean;
  beforeAll(() => {
    if (withoutNative) delete (String.prototype as { isWellFormed?: unknown }).isWellFormed;
    isStrangeText = loadRule().isStrangeText;
  });
  afterAll(() => Object.defineProperty(String.prototype, "isWellFormed", native));

  test.each(SAMPLES)("%s", (_name, text, strange) => {
    expect(typeof String.prototype.isWellFormed).toBe(withoutNative ? "undefined" : "function");
    expect(isStrangeText(text)).toBe(strange);
  });
});

test("storableText drops NUL and replaces lone surrogates, leaving storable text as it was", () => {
  expect(storableText("a\u0000b\uD800c\uDFFFd")).toBe("ab\uFFFDc\uFFFDd");
  expect(storableText("ok 😀 עברית")).toBe("ok 😀 עברית");
});
