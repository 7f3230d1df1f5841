// Loads KEY=value lines of a .env file into an environment object (process.env
// by default). A variable that is already set wins over the file, so the shell,
// the container or CI can always override it. Used by start.mjs and by the
// database scripts run directly with tsx (migrate, db-reset, seed, link-sso),
// so every entry point sees the same configuration.
//
// Deliberately small: `KEY=value`, an optional `export ` prefix, blank lines
// and # comments; a value may be wrapped in matching single or double quotes.
// No variable expansion, no multi-line values.
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const LINE = /^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*?)\s*$/;

/** Parses .env text into [key, value] pairs, in file order. */
export function parseDotEnv(text) {
  const pairs = [];
  for (const line of text.split(/\r?\n/)) {
    if (/^\s*(#|$)/.test(line)) continue;
    const m = line.match(LINE);
    if (!m) continue;
    let value = m[2];
    const quoted = value.match(/^(["'])(.*)\1$/);
    if (quoted) value = quoted[2];
    else value = value.replace(/\s+#.*$/, ""); // an unquoted value ends at a comment
    pairs.push([m[1], value]);
  }
  return pairs;
}

/**
 * Sets the variables of `file` that `env` does not have yet; returns their
 * names. A missing file is not an error (production passes real variables).
 */
export function loadDotEnv(file = path.join(root, ".env"), env = process.env) {
  if (!fs.existsSync(file)) return [];
  const loaded = [];
  for (const [key, value] of parseDotEnv(fs.readFileSync(file, "utf8"))) {
    if (env[key] !== undefined) continue;
    env[key] = value;
    loaded.push(key);
  }
  return loaded;
}
