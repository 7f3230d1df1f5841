// docs/configuration.md stays true to the code: its table (one row per
// variable, the name in the first cell; a cell may name two, comma-separated)
// lists every variable of lib/env's schema and every variable of
// .env.example, and names nothing that neither of them knows.
import fs from "node:fs";
import path from "node:path";
import { ENV_KEYS, OIDC_SECRET_PREFIX } from ".";

const ROOT = path.join(__dirname, "../..");
const DOC = fs.readFileSync(path.join(ROOT, "docs/configuration.md"), "utf8");
const EXAMPLE = fs.readFileSync(path.join(ROOT, ".env.example"), "utf8");

// Older names the doc names in the row of the variable they stand for.
const ALIASES: Record<string, string> = { NEXTAUTH_URL: "AUTH_URL" };

const NAME = /`([A-Z][A-Z0-9_]*(?:<[A-Z]+>)?)`/g;

function namesIn(text: string): string[] {
  return [...text.matchAll(NAME)].map((m) => m[1]);
}

/** The table's rows by the names of their first cell. */
function tableRows(markdown: string): Map<string, string> {
  const rows = new Map<string, string>();
  for (const line of markdown.split("\n")) {
    if (!line.startsWith("|")) continue;
    const firstCell = line.split("|")[1] ?? "";
    for (const name of namesIn(firstCell)) rows.set(name, line);
  }
  return rows;
}

/** Variables the doc says are read raw, outside lib/env (its "Read raw" paragraph). */
function readRaw(markdown: string): Set<string> {
  const start = markdown.indexOf("Read raw");
  if (start < 0) return new Set();
  const end = markdown.indexOf("\n\n", start);
  return new Set(namesIn(markdown.slice(start, end < 0 ? undefined : end)));
}

const rows = tableRows(DOC);
const raw = readRaw(DOC);
const exampleNames = [...EXAMPLE.matchAll(/^([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1]);

test("the doc's table is found", () => {
  expect(rows.size).toBeGreaterThan(50);
  expect(rows.has("DATABASE_URL")).toBe(true);
  expect(rows.get("TURNSTILE_SECRET_KEY")).toBe(rows.get("TURNSTILE_SITE_KEY"));
  expect(ENV_KEYS.length).toBeGreaterThan(50);
  expect(exampleNames.length).toBeGreaterThan(50);
});

test("every variable of lib/env has its row in docs/configuration.md", () => {
  const missing = ENV_KEYS.filter((key) => {
    if (rows.has(key) || raw.has(key)) return false;
    const aliasOf = ALIASES[key];
    return !(aliasOf && rows.get(aliasOf)?.includes(`\`${key}\``));
  });
  expect(missing).toEqual([]);
});

test("every variable of .env.example has its row in docs/configuration.md", () => {
  expect(exampleNames.filter((name) => !rows.has(name))).toEqual([]);
});

test("every row of docs/configuration.md names a variable lib/env or .env.example knows", () => {
  const known = new Set([...ENV_KEYS, ...exampleNames, `${OIDC_SECRET_PREFIX}<SUBDOMAIN>`]);
  expect([...rows.keys()].filter((name) => !known.has(name))).toEqual([]);
});
