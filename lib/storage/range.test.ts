// Range headers as players send them, and what each serves of a file.
import { openRangeArguments, parseRangeHeader, resolveByteRange } from "./range";

test.each([
  ["bytes=0-99", { first: 0, last: 99 }],
  ["bytes=100-", { first: 100, last: null }],
  ["bytes=-500", { suffix: 500 }],
  ["bytes = 5 - 9", { first: 5, last: 9 }],
])("%s is one range", (header, expected) => {
  expect(parseRangeHeader(header)).toEqual(expected);
});

test.each([null, "", "bytes=", "bytes=-", "bytes=0-1,5-9", "items=0-9", "bytes=9-5", "bytes=abc", "bytes=99999999999999999999-"])(
  "%j serves the whole file",
  (header) => {
    expect(parseRangeHeader(header)).toBeNull();
  },
);

const servedOf = (size: number, header: string) => resolveByteRange(size, ...openRangeArguments(parseRangeHeader(header)!));

test("resolved against the file's size", () => {
  expect(servedOf(1000, "bytes=0-99")).toEqual({ first: 0, last: 99 });
  expect(servedOf(1000, "bytes=900-5000")).toEqual({ first: 900, last: 999 });
  expect(servedOf(1000, "bytes=990-")).toEqual({ first: 990, last: 999 });
  expect(servedOf(1000, "bytes=-10")).toEqual({ first: 990, last: 999 });
  expect(servedOf(1000, "bytes=-5000")).toEqual({ first: 0, last: 999 });
  expect(servedOf(1000, "bytes=1000-")).toBeNull();
  expect(servedOf(1000, "bytes=-0")).toBeNull();
  expect(servedOf(0, "bytes=0-")).toBeNull();
});
