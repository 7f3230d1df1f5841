// `npm run check:shape`: the code's shape, checked in CI beside lint.
// 1. Dependency rules (.dependency-cruiser.cjs): app above components above lib,
//    components/ui free of the console, no import circles, contracts low and
//    registries high.
// 2. Floors: every lib folder (and top-level lib file) is a room; rooms must
//    stand on floors, each importing only rooms below it. The few imports
//    that run back up a floor are listed, each with its reason, in
//    docs/architecture.md ("Imports that run back up"); any other import that
//    closes a loop between rooms fails, as does a listed one that is gone.
// 3. Copies: the copy-paste detector finds no block of six lines (and 60
//    tokens: more than a module's list of imports) or more repeated as it is,
//    in the source (.jscpd.json) or in the tests and their helpers.
import { execFileSync, spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";

const MAX_BACK_UP = 10;
const TEST_COPY_PERCENT = 0;
const TEST_COPIES = ["tests", "lib", "components", "--pattern", "{tests/**/*.ts,**/*.test.ts,**/*.test.tsx}", "--format", "typescript,tsx", "--min-lines", "6", "--min-tokens", "60", "--ignore", "**/lib/generated/**,**/node_modules/**,**/tests/fixtures/**", "--reporters", "console", "--silent", "--threshold", String(TEST_COPY_PERCENT)];
const ROOTS = ["lib", "app", "components", "proxy.ts", "instrumentation.ts"];
const bin = (name) => `node_modules/.bin/${name}`;
let failed = false;
const fail = (message) => {
  failed = true;
  console.error(message);
};

const cruise = JSON.parse(
  execFileSync(bin("depcruise"), [...ROOTS, "--config", ".dependency-cruiser.cjs", "--output-type", "json"], { maxBuffer: 256 * 1024 * 1024 }).toString(),
);

for (const v of cruise.summary.violations) fail(`${v.rule.name}: ${v.from} → ${v.to}${v.cycle ? ` (circle: ${v.cycle.map((c) => c.name ?? c).join(" → ")})` : ""}`);

/** A room: a folder directly under lib, a file directly under lib, or a top-level folder or file. */
function roomOf(path) {
  const parts = path.split("/");
  if (parts[0] === "lib") return parts.length > 2 ? `lib/${parts[1]}` : path;
  return parts[0];
}

const allowed = backUpImports(readFileSync("docs/architecture.md", "utf8"));
if (allowed.length > MAX_BACK_UP) fail(`docs/architecture.md lists ${allowed.length} imports that run back up; at most ${MAX_BACK_UP}.`);

const edges = new Map(); // "roomA roomB" → [file → file]
const fileEdges = new Set();
for (const source of cruise.modules) {
  for (const dep of source.dependencies) {
    if (dep.coreModule || dep.couldNotResolve || /node_modules|lib\/generated/.test(dep.resolved)) continue;
    fileEdges.add(`${source.source} ${dep.resolved}`);
    const [from, to] = [roomOf(source.source), roomOf(dep.resolved)];
    if (from === to || allowed.some((a) => a.from === source.source && a.to === dep.resolved)) continue;
    const key = `${from} ${to}`;
    edges.set(key, [...(edges.get(key) ?? []), `${source.source} → ${dep.resolved}`]);
  }
}
for (const a of allowed) if (!fileEdges.has(`${a.from} ${a.to}`)) fail(`docs/architecture.md lists ${a.from} → ${a.to}, which no longer exists: remove it.`);

for (const loop of roomLoops(edges)) {
  fail(`These rooms import each other (only the imports listed in docs/architecture.md may run back up):`);
  for (const [key, imports] of edges) {
    const [from, to] = key.split(" ");
    if (loop.has(from) && loop.has(to)) for (const i of imports.slice(0, 4)) console.error(`  ${i}${imports.length > 4 ? ` (and ${imports.length - 4} more ${from} → ${to})` : ""}`);
  }
}

const copies = spawnSync(bin("jscpd"), ["--config", ".jscpd.json"], { stdio: "inherit" });
if (copies.status !== 0) fail("The copy-paste detector found repeated blocks in the source (above).");
const testCopies = spawnSync(bin("jscpd"), TEST_COPIES, { stdio: "inherit" });
if (testCopies.status !== 0) fail("The copy-paste detector found repeated blocks in the tests (above).");

if (failed) process.exit(1);
console.log(`shape: dependency rules kept, rooms on floors (${allowed.length} listed imports run back up), no copies.`);

/** The `from` → `to` pairs of the architecture doc's table of imports that run back up. */
function backUpImports(markdown) {
  const section = markdown.split(/^## /m).find((s) => s.startsWith("Imports that run back up"));
  if (!section) return [];
  return [...section.matchAll(/^\|\s*`([^`]+)`\s*→\s*`([^`]+)`\s*\|/gm)].map(([, from, to]) => ({ from, to }));
}

/** The rooms that sit in a loop, one set per loop (strongly connected components of more than one room). */
function roomLoops(edgeMap) {
  const next = new Map();
  for (const key of edgeMap.keys()) {
    const [from, to] = key.split(" ");
    next.set(from, [...(next.get(from) ?? []), to]);
    if (!next.has(to)) next.set(to, []);
  }
  let counter = 0;
  const index = new Map(), low = new Map(), stack = [], onStack = new Set(), loops = [];
  const visit = (room) => {
    index.set(room, counter);
    low.set(room, counter++);
    stack.push(room);
    onStack.add(room);
    for (const to of next.get(room)) {
      if (!index.has(to)) {
        visit(to);
        low.set(room, Math.min(low.get(room), low.get(to)));
      } else if (onStack.has(to)) low.set(room, Math.min(low.get(room), index.get(to)));
    }
    if (low.get(room) !== index.get(room)) return;
    const loop = new Set();
    let member;
    do {
      member = stack.pop();
      onStack.delete(member);
      loop.add(member);
    } while (member !== room);
    if (loop.size > 1) loops.push(loop);
  };
  for (const room of next.keys()) if (!index.has(room)) visit(room);
  return loops;
}
