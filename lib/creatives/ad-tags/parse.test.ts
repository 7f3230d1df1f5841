// The tag rules a user meets when pasting or uploading tags: each CSV row is
// checked on its own, with a message per field; the whole file's problems
// (header, nothing in it) are said once.
import { checkAdTagRow, parseAdTagCsv } from "./parse";
import { AD_TAG_MESSAGES, adTagError, STANDARD_VIDEO_AD_TAG_DIMENSIONS } from "./schema";

const SCRIPT_TAG = '<script src="https://ads.example.com/serve.js?id=1,2"></script>';

describe("display tags", () => {
  test.each([
    [SCRIPT_TAG],
    ['<iframe src="https://ads.example.com/f" width="300" height="250"></iframe>'],
    ['<a href="https://shop.example.com"><img src="https://cdn.example.com/b.png"></a>'],
    ["<IMG SRC=https://cdn.example.com/p.gif>"],
  ])("markup is accepted: %s", (tag) => {
    expect(adTagError("display", tag)).toBeNull();
  });

  test.each([["just some text"], ["https://ads.example.com/tag.js"], ["<div>hello</div>"], ["<abbr>x</abbr>"], ["   "]])("no markup is refused: %j", (tag) => {
    expect(adTagError("display", tag)).toBe(tag.trim() ? AD_TAG_MESSAGES.displayMarkup : AD_TAG_MESSAGES.tagRequired);
  });
});

describe("video tags", () => {
  test.each([["https://ads.example.com/vast.xml?cb=1"], ["http://ads.example.com/vast"], ['<VAST version="4.0"></VAST>'], ['<?xml version="1.0"?>\n<VAST version="3.0"/>']])(
    "a VAST link or VAST XML is accepted: %s",
    (tag) => expect(adTagError("video", tag)).toBeNull(),
  );
  test.each([["ftp://ads.example.com/vast.xml"], ["javascript:alert(1)"], ["<html></html>"], ["vast.xml"]])("anything else is refused: %s", (tag) => {
    expect(adTagError("video", tag)).toBe(AD_TAG_MESSAGES.videoTag);
  });
});

test("a CSV with commas and quotes inside tags gives one checked row per record, errors per field", () => {
  const csv = [
    "Name,Width,Height,Tag",
    `Banner,300,250,"${SCRIPT_TAG.replace(/"/g, '""')}"`,
    "No markup,300,250,plain text",
    ",0,2.5,<img src=x>",
    `Big,728,90,"<iframe\nsrc=""https://ads.example.com/f""></iframe>"`,
  ].join("\n");
  const parsed = parseAdTagCsv("display", csv);
  expect(parsed.error).toBeNull();
  expect(parsed.rows.map((r) => [r.line, r.row, r.errors])).toEqual([
    [2, { name: "Banner", width: 300, height: 250, tag: SCRIPT_TAG }, {}],
    [3, null, { tag: AD_TAG_MESSAGES.displayMarkup }],
    [4, null, { name: AD_TAG_MESSAGES.nameRequired, width: AD_TAG_MESSAGES.dimension("Width"), height: AD_TAG_MESSAGES.dimension("Height") }],
    [5, { name: "Big", width: 728, height: 90, tag: '<iframe\nsrc="https://ads.example.com/f"></iframe>' }, {}],
  ]);
  // What was read is shown back even when refused.
  expect(parsed.rows[2].values).toEqual({ name: "", width: "0", height: "2.5", tag: "<img src=x>" });
});

test("the columns may come in any order", () => {
  const parsed = parseAdTagCsv("video", "tag,height,width,name\nhttps://ads.example.com/vast.xml,360,640,Pre-roll");
  expect(parsed.rows[0].row).toEqual({ name: "Pre-roll", width: 640, height: 360, tag: "https://ads.example.com/vast.xml" });
});

test.each([
  ["name,width,tag\nA,1,<img src=x>", "The first line must name the columns: name,width,height,tag"],
  ["name,width,height,tag\n", "The file has no tags under its header line"],
  ['name,width,height,tag\n"unterminated,1,1,x', expect.stringMatching(/^The file is not a readable CSV: /)],
])("a file that cannot be read says so once: %j", (csv, error) => {
  expect(parseAdTagCsv("display", csv)).toEqual({ rows: [], error });
});

test("a single pasted tag is one row checked by the same rules", () => {
  expect(checkAdTagRow("video", { name: "Spot", width: 640, height: 480, tag: "<VAST version='4.0'/>" }, 1).errors).toEqual({});
  expect(checkAdTagRow("video", { name: "Spot", width: -1, height: "x", tag: "nope" }, 1).errors).toEqual({
    width: AD_TAG_MESSAGES.dimension("Width"),
    height: AD_TAG_MESSAGES.dimension("Height"),
    tag: AD_TAG_MESSAGES.videoTag,
  });
});

test("the standard video sizes are the ones the form offers", () => {
  expect(STANDARD_VIDEO_AD_TAG_DIMENSIONS.map((d) => `${d.width}x${d.height}`)).toEqual([
    "640x480", "640x360", "1280x720", "1920x1080", "480x320", "320x480", "300x250", "400x300",
  ]);
});
