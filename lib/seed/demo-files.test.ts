// Every demo creative's file is served from public/, so the creative lists and
// previews of a fresh demo show images rather than broken ones.
import fs from "node:fs";
import path from "node:path";
import { ADVERTISERS } from "./blueprints";

const PUBLIC = path.join(__dirname, "../../public");

test("each size of a demo creative set has its file under public/demo/creatives", () => {
  const sizes = new Set(Object.values(ADVERTISERS).flatMap((list) => list.flatMap((a) => a.creativeSets.flatMap((s) => s.sizes.map(([w, h]) => `${w}x${h}`)))));
  expect(sizes.size).toBeGreaterThan(0);
  const missing = [...sizes].filter((size) => !fs.existsSync(path.join(PUBLIC, "demo/creatives", `${size}.svg`)));
  expect(missing).toEqual([]);
});
