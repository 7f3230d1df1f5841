// Unpacking HTML5 archives safely: names, links, caps, the main HTML.
import { zipSync, type Zippable } from "fflate";
import { adSize, findMainHtml, unpackHtml5, type Html5Limits } from "./html5-zip";

const text = (s: string) => new TextEncoder().encode(s);
const LIMITS: Html5Limits = { maxEntries: 500, maxBytes: 30 * 1024 * 1024, maxRatio: 100 };

async function refusal(files: Zippable, limits = LIMITS): Promise<string> {
  try {
    await unpackHtml5(zipSync(files), limits);
  } catch (e) {
    return (e as Error).message;
  }
  throw new Error("the archive was accepted");
}

test("index.html at the root is the main HTML; every other entry is kept, archive noise skipped", async () => {
  const archive = await unpackHtml5(
    zipSync({ "index.html": text("<p>ad</p>"), "img/a.png": text("x"), "other.html": text(""), "__MACOSX/._index.html": text(""), ".DS_Store": text("") }),
    LIMITS,
  );
  expect(archive.htmlEntry).toBe("index.html");
  expect(archive.entries.map((e) => e.path).sort()).toEqual(["img/a.png", "index.html", "other.html"]);
  expect(new TextDecoder().decode(archive.entries.find((e) => e.path === "index.html")!.bytes)).toBe("<p>ad</p>");
});

test("without a root index.html, the only HTML file; none or several is an error", async () => {
  expect(findMainHtml(["banner/main.htm", "banner/a.js"])).toBe("banner/main.htm");
  expect(findMainHtml(["sub/index.html", "sub/other.html"])).toBeNull();
  expect(await refusal({ "a.html": text(""), "b.html": text("") })).toBe(
    "unsupported type: the archive needs an index.html at its root (or exactly one HTML file)",
  );
  expect(await refusal({ "a.js": text("") })).toMatch(/needs an index.html/);
});

test.each([
  ["../evil.html", "points outside the archive"],
  ["a/../../evil.html", "points outside the archive"],
  ["/etc/evil.html", "has an absolute path"],
  ["C:/evil.html", "has an absolute path"],
  ["a\\..\\evil.html", "has a backslash in its path"],
  ["my banner.html", 'has characters other than letters, digits, ".", "-" and "_"'],
])("entry %j is refused", async (name, why) => {
  expect(await refusal({ "index.html": text(""), [name]: text("x") })).toBe(`unsupported type: the archive entry "${name}" ${why}`);
});

test("a symbolic link (Unix mode in the directory) is refused", async () => {
  const files: Zippable = { "index.html": text(""), "link.html": [text("/etc/passwd"), { os: 3, attrs: (0o120777 << 16) >>> 0 }] };
  expect(await refusal(files)).toBe('unsupported type: the archive entry "link.html" is a symbolic link');
  // A regular Unix file is fine.
  await expect(unpackHtml5(zipSync({ "index.html": [text(""), { os: 3, attrs: (0o100644 << 16) >>> 0 }] }), LIMITS)).resolves.toMatchObject({ htmlEntry: "index.html" });
});

test("caps: entry count, total uncompressed size and expansion ratio", async () => {
  const many: Zippable = { "index.html": text("") };
  for (let i = 0; i < 5; i++) many[`f${i}.js`] = text("x");
  expect(await refusal(many, { ...LIMITS, maxEntries: 5 })).toBe("unsupported type: the archive has 6 entries, more than 5");

  const big = new Uint8Array(3 * 1024 * 1024); // zeros: compresses to a few KB
  expect(await refusal({ "index.html": text(""), "big.bin": big }, { ...LIMITS, maxBytes: 2 * 1024 * 1024, maxRatio: 100_000 })).toBe(
    "unsupported type: the archive expands to more than 2097152 bytes",
  );
  expect(await refusal({ "index.html": text(""), "big.bin": big }, LIMITS)).toBe(
    "unsupported type: the archive expands more than 100 times its size (a zip bomb?)",
  );
});

test("not a ZIP, and the ad.size meta", async () => {
  await expect(unpackHtml5(text("hello"), LIMITS)).rejects.toThrow("unsupported type: the file is not a readable ZIP archive");
  expect(adSize('<head><meta name="ad.size" content="width=300,height=250"></head>')).toEqual({ width: 300, height: 250 });
  expect(adSize("<head></head>")).toEqual({ width: 0, height: 0 });
});
