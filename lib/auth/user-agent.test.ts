import { describeUserAgent, UNKNOWN_DEVICE } from "./user-agent";

test("browsers read as 'Browser major on System version'", () => {
  expect(describeUserAgent("Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36")).toBe(
    "Chrome 156 on Linux",
  );
  expect(
    describeUserAgent(
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1",
    ),
  ).toBe("Safari 17 on iOS 17.4");
  expect(describeUserAgent("Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0")).toBe("Firefox 128 on Windows 10");
});

test("anything else: its own short text, or 'Unknown browser'", () => {
  expect(describeUserAgent("curl/8.5.0")).toBe("curl/8.5.0");
  expect(describeUserAgent(`x-agent/${"1".repeat(100)}`)).toHaveLength(60);
  for (const nothing of [null, undefined, "", "   "]) expect(describeUserAgent(nothing)).toBe(UNKNOWN_DEVICE);
});
