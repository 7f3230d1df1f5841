// Signed folder tokens: what they grant, for how long, and that nothing else verifies.
import { signedFolderOf, signedFolderUrl, signedUrlOf, signFolder, verifyFolderToken } from "./signed";

const UUID = "0b8a7a2e-6f0e-4d5b-9a34-3c2d1e0f9a8b";
const NOW = new Date("2026-11-26T12:00:30Z");
const nowSeconds = NOW.getTime() / 1000;

test("a key is signed for its upload folder, HTML5 sub-folders included", () => {
  expect(signedFolderOf(`creatives/7/12/${UUID}/index.html`)).toBe(`creatives/7/12/${UUID}`);
  expect(signedFolderOf(`creatives/7/12/${UUID}/banner/index.html`)).toBe(`creatives/7/12/${UUID}`);
  expect(signedFolderOf(`images/7/12/LOGO/${UUID}/logo.png`)).toBe(`images/7/12/LOGO/${UUID}`);
  expect(signedFolderOf("creatives/7/12/x/a.png")).toBe("creatives/7/12/x");
  expect(() => signedFolderOf("creatives/7/a.png")).toThrow(RangeError);
  expect(() => signedFolderOf("creatives/../a.png")).toThrow();
});

test("the URL carries a token for the folder, valid about an hour, then the key", () => {
  const url = signedFolderUrl(`creatives/7/12/${UUID}/index.html`, { now: NOW });
  const match = /^\/api\/files\/signed\/([A-Za-z0-9_-]+)\/(.+)$/.exec(url)!;
  expect(match[2]).toBe(`creatives/7/12/${UUID}/index.html`);
  expect(verifyFolderToken(match[1], NOW)).toBe(`creatives/7/12/${UUID}`);
  expect(verifyFolderToken(match[1], new Date(NOW.getTime() + 3599_000))).toBe(`creatives/7/12/${UUID}`);
  expect(verifyFolderToken(match[1], new Date(NOW.getTime() + 4200_000))).toBeNull();
  // Drawn again a minute later: the same URL (cacheable).
  expect(signedFolderUrl(`creatives/7/12/${UUID}/index.html`, { now: new Date(NOW.getTime() + 60_000) })).toBe(url);
  const short = signedFolderUrl(`creatives/7/12/${UUID}/a.png`, { now: NOW, ttlSeconds: 60 });
  expect(verifyFolderToken(short.split("/")[4], new Date(NOW.getTime() + 700_000))).toBeNull();
});

test("altered, truncated, re-spelled or foreign tokens verify to nothing", () => {
  const token = signFolder("creatives/7/12/x", nowSeconds + 600);
  expect(verifyFolderToken(token, NOW)).toBe("creatives/7/12/x");
  const raw = Buffer.from(token, "base64url");
  for (const at of [0, 1, 7, raw.length - 1]) {
    const altered = Buffer.from(raw);
    altered[at] ^= 1;
    expect(verifyFolderToken(altered.toString("base64url"), NOW)).toBeNull();
  }
  // Another folder's signature on this folder's bytes.
  const other = Buffer.from(signFolder("creatives/7/12/y", nowSeconds + 600), "base64url");
  expect(verifyFolderToken(Buffer.concat([raw.subarray(0, raw.length - 16), other.subarray(other.length - 16)]).toString("base64url"), NOW)).toBeNull();
  expect(verifyFolderToken(token.slice(0, -4), NOW)).toBeNull();
  expect(verifyFolderToken(token + "=", NOW)).toBeNull();
  expect(verifyFolderToken("", NOW)).toBeNull();
  expect(verifyFolderToken("not a token", NOW)).toBeNull();
  expect(verifyFolderToken(signFolder("creatives/7/12/x", nowSeconds), NOW)).toBeNull(); // expires now
});

test("a token signed under another AUTH_SECRET is refused", () => {
  const token = signFolder("creatives/7/12/x", nowSeconds + 600);
  const saved = process.env.AUTH_SECRET;
  process.env.AUTH_SECRET = "another-secret-".repeat(3);
  try {
    expect(verifyFolderToken(token, NOW)).toBeNull();
  } finally {
    if (saved === undefined) delete process.env.AUTH_SECRET;
    else process.env.AUTH_SECRET = saved;
  }
});

test("signedUrlOf signs stored files' URLs and leaves others alone", () => {
  expect(signedUrlOf(`/api/files/creatives/7/12/${UUID}/index.html`, { now: NOW })).toBe(signedFolderUrl(`creatives/7/12/${UUID}/index.html`, { now: NOW }));
  expect(signedUrlOf("https://cdn.example/ad.html")).toBe("https://cdn.example/ad.html");
  expect(signedUrlOf(null)).toBeNull();
});
