// docs/adding-an-entity.md says an entity is its folders plus one registry line:
// outside its own folders and routes, only the shared files that page lists
// name its declaration. Checked over every registered entity, as the tree is.
import fs from "node:fs";
import path from "node:path";
import { ENTITY_KEYS } from "../contracts/entity";
import { allEntities } from "./registry";

const ROOT = path.join(__dirname, "../..");
const SOURCE_DIRS = ["lib", "components", "app"];
const DOC = fs.readFileSync(path.join(ROOT, "docs/adding-an-entity.md"), "utf8");

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return entry.name === "generated" ? [] : sourceFiles(rel);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [rel] : [];
  });
}
const FILES = SOURCE_DIRS.flatMap(sourceFiles).map((file) => ({ file, text: fs.readFileSync(path.join(ROOT, file), "utf8") }));

/** The shared files the doc's table lists (first column of "The shared files it touches"). */
function documentedSharedFiles(): string[] {
  const section = DOC.split(/^## /m).find((s) => s.startsWith("The shared files it touches")) ?? "";
  return [...section.matchAll(/^\| `([^`]+)` \|/gm)].map((m) => m[1]);
}

/** Each declaration's module (lib/<folder>/entity.ts) and the name it exports. */
const DECLARATIONS = FILES.filter(({ file }) => /^lib\/[^/]+\/entity\.ts$/.test(file) && !file.startsWith("lib/contracts/")).map(({ file, text }) => ({
  file,
  folder: file.split("/")[1],
  exported: /export const (\w+Entity)\b/.exec(text)?.[1],
}));

test("the doc lists at most three shared files, and each exists", () => {
  const shared = documentedSharedFiles();
  expect(shared.length).toBeGreaterThan(0);
  expect(shared.length).toBeLessThanOrEqual(3);
  for (const file of shared) expect({ file, exists: fs.existsSync(path.join(ROOT, file)) }).toEqual({ file, exists: true });
});

test("every registered entity has its declaration module, and ENTITY_KEYS names exactly the registered keys", () => {
  expect(DECLARATIONS.length).toBe(allEntities().length);
  expect([...ENTITY_KEYS].sort()).toEqual(allEntities().map((e) => e.key).sort());
});

test("outside its own folders and routes, only the registry imports an entity's declaration", () => {
  const shared = new Set(documentedSharedFiles());
  const strays: string[] = [];
  for (const { folder, exported } of DECLARATIONS) {
    expect({ folder, exported: Boolean(exported) }).toEqual({ folder, exported: true });
    const routes = allEntities().find((e) => FILES.some((f) => f.file === `lib/${folder}/entity.ts` && f.text.includes(`key: "${e.key}"`)));
    const sections = new Set(Object.values(routes?.routes ?? {}).map((r) => String(r).split("/")[1]));
    const importer = new RegExp(`from "[^"]*${folder}/entity"`);
    for (const { file, text } of FILES) {
      if (!importer.test(text) || file.startsWith(`lib/${folder}/`) || shared.has(file)) continue;
      const section = /^app\/\(console\)\/([^/]+)\//.exec(file)?.[1];
      if (section && sections.has(section)) continue; // its own thin route files
      strays.push(`${file} imports lib/${folder}/entity.ts`);
    }
  }
  expect(strays).toEqual([]);
});
