// The README stays a front page: at most 250 lines, the screenshots of the
// main screens (docs/images, taken by `npm run docs:screenshots`), one line
// per page of docs/ in its map; and no relative link or image in the README
// or docs/ points at a file (or a heading) that is not there.
import fs from "node:fs";
import path from "node:path";

const ROOT = path.join(__dirname, "..", "..");
const DOCS = path.join(ROOT, "docs");
const IMAGES = path.join(DOCS, "images");
const README = path.join(ROOT, "README.md");

const MAX_README_LINES = 250;
/** The screens the README shows, by file name in docs/images. */
const SCREENS = ["sign-in", "home", "advertisers", "campaign-details", "strategies", "strategy-wizard", "creatives", "audiences", "advanced-report"];
/** A picture in the README is downloaded by every reader: kept well under this. */
const MAX_IMAGE_BYTES = 300 * 1024;

function markdownFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return markdownFiles(file);
    return entry.name.endsWith(".md") ? [file] : [];
  });
}

const FILES = [README, ...markdownFiles(DOCS)];
const rel = (file: string) => path.relative(ROOT, file);

/** The text without fenced code blocks and code spans: a link written as code is not a link. */
function prose(markdown: string): string {
  return markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, "").replace(/`[^`\n]*`/g, "");
}

interface Link {
  target: string;
  image: boolean;
}

/** Inline links and images, reference definitions and HTML img/a attributes. */
function linksIn(markdown: string): Link[] {
  const text = prose(markdown);
  const links: Link[] = [];
  for (const m of text.matchAll(/(!?)\[(?:[^\]\\]|\\.)*\]\(\s*<?([^)\s>]+)>?(?:\s+["'(][^)]*)?\)/g)) links.push({ target: m[2], image: m[1] === "!" });
  for (const m of text.matchAll(/^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)/gm)) links.push({ target: m[1], image: false });
  for (const m of text.matchAll(/<(img|a)\s[^>]*?(?:src|href)=["']([^"']+)["']/gi)) links.push({ target: m[2], image: m[1].toLowerCase() === "img" });
  return links;
}

const isExternal = (target: string) => /^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith("//");

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces to hyphens; repeats get -1, -2. */
function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const m of prose(markdown).matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const base = m[1]
      .replace(/<[^>]+>/g, "")
      .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, "")
      .replace(/\s/g, "-");
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count === 0 ? base : `${base}-${count}`);
  }
  return anchors;
}

/** A link that does not resolve: its file is missing, or the heading it names is not in that file. */
function brokenLink(from: string, target: string): string | null {
  if (isExternal(target)) return null;
  const [pathPart, anchor] = target.split("#", 2);
  const file = pathPart === "" ? from : path.resolve(path.dirname(from), decodeURIComponent(pathPart.split("?")[0]));
  if (!fs.existsSync(file)) return `${target}: no such file`;
  if (anchor && file.endsWith(".md") && !anchorsOf(fs.readFileSync(file, "utf8")).has(decodeURIComponent(anchor).toLowerCase())) {
    return `${target}: no heading "#${anchor}" in ${rel(file)}`;
  }
  return null;
}

/** Width and height from a PNG's header (IHDR is always the first chunk). */
function pngSize(file: string): { width: number; height: number } | null {
  const bytes = fs.readFileSync(file);
  if (bytes.length < 24 || bytes.toString("latin1", 1, 4) !== "PNG" || bytes.toString("latin1", 12, 16) !== "IHDR") return null;
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

const readme = fs.readFileSync(README, "utf8");

test(`README.md has at most ${MAX_README_LINES} lines`, () => {
  expect(readme.trimEnd().split("\n").length).toBeLessThanOrEqual(MAX_README_LINES);
});

test.each(FILES.map((file) => [rel(file), file]))("every relative link and image of %s points at a file (and heading) that exists", (_name, file) => {
  const broken = linksIn(fs.readFileSync(file, "utf8"))
    .map((link) => brokenLink(file, link.target))
    .filter((problem): problem is string => problem !== null);
  expect(broken).toEqual([]);
});

test("the README shows a screenshot of each main screen, under its own section", () => {
  expect(readme).toMatch(/^## The console$/m);
  const images = linksIn(readme)
    .filter((link) => link.image)
    .map((link) => link.target);
  for (const screen of SCREENS) expect(images).toContain(`docs/images/${screen}.png`);
});

test.each(SCREENS)(`docs/images/%s.png is a 1440x900 PNG under ${MAX_IMAGE_BYTES / 1024} kB`, (screen) => {
  const file = path.join(IMAGES, `${screen}.png`);
  expect(fs.existsSync(file)).toBe(true);
  expect(pngSize(file)).toEqual({ width: 1440, height: 900 });
  expect(fs.statSync(file).size).toBeLessThan(MAX_IMAGE_BYTES);
});

test("every picture in docs/images is shown somewhere (none left behind by a renamed screen)", () => {
  const shown = new Set(
    FILES.flatMap((file) =>
      linksIn(fs.readFileSync(file, "utf8"))
        .filter((link) => !isExternal(link.target))
        .map((link) => path.resolve(path.dirname(file), link.target.split("#")[0])),
    ),
  );
  const images = fs.existsSync(IMAGES) ? fs.readdirSync(IMAGES).map((name) => path.join(IMAGES, name)) : [];
  expect(images.filter((image) => !shown.has(image)).map(rel)).toEqual([]);
});

test("the README's map of docs/ has one line for each page", () => {
  const map = readme.slice(readme.search(/^## Documentation$/m));
  expect(map.length).toBeLessThan(readme.length);
  const missing = markdownFiles(DOCS)
    .map((file) => path.relative(ROOT, file).split(path.sep).join("/"))
    .filter((page) => map.split("\n").filter((line) => line.startsWith("- ") && line.includes(`](${page})`)).length !== 1);
  expect(missing).toEqual([]);
});
