// scripts/load-dotenv.mjs: the .env reader shared by npm start and the database
// scripts. No database needed; it lives here because jest's roots do not
// include scripts/.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { loadDotEnv, parseDotEnv } from "../../scripts/load-dotenv.mjs";

test("KEY=value lines, export prefixes, quotes and comments", () => {
  const text = [
    "# a comment",
    "",
    "DATABASE_URL=pglite:./.data/pglite",
    "export AUTH_SECRET='s3cret value'",
    'SMTP_URL="smtp://127.0.0.1:2525"  ',
    "LOG_LEVEL=debug # trailing comment",
    "EMPTY=",
    "HASH=\"a#b\"",
    "not a variable line",
  ].join("\n");
  expect(parseDotEnv(text)).toEqual([
    ["DATABASE_URL", "pglite:./.data/pglite"],
    ["AUTH_SECRET", "s3cret value"],
    ["SMTP_URL", "smtp://127.0.0.1:2525"],
    ["LOG_LEVEL", "debug"],
    ["EMPTY", ""],
    ["HASH", "a#b"],
  ]);
});

test("variables already set win over the file; a missing file loads nothing", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "dotenv-"));
  try {
    const file = path.join(dir, ".env");
    fs.writeFileSync(file, "DATABASE_URL=pglite:memory\nPORT=4000\r\nAUTH_SECRET=from-file\n");
    const env: Record<string, string | undefined> = { PORT: "3000", AUTH_SECRET: "" };
    expect(loadDotEnv(file, env)).toEqual(["DATABASE_URL"]);
    expect(env).toEqual({ DATABASE_URL: "pglite:memory", PORT: "3000", AUTH_SECRET: "" });
    expect(loadDotEnv(path.join(dir, "missing.env"), env)).toEqual([]);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
